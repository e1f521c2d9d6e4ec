/**
 * A talk's `description` as HTML and its `abstract` as text. frab and pretalx store both as plain
 * text written in Markdown (paragraphs separated by blank lines, `- ` lists, `**bold**`,
 * `[text](url)`, inline HTML such as `<a href>` now and then); some c3voc and wiki exports lay
 * them out with HTML blocks (`<p>`, `<br>`, lists) instead. The Markdown is read by `marked`
 * (GitHub's dialect); the importer sanitizes the description's HTML before it is stored.
 */

import { Marked, type Tokens } from "marked";
import { ALLOWED_TAGS, DROPPED_WITH_CONTENT } from "../html/rich-html-policy";

/** A tag that lays text out in blocks: the text is HTML already. */
const HTML_BLOCK = /<\/?(?:blockquote|br|div|h[1-6]|li|ol|p|pre|table|ul)\b[^<>]*>/i;
/**
 * A tag of an HTML element, its attributes all with values: Markdown lets such inline HTML through
 * as written, and the importer's sanitizer then keeps or drops it. `a<b and c>d` is no tag: its
 * "attributes" have no values, so it stays text.
 */
const TAG_NAMES = [...ALLOWED_TAGS, ...DROPPED_WITH_CONTENT].join("|");
const INLINE_TAG = new RegExp(`<\\/?(?:${TAG_NAMES})(?:\\s+[a-z-]+=(?:"[^"]*"|'[^']*'|[^\\s"'<>]+))*\\s*\\/?>`, "gi");

const ESCAPED: Record<string, string> = { "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/** Text as HTML; its character references (`&amp;`, `&#39;`) stay as written. */
function escapeHtml(text: string): string {
  return text
    .replace(/&(?![a-z][a-z\d]{1,31};|#\d{1,7};|#x[\da-f]{1,6};)/gi, "&amp;")
    .replace(/[<>"]/g, (mark) => ESCAPED[mark] ?? mark);
}

/**
 * Raw HTML of the Markdown: its element tags as written, anything else that looks like a tag as
 * text, and its comments (notes the writer hid) left out.
 */
function rawHtml(raw: string): string {
  const html = raw.replace(/<!--[\s\S]*?(?:-->|$)/g, "");
  let kept = "";
  let from = 0;
  for (const tag of html.matchAll(INLINE_TAG)) {
    kept += escapeHtml(html.slice(from, tag.index)) + tag[0];
    from = tag.index + tag[0].length;
  }
  return kept + escapeHtml(html.slice(from));
}

/**
 * `•` bullets, and list items whose text starts five spaces or more after the marker (which
 * Markdown reads as code), as the lists their writers meant.
 */
const LIST_ITEM = /^( {0,3})(?:•[ \t]+|([-*+]|\d{1,9}[.)])[ \t]{5,})(?=\S)/gm;

const markdown = new Marked(
  { gfm: true, breaks: true, async: false },
  {
    hooks: {
      preprocess: (text: string) =>
        text.replace(LIST_ITEM, (_item, indent: string, marker = "-") => `${indent}${marker} `),
    },
    renderer: {
      // Headings of a description sit under the talk's own title: h3 at the highest.
      heading({ tokens, depth }: Tokens.Heading) {
        const level = Math.min(6, depth + 2);
        return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
      },
      html: ({ text }: Tokens.HTML | Tokens.Tag) => rawHtml(text),
    },
    tokenizer: {
      // A star between letters is German's gender star (`Nutzer*innen`), not emphasis.
      emStrong: (source: string, _masked: string, previous = "") =>
        /^\*\p{L}/u.test(source) && /\p{L}$/u.test(previous) ? undefined : false,
      // Bare e-mail addresses stay text, as fediverse handles (`@name@chaos.social`) are no addresses.
      url: (source: string) => (/^(?:https?:\/\/|ftp:\/\/|www\.)/i.test(source) ? false : undefined),
    },
  },
);

/** HTML for a description: as written when it holds HTML blocks, else its Markdown rendered; null when blank. */
export function descriptionHtml(description: string | null): string | null {
  if (description === null || description.trim() === "") return null;
  if (HTML_BLOCK.test(description)) return description.trim();
  const html = (markdown.parse(description) as string).trim();
  return html === "" ? null : html;
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

// Marks for the breaks blocks make, merged once the tags are gone: a new line, a blank line, and
// one level of a nested list's indent. Private-use characters, which no text may bring in.
const LINE = "\uE000";
const BLANK_LINE = "\uE001";
const INDENT = "\uE002";
/** What each block tag leaves; a heading's close is a plain new line, so its text follows right under it. */
const BLOCK_BREAKS: Record<string, [opening: string, closing: string]> = {
  p: [LINE, BLANK_LINE],
  div: [LINE, LINE],
  tr: [LINE, LINE],
  hr: [BLANK_LINE, BLANK_LINE],
  blockquote: [BLANK_LINE, BLANK_LINE],
  pre: [BLANK_LINE, BLANK_LINE],
  table: [BLANK_LINE, BLANK_LINE],
};

/** The text of HTML, its blocks on lines of their own and its list items as `- ` or `1. ` lines. */
function htmlToText(html: string): string {
  const lists: number[] = []; // for each open list, the number of its next item, 0 for bullets
  const text = html
    .replace(/[\uE000-\uE002]/g, "")
    .replace(/(<li\b[^<>]*>)\s*<p\b[^<>]*>/gi, "$1")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<(\/?)([a-z][a-z\d]*)\b([^<>]*)>/gi, (_tag, closing: string, tagName: string, attributes: string) => {
      const name = tagName.toLowerCase();
      if (/^h[1-6]$/.test(name)) return closing ? LINE : BLANK_LINE;
      if (name === "ul" || name === "ol") {
        if (closing) return lists.pop() !== undefined && lists.length > 0 ? LINE : BLANK_LINE;
        lists.push(name === "ol" ? Number(/\bstart="?(\d+)/i.exec(attributes)?.[1] ?? 1) : 0);
        return LINE;
      }
      if (name === "li") {
        if (closing) return "";
        const next = lists[lists.length - 1] ?? 0;
        if (next > 0) lists[lists.length - 1] = next + 1;
        return `${LINE}${INDENT.repeat(Math.max(0, lists.length - 1))}${next > 0 ? `${next}.` : "-"} `;
      }
      const breaks = BLOCK_BREAKS[name];
      return breaks ? breaks[closing ? 1 : 0] : "";
    });
  return decodeEntities(text)
    .replace(/\s*[\uE000\uE001][\s\uE000\uE001]*/g, (run) => (run.includes(BLANK_LINE) ? "\n\n" : "\n"))
    .replaceAll(INDENT, "  ")
    .replace(/[ \t]+\n/g, "\n")
    .trim();
}

/**
 * A talk's `abstract` as the plain text the app shows (line breaks kept): the HTML tags and the
 * Markdown marks some exports put in it (`<p>`, `**bold**`, `[text](url)`, `## Title`) would
 * otherwise show as they are. Null when blank.
 */
export function abstractText(abstract: string | null): string | null {
  const html = descriptionHtml(abstract);
  const text = html === null ? "" : htmlToText(html);
  return text === "" ? null : text;
}
