/**
 * A talk's `description` as HTML. frab and pretalx store descriptions as plain text written in
 * Markdown (paragraphs separated by blank lines, `- ` lists, `**bold**`, `[text](url)`, inline
 * HTML such as `<a href>` now and then), and the app shows `information` as HTML: read as HTML,
 * such a text runs into one paragraph with its asterisks showing. A description laid out with
 * HTML blocks (`<p>`, `<br>`, lists: some c3voc and wiki exports) is kept as written. Either way
 * the importer sanitizes the result.
 */

import { ALLOWED_TAGS, DROPPED_WITH_CONTENT } from "../html/rich-html-policy";

/** A tag that lays text out in blocks: the description is HTML already. */
const HTML_BLOCK = /<\/?(?:blockquote|br|div|h[1-6]|li|ol|p|pre|table|ul)\b[^<>]*>/i;
/**
 * A tag of an HTML element, its attributes all with values: Markdown lets inline HTML through as
 * written, and the importer's sanitizer then keeps or drops it. `a<b and c>d` is no tag: its
 * "attributes" have no values, so it stays text.
 */
const TAG_NAMES = [...ALLOWED_TAGS, ...DROPPED_WITH_CONTENT].join("|");
const INLINE_TAG = new RegExp(`<\\/?(?:${TAG_NAMES})(?:\\s+[a-z-]+=(?:"[^"]*"|'[^']*'|[^\\s"'<>]+))*\\s*\\/?>`, "gi");

