import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { DomainError, ErrorCode } from "../../core/errors";
import type { AppEnv } from "../app-env";
import type { EventRow } from "../db/queries/events";
import { findEventById } from "../db/queries/events";
import { findMembership, findUserById, type MemberRow, type UserRow } from "../db/queries/users";
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

function bearer(c: Context): string | undefined {
  return c.req.header("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
}

/**
 * Refuses with 401 a missing, forged or expired token, one revoked by logout or a password
 * change (its version is older than the user's), and one of an event the user left.
 */
export const requireSession = createMiddleware<AppEnv & SessionEnv>(async (c, next) => {
  const token = bearer(c);
  if (!token) throw new DomainError(ErrorCode.Unauthorized);
  const claims = await readToken(c.env.JWT_SECRET, token);
  const user = await findUserById(c.var.db, claims.userId);
  if (!user || user.tokenVersion !== claims.version) throw new DomainError(ErrorCode.Unauthorized);
  const [event, member] = await Promise.all([
    findEventById(c.var.db, claims.eventId),
    findMembership(c.var.db, user.id, claims.eventId),
  ]);
  if (!event || !member) throw new DomainError(ErrorCode.Unauthorized);
  c.set("session", { user, event, member });
  await next();
});

/** A token of another event than the one addressed is refused like no token. */
export function assertSameEvent(session: Session, eventId: number): void {
  if (session.event.id !== eventId) throw new DomainError(ErrorCode.Unauthorized);
}

export type Role = "speaker" | "moderator";

/** 403 unless the session has one of the roles in its event. */
export function requireRole(...roles: Role[]) {
  return createMiddleware<AppEnv & SessionEnv>(async (c, next) => {
    const { member } = c.var.session;
    const allowed = roles.some((role) => (role === "speaker" ? member.isSpeaker : member.isModerator));
    if (!allowed) throw new DomainError(ErrorCode.Forbidden);
    await next();
  });
}
