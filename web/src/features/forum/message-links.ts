/** A piece of a forum message: text as written, or a web address to show as a link. */
type MessagePart = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

const WEB_ADDRESS = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than an address: "see https://example.org." */
const TRAILING_PUNCTUATION = /[.,;:!?»”’)\]}]$/;

function count(text: string, character: string): number {
  return text.split(character).length - 1;
}

/** Drops the sentence's punctuation from an address's end; a closing bracket the address opened stays. */
function trimAddress(candidate: string): string {
  let address = candidate;
  while (TRAILING_PUNCTUATION.test(address)) {
    const last = address.at(-1) ?? "";
    const opening = { ")": "(", "]": "[", "}": "{" }[last];
    if (opening && count(address, opening) >= count(address, last)) break;
    address = address.slice(0, -1);
  }
  return address;
}

/**
 * Splits a message into text and http(s) links, for rendering as text nodes and anchors: nothing
 * in a message is ever read as HTML, and no other scheme (javascript:, data:) becomes a link.
 */
export function splitMessageLinks(message: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let index = 0;
  for (const match of message.matchAll(WEB_ADDRESS)) {
    const address = trimAddress(match[0]);
    let href: string;
    try {
      const url = new URL(address);
      if (url.protocol !== "http:" && url.protocol !== "https:") continue;
      href = url.href;
    } catch {
      continue;
    }
    if (match.index > index) parts.push({ kind: "text", text: message.slice(index, match.index) });
    parts.push({ kind: "link", text: address, href });
    index = match.index + address.length;
  }
  if (index < message.length) parts.push({ kind: "text", text: message.slice(index) });
  return parts;
}
