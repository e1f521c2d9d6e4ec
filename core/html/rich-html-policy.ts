/**
 * What user HTML (event ads, presentation information) may contain. One policy, applied twice:
 * by the Worker when the HTML is stored (worker/html/sanitize-html.ts, HTMLRewriter) and by
 * the browser when it is shown (web/src/components/rich-html.tsx, DOMPurify).
 */

/** Elements that stay, with only the attributes of {@link ALLOWED_ATTRIBUTES}. */
export const ALLOWED_TAGS: ReadonlySet<string> = new Set([
  "a",
  "abbr",
  "b",
  "blockquote",
  "br",
  "code",
  "div",
  "em",
  "figcaption",
  "figure",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "i",
  "img",
  "li",
  "ol",
  "p",
  "pre",
  "s",
  "small",
  "span",
  "strong",
  "sub",
  "sup",
  "table",
  "tbody",
  "td",
  "th",
  "thead",
  "tr",
  "u",
  "ul",
]);

/**
 * Elements removed together with everything inside them. Invariant: this holds every element
 * whose content a browser does not parse as ordinary markup (raw text: script, style, xmp,
 * iframe, noembed, noframes, noscript; escapable raw text: textarea, title; plaintext, which
 * runs to the end of the document; template contents; svg and math foreign content) so the
 * text inside can never come out as tags. Other unknown elements are unwrapped: their content
 * is ordinary markup and goes through the same rules.
 */
export const DROPPED_WITH_CONTENT: ReadonlySet<string> = new Set([
  "script",
  "style",
  "xmp",
  "iframe",
  "noembed",
  "noframes",
  "noscript",
  "plaintext",
  "textarea",
  "title",
  "template",
  "svg",
  "math",
  "object",
  "embed",
  "applet",
  "frameset",
  "frame",
  "select",
  "option",
  "datalist",
  "form",
  "button",
  "input",
  "head",
  "link",
  "meta",
  "base",
  "canvas",
  "audio",
  "video",
  "source",
  "track",
  "picture",
  "map",
  "area",
  "dialog",
  "portal",
  "slot",
]);

/** Attributes kept, per element; every other attribute (event handlers, style, id…) goes. */
export const ALLOWED_ATTRIBUTES: Readonly<Record<string, ReadonlySet<string>>> = {
  a: new Set(["href", "title"]),
  img: new Set(["src", "alt", "title", "width", "height"]),
  td: new Set(["colspan", "rowspan"]),
  th: new Set(["colspan", "rowspan"]),
};

/** Attributes holding a URL, checked with {@link isSafeUrl}. */
export const URL_ATTRIBUTES: ReadonlySet<string> = new Set(["href", "src"]);

/** What links get, so a target cannot reach back into this page. */
export const LINK_REL = "noopener noreferrer nofollow";

export function isAllowedAttribute(tag: string, attribute: string): boolean {
  return ALLOWED_ATTRIBUTES[tag]?.has(attribute) ?? false;
}

/**
 * Only http, https and mailto links, or relative ones. Works on the raw attribute text (the
 * Worker sees character references undecoded) as well as on the decoded value (the browser):
 * a relative URL whose first segment holds `:` or `&` is refused, so no scheme can hide behind
 * `&colon;` or `&#x6A;`.
 */
export function isSafeUrl(value: string): boolean {
  // Browsers drop tabs and newlines anywhere in a URL and trim controls and spaces around it;
  // removing every one of them can only make a hidden scheme visible to this check.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const url = value.replace(/[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff]+/g, "");
  if (/^(https?|mailto):/i.test(url)) return true;
  const firstSegment = url.split(/[/\\?#]/, 1)[0] ?? "";
  return !firstSegment.includes(":") && !firstSegment.includes("&");
}
