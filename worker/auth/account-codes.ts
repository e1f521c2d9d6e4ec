import { ACCOUNT_CODE_TTL_MS } from "@core/auth/schemas";

const toHex = (bytes: ArrayBuffer | Uint8Array) =>
  [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");

/** Codes are stored only as their SHA-256: a leaked table opens no account. */
export async function hashAccountCode(code: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(code)));
}

/** A fresh single-use code (256 random bits) with its hash and expiry. */
export async function newAccountCode(now = Date.now()) {
  const code = toHex(crypto.getRandomValues(new Uint8Array(32)));
  return { code, codeHash: await hashAccountCode(code), expiresAt: now + ACCOUNT_CODE_TTL_MS };
}
