/**
 * Cleans user HTML (event ads, presentation information) with an allow-list before it is
 * stored, using the runtime's HTMLRewriter (a browser-grade tokenizer). Anything not listed is
 * dropped: scripts, styles, frames, event handlers, `javascript:` and `data:` links.
 */
const ALLOWED_TAGS = new Set([
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
/** Elements removed together with everything inside them. */
const DROPPED_WITH_CONTENT = new Set([
  "script",
  "style",
  "iframe",
  "object",
  "embed",
  "template",
  "noscript",
  "svg",
  "math",
  "form",
  "textarea",
  "select",
  "title",
  "head",
]);
const ALLOWED_ATTRIBUTES: Record<string, Set<string>> = {
  a: new Set(["href", "title"]),
  img: new Set(["src", "alt", "title", "width", "height"]),
  td: new Set(["colspan", "rowspan"]),
  th: new Set(["colspan", "rowspan"]),
};
const URL_ATTRIBUTES = new Set(["href", "src"]);

/** Only web and mail links, or paths on our own site. */
export function isSafeUrl(value: string): boolean {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:").
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  const trimmed = value.trim().replace(/[\u0000-\u001f\s]+/g, "");
  if (trimmed.startsWith("/") && !trimmed.startsWith("//")) return true;
  return /^(https?:|mailto:)/i.test(trimmed);
}

export async function sanitizeHtml(html: string | null | undefined): Promise<string | null> {
  if (html === null || html === undefined || html.trim() === "") return null;
  const rewriter = new HTMLRewriter()
    .on("*", {
      element(element) {
        const tag = element.tagName.toLowerCase();
        if (DROPPED_WITH_CONTENT.has(tag)) {
          element.remove();
          return;
        }
        if (!ALLOWED_TAGS.has(tag)) {
          element.removeAndKeepContent();
          return;
        }
        const allowed = ALLOWED_ATTRIBUTES[tag];
        for (const [name = "", value = ""] of [...element.attributes]) {
          const keep = allowed?.has(name) && (!URL_ATTRIBUTES.has(name) || isSafeUrl(value));
          if (!keep) element.removeAttribute(name);
        }
        if (tag === "a") {
          element.setAttribute("rel", "noopener noreferrer nofollow");
          element.setAttribute("target", "_blank");
        }
      },
      comments(comment) {
        comment.remove();
      },
    })
    .onDocument({
      doctype() {},
    });
  const cleaned = await rewriter.transform(new Response(html)).text();
  return cleaned.trim() === "" ? null : cleaned.trim();
}
