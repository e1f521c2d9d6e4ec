/**
 * The security headers of every response (ARCHITECTURE §6, docs/security-headers.md). The
 * static assets get the same from web/public/_headers; a unit test keeps the two in step.
 */

/** Sent with everything: no type guessing, no full URLs leaked to other sites. */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
};

/**
 * The caching of an answer to a caller who says who they are, when its route states none: kept
 * by no cache, shared or the browser's own (the caller's profile, a speaker's versions, quiz
 * questions with their correct options, an export). Routes that state their caching keep it (the
 * schedule's `private, no-cache` with its ETag, calendar files, stored files).
 */
export const CALLER_ANSWER_CACHE_CONTROL = "private, no-store";

/**
 * Whether a request says who makes it: a bearer token (a session, a quiz player's, the
 * operator's or a processor's), or the token or event password that sockets and some reads take
 * in their query. Its answer may then be that caller's alone.
 */
function identifiesItsCaller(request: Request, url: URL): boolean {
  return request.headers.has("authorization") || url.searchParams.has("token") || url.searchParams.has("password");
}

/**
 * The pages of the web app. Scripts only from this origin (the build has no inline script);
 * styles from this origin too, React's `style` props being set through the CSSOM, which CSP does
 * not govern. Pictures may come from any https site (event logos, images in imported HTML),
 * `data:` (the quiz's QR code) and `blob:` (previews before upload). Sockets go to this origin,
 * which 'self' covers for ws: and wss:.
 */
export function pageCsp(options: { framable: boolean; styleHashes?: readonly string[] }): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    ["style-src 'self'", ...(options.styleHashes ?? []).map((hash) => `'${hash}'`)].join(" "),
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    // The embeddable pages with `?iframe` (spec §2): any site may frame them.
    `frame-ancestors ${options.framable ? "*" : "'none'"}`,
  ].join("; ");
}

/** JSON answers and room answers: nothing in them is ever a page. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Stored files: a picture, video or PDF opened on its own may show itself and nothing else; the
 * app's own pages may frame them. Inline styles stay allowed because the browser's own viewer
 * documents set them (Chromium reports violations on a picture opened alone without it).
 */
export const FILE_CSP =
  "default-src 'none'; img-src 'self'; media-src 'self'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

/**
 * How a page the Worker wrote names the inline `<style>` it carries (`sha256-…` sources, space
 * separated): taken off the response and allowed by its CSP, that style and no other.
 */
export const INLINE_STYLE_HASHES_HEADER = "x-inline-style-hashes";

/** The CSP source of an inline `<style>` element whose text is `css`. */
export async function inlineStyleHash(css: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(css));
  return `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
}

const SLUG = "[a-z0-9][a-z0-9-]{0,63}";
/**
 * The pages the spec embeds with `?iframe` (§2: the compact layout's menu is Schedule and
 * Synopsis, and on the video page it hides the event's logo): the schedule, the synopsis and a
 * presentation's public video page. Every other page (a quiz moderator's, a speaker's, the chapter
 * editor, a recording link, the forum) is refused to any frame, whatever its query: framed by a
 * foreign site, a signed-in user could be tricked into clicking in it.
 */
const EMBEDDABLE_PAGES = [
  new RegExp(`^/${SLUG}/?$`),
  new RegExp(`^/${SLUG}/synopsis/?$`),
  new RegExp(`^/${SLUG}/\\d+/?$`),
];

/** Whether another site may frame the page at `url`: an embeddable page asked with `?iframe`. */
export function isFramable(url: URL): boolean {
  return url.searchParams.has("iframe") && EMBEDDABLE_PAGES.some((page) => page.test(url.pathname));
}

function cspFor(url: URL, styleHashes: string[]): string {
  if (url.pathname.startsWith("/api/files/")) return FILE_CSP;
  if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/parties/")) return API_CSP;
  return pageCsp({ framable: isFramable(url), styleHashes });
}

/**
 * The response with the security headers for its URL, and `private, no-store` when it answers a
 * caller who said who they are and its route stated no caching. A WebSocket handshake passes
 * unchanged: it is no document, and its response cannot be rebuilt.
 */
export function withSecurityHeaders(request: Request, response: Response): Response {
  if (response.status === 101) return response;
  const url = new URL(request.url);
  const secured = new Response(response.body, response);
  for (const [name, value] of Object.entries(COMMON_HEADERS)) secured.headers.set(name, value);
  const styleHashes = (secured.headers.get(INLINE_STYLE_HASHES_HEADER) ?? "")
    .split(" ")
    .filter((hash) => /^sha256-[\w+/=]+$/.test(hash));
  secured.headers.delete(INLINE_STYLE_HASHES_HEADER);
  if (identifiesItsCaller(request, url) && !secured.headers.has("cache-control")) {
    secured.headers.set("cache-control", CALLER_ANSWER_CACHE_CONTROL);
  }
  const csp = cspFor(url, styleHashes);
  secured.headers.set("content-security-policy", csp);
  if (csp.includes("frame-ancestors 'none'")) secured.headers.set("x-frame-options", "DENY");
  else secured.headers.delete("x-frame-options");
  return secured;
}
