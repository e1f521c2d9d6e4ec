import { DomainError, ErrorCode } from "@core/errors";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import type { Database } from "../db/client";
import type { EventRow } from "../db/queries/events";
import { findSessionRows, type MemberRow, type UserRow } from "../db/queries/users";
import { bearerToken } from "./bearer";
import { readToken } from "./tokens";

/** Who is calling: the user, the one event their token is for, and their roles there. */
export interface Session {
  user: UserRow;
  event: EventRow;
  member: MemberRow;
}

export interface SessionEnv {
  Variables: { session: Session };
}

/**
 * The session of a bearer token. Refuses with 401 a forged or expired token, one revoked by
 * logout or a password change (its version is older than the user's), and one of an event the
 * user left.
 */
export async function openSession(db: Database, secret: string, token: string): Promise<Session> {
  const claims = await readToken(secret, token);
  const rows = await findSessionRows(db, claims.userId, claims.eventId);
  if (!rows || rows.user.tokenVersion !== claims.version) throw new DomainError(ErrorCode.Unauthorized);
  return rows;
}

export const requireSession = createMiddleware<AppEnv & SessionEnv>(async (c, next) => {
  const token = bearerToken(c.req.header("authorization"));
  if (!token) throw new DomainError(ErrorCode.Unauthorized);
  c.set("session", await openSession(c.var.db, c.env.JWT_SECRET, token));
  await next();
});

/** A token of another event than the one addressed is refused like no token. */
export function assertSameEvent(session: Session, eventId: number): void {
  if (session.event.id !== eventId) throw new DomainError(ErrorCode.Unauthorized);
}

/**
 * The session of a reader's token, or undefined: a missing, forged, expired or revoked token
 * reads as anonymous, not as an error, so a stale token left in a browser does not break an
 * event that lets everyone in. (A room request carries it in `?token=`, an HTTP call as its bearer.)
 */
export async function readerSession(
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

/** The session when it is one of that event; a session of another event reads as none. */
export function sessionOfEvent(session: Session | undefined, eventId: number): Session | undefined {
  return session?.event.id === eventId ? session : undefined;
}

/**
 * For routes that read as anonymous without a session: a live token's session is set, and any
 * other token (forged, expired, revoked) goes on as no token. A route that writes refuses the
 * anonymous itself (401), and one that addresses an event keeps only a session of that event
 * (`sessionOfEvent`).
 */
export const optionalSession = createMiddleware<AppEnv & Partial<SessionEnv>>(async (c, next) => {
  const session = await readerSession(c.var.db, c.env.JWT_SECRET, bearerToken(c.req.header("authorization")));
  if (session) c.set("session", session);
  await next();
});
