/**
 * The signing key of the Worker's tokens (sessions and quiz players), imported once per secret.
 * Given the secret as a string, hono/jwt imports a new `CryptoKey` at every signature and every
 * check: at a 5,000-player quiz that is 10,000 keys for the logins and the sockets' checks,
 * garbage the room's first broadcast then paid a full collection for (docs/benchmarks.md).
 * The isolate keeps the key; tokens and their checks are unchanged (HS256 over the same secret).
 */

/** HS256 (hono/jwt's algorithm of the Worker's tokens). */
const HMAC_SHA256 = { name: "HMAC", hash: { name: "SHA-256" } } as const;

/**
 * By secret: one or two entries (a secret rotated while the isolate lives). The key itself is
 * kept, not the promise of its import: nothing of one request's is awaited by another.
 */
const keys = new Map<string, CryptoKey>();

export async function tokenKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), HMAC_SHA256, false, [
      "sign",
      "verify",
    ]);
    keys.set(secret, key);
  }
  return key;
}
