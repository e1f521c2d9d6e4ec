import { DomainError, ErrorCode } from "@core/errors";
import { assertEventPassword, assertMemberUnlessOpen } from "../auth/event-access";
import { openSession, type Session, sessionOfEvent } from "../auth/session";
import type { Database } from "../db/client";
import { type EventRow, findEventById } from "../db/queries/events";
import { findForumPresentation } from "../db/queries/forum";

interface ForumAccess {
  session: Session | undefined;
  password: string | undefined;
}

/** The presentation's event; `known` (the caller's session's event) spares reading it again. */
async function forumEvent(db: Database, presentationId: number, known?: EventRow) {
  const presentation = await findForumPresentation(db, presentationId);
  const event =
    presentation && (known?.id === presentation.eventId ? known : await findEventById(db, presentation.eventId));
  if (!presentation || !event) throw new DomainError(ErrorCode.PresentationNotFound);
  return event;
}

/**
 * The event's password first, then `assertMemberUnlessOpen` (401 `login-required` to anyone but
 * its signed-in members where anonymous access is off), then the forum switched on (403).
 */
async function assertForumOpen(event: EventRow, session: Session | undefined, password: string | undefined) {
  await assertEventPassword(event.passwordHash, password);
  assertMemberUnlessOpen(event, session);
  if (!event.forum) throw new DomainError(ErrorCode.Forbidden);
}

/**
 * A presentation's forum is read by whoever may read its event, where the event has the forum
 * switched on. A token of another event reads as anonymous, as a stale one does. Answers the
 * event and the reader's session in it, if any.
 */
export async function admitToForum(db: Database, presentationId: number, access: ForumAccess) {
  const event = await forumEvent(db, presentationId, access.session?.event);
  const session = sessionOfEvent(access.session, event.id);
  await assertForumOpen(event, session, access.password);
  return { event, session };
}

/** Writing to a forum needs a session of the presentation's own event: 401 `unauthorized` first. */
export async function admitForumWriter(db: Database, presentationId: number, access: ForumAccess) {
  const event = await forumEvent(db, presentationId, access.session?.event);
  const session = sessionOfEvent(access.session, event.id);
  if (!session) throw new DomainError(ErrorCode.Unauthorized);
  await assertForumOpen(event, session, access.password);
  return { event, session };
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
