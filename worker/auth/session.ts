import { DomainError, ErrorCode } from "@core/errors";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import type { Database } from "../db/client";
import type { EventRow } from "../db/queries/events";
import { findEventById } from "../db/queries/events";
import { findMembership, findUserById, type MemberRow, type UserRow } from "../db/queries/users";
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
  const user = await findUserById(db, claims.userId);
  if (!user || user.tokenVersion !== claims.version) throw new DomainError(ErrorCode.Unauthorized);
  const [event, member] = await Promise.all([
    findEventById(db, claims.eventId),
    findMembership(db, user.id, claims.eventId),
  ]);
  if (!event || !member) throw new DomainError(ErrorCode.Unauthorized);
  return { user, event, member };
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

/** Like `requireSession` when a token is sent; without one the request goes on anonymous. */
export const optionalSession = createMiddleware<AppEnv & Partial<SessionEnv>>(async (c, next) => {
  if (!bearerToken(c.req.header("authorization"))) return next();
  return requireSession(c as Context<AppEnv & SessionEnv>, next);
});
