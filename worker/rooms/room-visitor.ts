import { DomainError, ErrorCode } from "../../core/errors";
import { openSession, type Session } from "../auth/session";
import type { Database } from "../db/client";

/**
 * The session of a room request's `?token=` (browsers cannot set headers on a WebSocket), or
 * undefined: a missing, expired or revoked token reads as anonymous, so a stale token left in a
 * browser does not break a big screen of an event that lets everyone in.
 */
export async function roomVisitorSession(
  db: Database,
  secret: string,
  token: string | null | undefined,
): Promise<Session | undefined> {
  if (!token) return undefined;
  try {
    return await openSession(db, secret, token);
  } catch (error) {
    if (error instanceof DomainError && error.code === ErrorCode.Unauthorized) return undefined;
    throw error;
  }
}

/**
 * An event with anonymous access off (`events.allow_anonymous_access`) lets only a member signed
 * in to that very event into its rooms (401 `login-required`), as its HTTP routes do
 * (worker/auth/event-access.ts).
 */
export function assertRoomVisitorAdmitted(
  event: { id: number; allowAnonymousAccess: boolean },
  session: Session | undefined,
): void {
  if (event.allowAnonymousAccess) return;
  if (session?.event.id !== event.id) throw new DomainError(ErrorCode.LoginRequired);
}
