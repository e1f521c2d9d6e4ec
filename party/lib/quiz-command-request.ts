/**
 * A moderator's command over HTTP (`POST /parties/quiz-room/{id}` with `{ "action": … }`), for
 * tools and tests. The Worker checked the moderator and forwards the role in a header.
 */

import { errorStatus } from "@core/error-status";
import { DomainError, ErrorCode } from "@core/errors";
import { QUIZ_ROLE_HEADER } from "@core/protocol/quiz";
import { dropUnreadBody } from "../../worker/unread-body";
import { commandOverHttp, type QuizSession } from "../quiz-session";
import { readLimited } from "./read-limited";

/** A moderator's command over HTTP is a few bytes: anything much larger is not one. */
const MAX_COMMAND_BYTES = 1_024;

export async function commandRequest(request: Request, session: QuizSession): Promise<Response> {
  if (request.method !== "POST" || request.headers.get(QUIZ_ROLE_HEADER) !== "moderator") {
    // A body left unread, or cancelled, breaks the connection under the client's refusal.
    await dropUnreadBody(request);
    return Response.json({ error: { code: ErrorCode.Forbidden } }, { status: 403 });
  }
  const text = await readLimited(request, MAX_COMMAND_BYTES);
  if (text === null) return Response.json({ error: { code: ErrorCode.PayloadTooLarge } }, { status: 413 });
  const command = commandOverHttp(text);
  if (!command) return Response.json({ error: { code: ErrorCode.UnknownCommand } }, { status: 400 });
  try {
    const events = await session.moderate(command);
    const { phase, questionIndex } = session.state;
    return Response.json({ data: { events, phase, questionIndex } });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return Response.json({ error: { code: error.code } }, { status: errorStatus(error.code) });
  }
}
