import { DomainError, ErrorCode } from "@core/errors";
import { canReadVersions, canWriteVersions } from "@core/versions/permissions";
import { assertSameEvent, type Session } from "../auth/session";
import type { Database } from "../db/client";
import { findTalk } from "../db/queries/versions";

/**
 * The talk whose versions the session reaches: to read (its speaker, the event's moderators) or
 * to write (its speaker only). An unknown or withdrawn talk is 404, a token of another event 401
 * (as every route of an event answers it), anyone else 403.
 */
export async function openTalk(db: Database, session: Session, presentationId: number, access: "read" | "write") {
  const talk = await findTalk(db, presentationId);
  if (!talk) throw new DomainError(ErrorCode.PresentationNotFound);
  assertSameEvent(session, talk.eventId);
  const allowed = access === "write" ? canWriteVersions : canReadVersions;
  if (!allowed(session.member, talk.speakerId)) throw new DomainError(ErrorCode.Forbidden);
  return talk;
}
