import { DomainError, ErrorCode } from "@core/errors";
import { openSession } from "../auth/session";
import type { Database } from "../db/client";
import { openTalk } from "../versions/talk-access";

/**
 * A connection to a talk's version-stream room: only with a token (`?token=`, browsers cannot
 * set headers on a WebSocket) of the talk's speaker or of a moderator of its event, the readers
 * of its versions through the API.
 */
export async function assertVersionStreamReadable(
  db: Database,
  secret: string,
  presentationId: number,
  token: string | null,
): Promise<void> {
  if (!token) throw new DomainError(ErrorCode.Unauthorized);
  await openTalk(db, await openSession(db, secret, token), presentationId, "read");
}
