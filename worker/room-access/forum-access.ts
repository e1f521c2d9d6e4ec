import { DomainError, ErrorCode } from "@core/errors";
import { assertEventPassword } from "../auth/event-access";
import { openSession, type Session } from "../auth/session";
import type { Database } from "../db/client";
import { findEventById } from "../db/queries/events";
import { findForumPresentation } from "../db/queries/forum";

/**
 * A presentation's forum is open to whoever may see its event: behind the event's password when
 * protected, to signed-in members only when anonymous access is off, and only where the event
 * has the forum switched on. A session of another event is refused.
 */
export async function assertForumReadable(
  db: Database,
  presentationId: number,
  access: { session: Session | undefined; password: string | undefined },
) {
  const presentation = await findForumPresentation(db, presentationId);
  const event = presentation && (await findEventById(db, presentation.eventId));
  if (!presentation || !event) throw new DomainError(ErrorCode.PresentationNotFound);
  if (access.session && access.session.event.id !== event.id) throw new DomainError(ErrorCode.Unauthorized);
  await assertEventPassword(event.passwordHash, access.password);
  if (!access.session && !event.allowAnonymousAccess) throw new DomainError(ErrorCode.Unauthorized);
  if (!event.forum) throw new DomainError(ErrorCode.Forbidden);
  return { event };
}

/**
 * Whether a forum room's connection may receive what moderators see (hidden posts): only with a
 * token of a moderator of the presentation's own event. Anything else, a bad token or a failed
 * read included, reads as everyone does.
 */
export async function isForumModerator(
  db: Database,
  secret: string,
  presentationId: number,
  token: string | null,
): Promise<boolean> {
  if (!token) return false;
  try {
    const [session, presentation] = await Promise.all([
      openSession(db, secret, token),
      findForumPresentation(db, presentationId),
    ]);
    return session.member.isModerator && session.event.id === presentation?.eventId;
  } catch (error) {
    // Failing closed: a connection whose role cannot be read sees what everyone sees.
    if (!(error instanceof DomainError)) console.error("forum reader role not read", error);
    return false;
  }
}
