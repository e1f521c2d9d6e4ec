import {
  ALLOWED_TAGS,
  DROPPED_WITH_CONTENT,
  isAllowedAttribute,
  isSafeUrl,
  LINK_REL,
  URL_ATTRIBUTES,
} from "@core/html/rich-html-policy";

/**
 * Cleans user HTML (event ads, presentation information) with the allow-list of
 * core/html/rich-html-policy.ts before it is stored, using the runtime's HTMLRewriter (a
 * browser-grade tokenizer that rewrites the source rather than re-serializing a tree).
 *
 * Two invariants keep what HTMLRewriter saw and what a browser will parse the same:
 * - every element whose content is not ordinary markup goes with its content, so raw text such
 *   as `<xmp><img onerror></xmp>` cannot be unwrapped into live tags;
 * - every `<` and `>` left in text is escaped, so no text can turn into a tag, whatever the
 *   tokenizer decided (text keeps its character references, so `&amp;` stays as written);
 * - no tag is left open at the end (HTMLRewriter passes an unfinished tag through untouched,
 *   and whatever is stored after it would complete it).
 */
export async function sanitizeHtml(html: string | null | undefined): Promise<string | null> {
  if (html === null || html === undefined || html.trim() === "") return null;
  // A comment only HTMLRewriter's comment handler removes: if it comes out, a tag was still open.
  const end = `<!--${crypto.randomUUID()}-->`;
  let cleaned = await rewrite(html + end);
  // `'">` ends a tag from any state inside it, so the tag goes through the allow-list.
  if (cleaned.includes(end)) cleaned = await rewrite(`${html}'">${end}`);
  if (cleaned.includes(end)) return null;
  cleaned = cleaned.trim();
  return cleaned === "" ? null : cleaned;
}

function rewrite(html: string): Promise<string> {
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
        for (const [name = "", value = ""] of [...element.attributes]) {
          const keep = isAllowedAttribute(tag, name) && (!URL_ATTRIBUTES.has(name) || isSafeUrl(value));
          if (!keep) element.removeAttribute(name);
        }
        if (tag === "a") {
          element.setAttribute("rel", LINK_REL);
          element.setAttribute("target", "_blank");
        }
      },
    })
    .onDocument({
      comments(comment) {
        comment.remove();
      },
      text(text) {
        if (/[<>]/.test(text.text)) {
          text.replace(text.text.replaceAll("<", "&lt;").replaceAll(">", "&gt;"), { html: true });
        }
      },
    });
  return rewriter.transform(new Response(html)).text();
}