const LIST_ITEM = /^\s{0,3}(?:[-*+•]|\d{1,3}[.)])\s+(.*)$/;
const ORDERED_ITEM = /^\s{0,3}\d{1,3}[.)]\s/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE = /^\s{0,3}(?:[-*_–—]\s*){3,}$/;
const FENCE = /^\s{0,3}(?:```|~~~)/;

/** HTML for a description: as written when it holds HTML, else its Markdown rendered; null when blank. */
export function descriptionHtml(description: string | null): string | null {
  if (description === null || description.trim() === "") return null;
  if (HTML_BLOCK.test(description)) return description.trim();
  return markdownToHtml(description);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Text escaped for HTML, except its inline tags and character references, which Markdown keeps. */
function escapeText(text: string): { html: string; tags: string[] } {
  const tags: string[] = [];
  const html = text
    // The private-use marks below stand for set-aside pieces; none may come from the text.
    .replace(/[\uE000-\uE002]/g, "")
    .replace(INLINE_TAG, (tag) => {
      tags.push(tag);
      return `\uE002${tags.length - 1}\uE002`;
    })
    .replace(/&(?!(?:[a-z][a-z\d]{1,31}|#\d{1,7}|#x[\da-f]{1,6});)/gi, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
  return { html, tags };
}

/** Code spans, links, bare URLs, bold and italics on one escaped line. */
function inline(text: string): string {
  const codes: string[] = [];
  // Code spans first, set aside so nothing inside them is read as Markdown.
  const escaped = escapeText(text);
  let html = escaped.html.replace(/`([^`]+)`/g, (_match, code: string) => {
    codes.push(`<code>${code}</code>`);
    return `\uE000${codes.length - 1}\uE000`;
  });
  const links: string[] = [];
  const keepLink = (href: string, label: string) => {
    links.push(`<a href="${href}">${label}</a>`);
    return `\uE001${links.length - 1}\uE001`;
  };
  html = html
    .replace(/\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g, (_match, label: string, href: string) => keepLink(href, label))
    .replace(/&lt;(https?:\/\/[^\s&]+)&gt;/g, (_match, href: string) => keepLink(href, href))
    // A bare URL ends before trailing punctuation and before an escaped quote or bracket.
    .replace(/(?<!\uE002\d{1,4}\uE002)\bhttps?:\/\/[^\s<]+?(?=[.,;:!?)'*_]*(?:\s|$|&quot;|&lt;|&gt;))/g, (href) =>
      keepLink(href, href),
    )
    .replace(
      /\*\*(?=\S)(.+?)(?<=\S)\*\*|__(?=\S)(.+?)(?<=\S)__/g,
      (_match, a?: string, b?: string) => `<strong>${a ?? b}</strong>`,
    )
    .replace(/(^|[^\w*])\*(?=\S)([^*]+?)(?<=\S)\*(?!\w)/g, "$1<em>$2</em>")
    .replace(/(^|[^\w])_(?=\S)([^_]+?)(?<=\S)_(?!\w)/g, "$1<em>$2</em>");
  return html
    .replace(/\uE002(\d+)\uE002/g, (_match, index: string) => escaped.tags[Number(index)] ?? "")
    .replace(/\uE001(\d+)\uE001/g, (_match, index: string) => links[Number(index)] ?? "")
    .replace(/\uE000(\d+)\uE000/g, (_match, index: string) => codes[Number(index)] ?? "");
}

/** The Markdown most descriptions use: paragraphs, line breaks, lists, headings, rules and code blocks. */
function markdownToHtml(text: string): string | null {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const blocks: string[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length > 0) blocks.push(`<p>${paragraph.map(inline).join("<br>")}</p>`);
    paragraph = [];
    if (list) {
      const tag = list.ordered ? "ol" : "ul";
      blocks.push(`<${tag}>${list.items.map((item) => `<li>${inline(item)}</li>`).join("")}</${tag}>`);
    }
    list = null;
  };
  for (let position = 0; position < lines.length; position++) {
    const line = lines[position] ?? "";
    if (FENCE.test(line)) {
      flush();
      const code: string[] = [];
      while (++position < lines.length && !FENCE.test(lines[position] ?? "")) code.push(lines[position] ?? "");
      blocks.push(`<pre><code>${escapeHtml(code.join("\n"))}</code></pre>`);
      continue;
    }
    if (line.trim() === "") {
      flush();
      continue;
    }
    if (RULE.test(line)) {
      flush();
      blocks.push("<hr>");
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      // Headings of a description sit under the talk's own title: h3 at the highest.
      const level = Math.min(6, 2 + (heading[1]?.length ?? 1));
      blocks.push(`<h${level}>${inline(heading[2] ?? "")}</h${level}>`);
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const ordered = ORDERED_ITEM.test(line);
      if (paragraph.length > 0 || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(item[1] ?? "");
      continue;
    }
    if (list && /^\s{2,}\S/.test(line)) {
      // An indented line continues the list item above it.
      list.items[list.items.length - 1] += ` ${line.trim()}`;
      continue;
    }
    if (list) flush();
    paragraph.push(line.trim());
  }
  flush();
  return blocks.length > 0 ? blocks.join("\n") : null;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** `&amp;`, `&#39;`, `&#x27;` and the few named references texts use, as characters. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]{1,6}|#\d{1,7}|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code = name[1]?.toLowerCase() === "x" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * A talk's `abstract` as the plain text the app shows (line breaks kept): the HTML tags and the
 * Markdown marks some exports put in it (`<p>`, `**bold**`, `[text](url)`, `## Title`) would
 * otherwise show as they are. Null when blank.
 */
export function abstractText(abstract: string | null): string | null {
  if (abstract === null) return null;
  let text = abstract.replace(/\r\n?/g, "\n");
  if (HTML_BLOCK.test(text) || new RegExp(INLINE_TAG.source, "i").test(text)) {
    text = decodeEntities(
      text
        .replace(/<br\s*\/?>/gi, "\n")
        .replace(/<\/?(?:p|div|h[1-6]|ul|ol|blockquote|pre|table|tr)\b[^<>]*>/gi, "\n\n")
        .replace(/<li\b[^<>]*>/gi, "\n- ")
        .replace(new RegExp(INLINE_TAG.source, "gi"), "")
        .replace(/<\/(?:li|td|th)>/gi, ""),
    );
  }
  text = text
    .replace(/^\s{0,3}#{1,6}\s+/gm, "")
    .replace(/\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g, "$1")
    .replace(/\*\*(?=\S)(.+?)(?<=\S)\*\*|__(?=\S)(.+?)(?<=\S)__/g, (_match, a?: string, b?: string) => a ?? b ?? "")
    .replace(/`([^`\n]+)`/g, "$1")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return text === "" ? null : text;
}
