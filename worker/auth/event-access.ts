import { DomainError, ErrorCode } from "../../core/errors";
import { verifyPassword } from "./password";

// PBKDF2 is deliberately slow (tens of milliseconds); a password already verified against the
// same stored hash is remembered per isolate by its SHA-256, so each schedule load stays fast.
const verified = new Set<string>();
const MAX_REMEMBERED = 1_000;

async function digest(passwordHash: string, password: string): Promise<string> {
  const bytes = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${passwordHash}\n${password}`));
  return btoa(String.fromCharCode(...new Uint8Array(bytes)));
}

/**
 * A protected event asks for its password: none given is `error.prompt-password` (401),
 * a wrong one `error.invalid-password` (403).
 */
export async function assertEventPassword(passwordHash: string | null, password: string | undefined) {
  if (passwordHash === null) return;
  if (!password) throw new DomainError(ErrorCode.PromptPassword);
  const key = await digest(passwordHash, password);
  if (verified.has(key)) return;
  if (!(await verifyPassword(password, passwordHash))) throw new DomainError(ErrorCode.InvalidPassword);
  if (verified.size >= MAX_REMEMBERED) verified.clear();
  verified.add(key);
}
