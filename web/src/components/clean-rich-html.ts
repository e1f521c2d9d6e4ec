import {
  ALLOWED_ATTRIBUTES,
  ALLOWED_TAGS,
  DROPPED_WITH_CONTENT,
  isAllowedAttribute,
  isSafeUrl,
  LINK_REL,
  URL_ATTRIBUTES,
} from "@core/html/rich-html-policy";
import DOMPurify from "dompurify";

// An instance of our own, so these hooks never reach another use of DOMPurify.
const purifier = DOMPurify(window);

// DOMPurify's attribute list is global; the policy's is per element.
purifier.addHook("uponSanitizeAttribute", (node, data) => {
  const tag = node.nodeName.toLowerCase();
  const allowed = isAllowedAttribute(tag, data.attrName);
  if (!allowed || (URL_ATTRIBUTES.has(data.attrName) && !isSafeUrl(data.attrValue))) data.keepAttr = false;
});
purifier.addHook("afterSanitizeAttributes", (node) => {
  if (node.nodeName === "A") {
    node.setAttribute("rel", LINK_REL);
    node.setAttribute("target", "_blank");
  }
});

const CONFIG = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  ALLOWED_ATTR: [...new Set(Object.values(ALLOWED_ATTRIBUTES).flatMap((names) => [...names]))],
  // On top of DOMPurify's own list (script, style, svg, math, xmp, noscript…).
  ADD_FORBID_CONTENTS: [...DROPPED_WITH_CONTENT],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

/**
 * The second cleaning of user HTML, in the browser that will show it: the same policy as the
 * Worker's (core/html/rich-html-policy.ts), applied by DOMPurify to the tree the browser itself
 * built, so a difference between two parsers cannot smuggle anything through.
 */
export function cleanRichHtml(html: string): string {
  return purifier.sanitize(html, CONFIG);
}
