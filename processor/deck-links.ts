import { rewriteZip, type ZipEntry } from "./zip-rewrite";

/**
 * Takes out of a .pptx (or an .odp in a .pptx's clothes: LibreOffice reads a deck by its content)
 * everything that would make LibreOffice fetch something other than the deck itself: external
 * relationships (an image linked by http:// or file:// URL), URLs where a part should be named,
 * links in SVG images, and XML external entities. The sandbox (processor/sandbox.ts) already
 * gives LibreOffice no network and no other file; this is the second line, so a hostile deck
 * renders without its links rather than counting on the sandbox alone.
 */
export function withoutExternalLinks(deck: Buffer): Buffer {
  return rewriteZip(deck, { wants: isXml, rewrite: rewritePart });
}

const UTF16_LE = Buffer.from([0xff, 0xfe]);
const UTF16_BE = Buffer.from([0xfe, 0xff]);

function isXml({ head }: ZipEntry): boolean {
  if (head.subarray(0, 2).equals(UTF16_LE) || head.subarray(0, 2).equals(UTF16_BE)) return true;
  return /^\s*</.test(head.toString("latin1").replace(/^\xEF\xBB\xBF/, ""));
}

function rewritePart(name: string, content: Buffer): Buffer {
  if (content.subarray(0, 2).equals(UTF16_LE)) {
    return Buffer.concat([UTF16_LE, Buffer.from(rewriteXml(name, content.subarray(2).toString("utf16le")), "utf16le")]);
  }
  if (content.subarray(0, 2).equals(UTF16_BE)) {
    const text = Buffer.from(content.subarray(2)).swap16().toString("utf16le");
    return Buffer.concat([UTF16_BE, Buffer.from(rewriteXml(name, text), "utf16le").swap16()]);
  }
  return Buffer.from(rewriteXml(name, content.toString("utf8")), "utf8");
}

export function rewriteXml(name: string, xml: string): string {
  const withoutEntities = withoutExternalEntities(xml);
  if (name.toLowerCase().endsWith(".rels")) return withoutExternalRelationships(withoutEntities);
  // An SVG may be stored under any name: LibreOffice tells images apart by their bytes.
  if (/<(?:[\w.-]+:)?svg[\s>]/.test(withoutEntities)) return svgWithoutLinks(withoutEntities);
  return odfWithoutLinks(withoutEntities);
}

/** The text an attribute value stands for: character and predefined entity references decoded. */
export function attributeText(raw: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return raw.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(\w+));/gi, (whole, decimal, hex, entity) => {
    if (decimal || hex) {
      const code = Number.parseInt(decimal ?? hex, decimal ? 10 : 16);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return named[entity] ?? whole;
  });
}

/** `<!ENTITY x SYSTEM "file:///…">` would read a file; a DOCTYPE's external subset, fetch one. */
function withoutExternalEntities(xml: string): string {
  return xml
    .replace(/<!ENTITY\s+(%\s+)?([^\s>]+)\s+(?:SYSTEM|PUBLIC)\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi, '<!ENTITY $1$2 "">')
    .replace(
      /<!DOCTYPE(\s+[^\s[>]+)\s+(?:SYSTEM\s+(?:"[^"]*"|'[^']*')|PUBLIC\s+(?:"[^"]*"|'[^']*')\s*(?:"[^"]*"|'[^']*')?)/gi,
      "<!DOCTYPE$1",
    );
}

const ELEMENT =
  /<(?:[\w.-]+:)?Relationship\b(?:[^>"']|"[^"]*"|'[^']*')*?(?:\/>|>[\s\S]*?<\/(?:[\w.-]+:)?Relationship\s*>)/g;
const ATTRIBUTE = /(\s+)([^\s=/>]+)(\s*=\s*)(?:"([^"]*)"|'([^']*)')/g;

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(ATTRIBUTE)) {
    found.set(match[2] as string, attributeText(match[4] ?? match[5] ?? "").trim());
  }
  return found;
}

const HYPERLINK_TYPE = /\/relationships\/hyperlink$/;
const WEB_LINK = /^(?:https?:|mailto:)/i;

/**
 * A relationship stays when it names a part of the package (no scheme: `../media/image1.png`),
 * or when it is a hyperlink to a web page or an address: the PDF keeps the slide's links, and
 * LibreOffice does not open them. Any other target outside the package is dropped with its
 * element; a slide pointing at it then shows nothing there.
 */
function withoutExternalRelationships(xml: string): string {
  return xml.replace(ELEMENT, (element) => {
    const attrs = attributes(element.slice(0, element.indexOf(">") + 1));
    const target = attrs.get("Target") ?? "";
    const external = /^external$/i.test(attrs.get("TargetMode") ?? "") || target.includes(":");
    if (!external) return element;
    const hyperlink = HYPERLINK_TYPE.test(attrs.get("Type") ?? "") && WEB_LINK.test(target);
    return hyperlink ? element : "";
  });
}

const START_TAG = /<([\w.-]+(?::[\w.-]+)?)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)(\s*\/?>)/g;

/** Rewrites every `href` attribute (any prefix) of every start tag by `keep`. */
function rewriteHrefs(xml: string, keep: (element: string, href: string) => boolean): string {
  return xml.replace(START_TAG, (_tag, element: string, attrs: string, close: string) => {
    const rewritten = attrs.replace(ATTRIBUTE, (whole, space, attribute: string, equals, double, single) => {
      if (!/^(?:[\w.-]+:)?href$/i.test(attribute)) return whole;
      const href = attributeText(double ?? single ?? "").trim();
      return keep(element.replace(/^[\w.-]+:/, ""), href) ? whole : `${space}${attribute}${equals}""`;
    });
    return `<${element}${rewritten}${close}`;
  });
}

/** An SVG keeps only links into itself (`#id`) and inline images (`data:`), in attributes and CSS. */
function svgWithoutLinks(xml: string): string {
  const internal = (href: string) => href.startsWith("#") || /^data:/i.test(href);
  return rewriteHrefs(xml, (_element, href) => internal(href)).replace(
    /url\(\s*(['"]?)([^)'"]*)\1\s*\)/gi,
    (whole, _quote, url: string) => (internal(attributeText(url).trim()) ? whole : "url(#)"),
  );
}

/**
 * ODF names its pictures and objects by xlink:href: a path inside the package stays
 * (`Pictures/1.png`, `./Object 1`), a URL or a path out of it is emptied. Hyperlinks (`text:a`,
 * `draw:a`) to web pages stay.
 */
function odfWithoutLinks(xml: string): string {
  return rewriteHrefs(xml, (element, href) => {
    if (element === "a" && WEB_LINK.test(href)) return true;
    return !href.includes(":") && !/^[/\\]/.test(href) && !/(?:^|[/\\])\.\.(?:[/\\]|$)/.test(href);
  });
}
