import { DomainError, ErrorCode } from "../../core/errors";
import { QUIZ_PLAYER_HEADER, QUIZ_ROLE_HEADER } from "../../core/protocol/quiz";
import { canManageQuiz } from "../../core/quiz/permissions";
import { assertEventPassword } from "../auth/event-access";
import { readQuizToken } from "../auth/quiz-tokens";
import { openSession, type Session } from "../auth/session";
import type { Database } from "../db/client";
import { findEventById } from "../db/queries/events";
import { findQuizPresentation } from "../db/queries/quiz";

type QuizPresentation = NonNullable<Awaited<ReturnType<typeof findQuizPresentation>>>;

export async function quizPresentationOrFail(db: Database, presentationId: number): Promise<QuizPresentation> {
  const presentation = await findQuizPresentation(db, presentationId);
  if (!presentation) throw new DomainError(ErrorCode.PresentationNotFound);
  return presentation;
}

/**
 * Manage quiz: a moderator of the presentation's event, or the speaker whose speaker_id is the
 * presentation's (spec §1, §6). A session of another event is refused like no session.
 */
export function assertQuizModerator(session: Session, presentation: QuizPresentation): void {
  if (session.event.id !== presentation.eventId) throw new DomainError(ErrorCode.Unauthorized);
  if (!canManageQuiz(session.member, presentation.speakerId)) throw new DomainError(ErrorCode.Forbidden);
}

/** The request forwarded to the quiz room, carrying the checked identity in our own headers. */
function withIdentity(request: Request, role: string, playerId?: string): Request {
  const headers = new Headers(request.headers);
  headers.set(QUIZ_ROLE_HEADER, role);
  if (playerId) headers.set(QUIZ_PLAYER_HEADER, playerId);
  else headers.delete(QUIZ_PLAYER_HEADER);
  return new Request(request, { headers });
}

/**
 * Who may enter a quiz room: `?role=moderator&token=<session>` for the moderator or the
 * presentation's speaker; `?role=player&token=<quiz token>` for a player of this quiz;
 * `?role=screen` for the big screen, behind the event's password when it has one.
 */
export async function authorizeQuizRequest(
  request: Request,
  db: Database,
  secret: string,
  presentationId: number,
): Promise<Request> {
  const query = new URL(request.url).searchParams;
  const presentation = await quizPresentationOrFail(db, presentationId);
  const bearer = request.headers.get("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const token = query.get("token") ?? bearer;
  const role = request.method === "POST" ? "moderator" : query.get("role");
  if (role === "moderator") {
    if (!token) throw new DomainError(ErrorCode.Unauthorized);
    assertQuizModerator(await openSession(db, secret, token), presentation);
    return withIdentity(request, "moderator");
  }
  if (role === "player") {
    if (!token) throw new DomainError(ErrorCode.Unauthorized);
    const player = await readQuizToken(secret, token);
    if (player.presentationId !== presentationId) throw new DomainError(ErrorCode.Unauthorized);
    return withIdentity(request, "player", player.playerId);
  }
  if (role === "screen") {
    const event = await findEventById(db, presentation.eventId);
    await assertEventPassword(event?.passwordHash ?? null, query.get("password") ?? undefined);
    return withIdentity(request, "screen");
  }
  throw new DomainError(ErrorCode.BadRequest);
}
