/**
 * The reads whose answer is one signed-in person's own (their schedule, a talk's calendar file
 * with their reminder), and how their offline
 * copies are kept: each under its session (a digest of the bearer token in the cache key), so
 * another person signed in on the same phone never gets it, online or offline, and the log-out
 * deletes it (web/src/features/auth/use-log-out.ts). Used by the service worker and the app.
 */

/** The cache of the personal reads' last copies, apart from the public reads' shared ones. */
export const PERSONAL_READS_CACHE = "personal-reads";

/** The key's query parameter that names the session a copy belongs to. */
const SESSION_PARAM = "offline-copy-of";

/**
 * The personal reads an attendee needs offline. A talk's calendar file is one when a member's
 * token asks for it: the server sets their own reminder (the anonymous file is everyone's).
 */
export const PERSONAL_READS = [/^\/api\/me\/schedule$/, /^\/api\/public\/schedule\/[^/]+\/\d+\/calendar\.ics$/];

/** Whether `request` is a personal read: one of those, with a session to keep its copy under. */
export function isPersonalRead(request: Request): boolean {
  return (
    request.method === "GET" &&
    bearerTokenOf(request) !== null &&
    PERSONAL_READS.some((path) => path.test(new URL(request.url).pathname))
  );
}

/** The session's name in cache keys: the SHA-256 of its token, never the token itself. */
export async function sessionDigest(token: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The bearer token of a request, or null. */
export function bearerTokenOf(request: Request): string | null {
  const match = /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "");
  return match?.[1] ?? null;
}

/** The key of the copy of `url` read by the session `digest`. */
export function personalCopyKey(url: string, digest: string): string {
  const key = new URL(url);
  key.searchParams.set(SESSION_PARAM, digest);
  return key.href;
}

/** Deletes every personal copy the session of `token` left in the cache. */
export async function forgetPersonalReads(token: string): Promise<void> {
  if (typeof caches === "undefined" || !(await caches.has(PERSONAL_READS_CACHE))) return;
  const digest = await sessionDigest(token);
  const cache = await caches.open(PERSONAL_READS_CACHE);
  for (const request of await cache.keys()) {
    if (new URL(request.url).searchParams.get(SESSION_PARAM) === digest) await cache.delete(request);
  }
}
