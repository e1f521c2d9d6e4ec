import { DomainError, ErrorCode } from "@core/errors";
import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { bearerToken } from "./bearer";
import { verifyPassword } from "./password";
import { readerSession, type Session } from "./session";

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

/** What the anonymous-access rule needs of an event. */
interface EventAccessRow {
  id: number;
  allowAnonymousAccess: boolean;
}

/**
 * The one rule of an event that lets no one in anonymously (`events.allow_anonymous_access`
 * off): only a member signed in to that very event reads it, over HTTP or in a room (401
 * `login-required` otherwise, a session of another event included). An event open to everyone
 * lets anyone by. The login overlay's basic event data and the personal calendar feed (its own
 * secret) do not go through here. Checks no password: see `assertEventReadable`.
 */
export function assertMemberUnlessOpen(event: EventAccessRow, session: Session | undefined): void {
  if (event.allowAnonymousAccess) return;
  if (session?.event.id !== event.id) throw new DomainError(ErrorCode.LoginRequired);
}

/**
 * `assertMemberUnlessOpen` for an HTTP call: its session is the one the route's middleware
 * opened, else its bearer token's, read only when the event wants a member.
 */
export async function assertEventMemberUnlessOpen<E extends AppEnv>(
  c: Context<E>,
  event: EventAccessRow,
): Promise<void> {
  if (event.allowAnonymousAccess) return;
  const opened = (c.var as { session?: Session }).session;
  assertMemberUnlessOpen(
    event,
    opened ?? (await readerSession(c.var.db, c.env.JWT_SECRET, bearerToken(c.req.header("authorization")))),
  );
}

/**
 * Who may read an event's programme, its quiz texts and counters: its password first when it has
 * one (401 `error.prompt-password`, 403 `error.invalid-password`), then its anonymous-access rule.
 */
export async function assertEventReadable<E extends AppEnv>(
  c: Context<E>,
  event: EventAccessRow & { passwordHash: string | null },
  password: string | undefined,
): Promise<void> {
  await assertEventPassword(event.passwordHash, password);
  await assertEventMemberUnlessOpen(c, event);
}
