import { DomainError, ErrorCode } from "@core/errors";
import { QUIZ_PLAYER_HEADER, QUIZ_ROLE_HEADER, QUIZ_RUN_HEADER } from "@core/protocol/quiz";
import { QUIZ_RELAY_HEADER, QUIZ_RELAY_KEY_HEADER } from "@core/protocol/quiz-relay";
import { canManageQuiz } from "@core/quiz/permissions";
import { bearerToken } from "../auth/bearer";
import { assertEventPassword, assertMemberUnlessOpen } from "../auth/event-access";
import { readQuizToken } from "../auth/quiz-tokens";
import { assertSameEvent, openSession, readerSession, type Session, sessionOfEvent } from "../auth/session";
import type { Database } from "../db/client";
import { findQuizPresentation } from "../db/queries/quiz";
import { findScreenLink } from "../db/queries/quiz-screen-links";

type QuizPresentation = NonNullable<Awaited<ReturnType<typeof findQuizPresentation>>>;

/** Who makes a quiz call: the session when signed in, and the event's password when given. */
export interface QuizCaller {
  session?: Session | undefined;
  password?: string | undefined;
}

async function quizPresentationOrFail(db: Database, presentationId: number): Promise<QuizPresentation> {
  const presentation = await findQuizPresentation(db, presentationId);
  if (!presentation) throw new DomainError(ErrorCode.PresentationNotFound);
  return presentation;
}

/**
 * An event with its quiz switched off (`events.quiz` false) has no quiz: every quiz call is
 * refused, moderators' included, as the web shows no quiz page for it. Nothing is deleted:
 * switched back on, the questions, settings and results are there again.
 */
export function assertEventHasQuiz(event: { quiz: boolean }): void {
  if (!event.quiz) throw new DomainError(ErrorCode.QuizOff);
}

/**
 * The presentation a quiz call is about, once its event lets the caller in, as the forum does
 * (worker/rooms/forum-access.ts): a session of another event is refused (401 unauthorized); a
 * protected event asks everyone for its password, signed-in members, speakers and moderators
 * included (401 error.prompt-password without it, 403 error.invalid-password when wrong); then
 * the event must have its quiz (403 quiz-off). Role checks come after, in the route.
 */
export async function openQuiz(db: Database, presentationId: number, caller: QuizCaller): Promise<QuizPresentation> {
  const presentation = await quizPresentationOrFail(db, presentationId);
  await admitToQuiz(presentation, caller);
  return presentation;
}

async function admitToQuiz(presentation: QuizPresentation, caller: QuizCaller): Promise<void> {
  if (caller.session) assertSameEvent(caller.session, presentation.eventId);
  await assertEventPassword(presentation.eventPasswordHash, caller.password);
  assertEventHasQuiz({ quiz: presentation.eventHasQuiz });
}

/**
 * Manage quiz: a moderator of the presentation's event, or the speaker whose speaker_id is the
 * presentation's (spec §1, §6). A session of another event is refused like no session.
 */
export function assertQuizModerator(session: Session, presentation: QuizPresentation): void {
  if (session.event.id !== presentation.eventId) throw new DomainError(ErrorCode.Unauthorized);
  if (!canManageQuiz(session.member, presentation.speakerId)) throw new DomainError(ErrorCode.Forbidden);
}

/** The presentation whose quiz `session` manages, through `openQuiz`'s checks first. */
export async function openManagedQuiz(
  db: Database,
  presentationId: number,
  caller: { session: Session; password: string | undefined },
): Promise<QuizPresentation> {
  const presentation = await openQuiz(db, presentationId, caller);
  assertQuizModerator(caller.session, presentation);
  return presentation;
}

/** The request forwarded to the quiz room, carrying the checked identity in our own headers. */
function withIdentity(
  request: Request,
  role: string,
  player?: { playerId: string; run: number; relay?: number | undefined },
): Request {
  const headers = new Headers(request.headers);
  headers.set(QUIZ_ROLE_HEADER, role);
  // Only rooms speak to rooms as relays (party/lib/relay-key.ts).
  headers.delete(QUIZ_RELAY_KEY_HEADER);
  headers.delete(QUIZ_RELAY_HEADER);
  if (player) {
    headers.set(QUIZ_PLAYER_HEADER, player.playerId);
    headers.set(QUIZ_RUN_HEADER, String(player.run));
    // The relay the player was placed on at login (worker/room-access/quiz-relay-forward.ts).
    if (player.relay !== undefined) headers.set(QUIZ_RELAY_HEADER, String(player.relay));
  } else {
    headers.delete(QUIZ_PLAYER_HEADER);
    headers.delete(QUIZ_RUN_HEADER);
  }
  return new Request(request, { headers });
}

/**
 * Who may enter a quiz room: `?role=moderator&token=<session>` for the moderator or the
 * presentation's speaker; `?role=player&token=<quiz token>` for a player of this quiz;
 * `?role=screen` for the big screen, read-only and answer-free (core/quiz/fan-out.ts), anonymous
 * unless the event lets no one in anonymously (then `&token=<session>` of a member of the event).
 * The moderator and the screen give the event's password when it has one (`&password=`); a
 * player's quiz token was only issued behind it (POST /api/quiz/login). No role enters the room
 * of an event without a quiz. The big screen may also enter with the presentation's read-only
 * screen link instead (`?role=screen&screen=<token>`, routes/quiz-screen.ts).
 */
export async function authorizeQuizRequest(
  request: Request,
  db: Database,
  secret: string,
  presentationId: number,
): Promise<Request> {
  const query = new URL(request.url).searchParams;
  const presentation = await quizPresentationOrFail(db, presentationId);
  const password = query.get("password") ?? undefined;
  const bearer = bearerToken(request.headers.get("authorization"));
  const token = query.get("token") ?? bearer;
  const role = request.method === "POST" ? "moderator" : query.get("role");
  if (role === "moderator") {
    if (!token) throw new DomainError(ErrorCode.Unauthorized);
    const session = await openSession(db, secret, token);
    await admitToQuiz(presentation, { session, password });
    assertQuizModerator(session, presentation);
    return withIdentity(request, "moderator");
  }
  if (role === "player") {
    if (!token) throw new DomainError(ErrorCode.Unauthorized);
    const player = await readQuizToken(secret, token);
    if (player.presentationId !== presentationId) throw new DomainError(ErrorCode.Unauthorized);
    assertEventHasQuiz({ quiz: presentation.eventHasQuiz });
    // The run is checked by the room, which alone knows the current one: it closes an earlier run's socket.
    return withIdentity(request, "player", player);
  }
  if (role === "screen" && query.has("screen")) {
    // The read-only screen link stands for the event's password and membership: its holder was
    // given it by a moderator. A revoked (replaced) link names no presentation any more.
    const link = await findScreenLink(db, query.get("screen") ?? "");
    if (link?.presentationId !== presentationId) throw new DomainError(ErrorCode.Unauthorized);
    assertEventHasQuiz({ quiz: presentation.eventHasQuiz });
    return withIdentity(request, "screen");
  }
  if (role === "screen") {
    // A read anyone may make where the event lets everyone in: a session of another event reads as
    // none (anonymous), as a stale or forged token does, instead of 401.
    const session = sessionOfEvent(await readerSession(db, secret, token), presentation.eventId);
    await admitToQuiz(presentation, { session, password });
    assertMemberUnlessOpen(
      { id: presentation.eventId, allowAnonymousAccess: presentation.eventAllowsAnonymous },
      session,
    );
    return withIdentity(request, "screen");
  }
  throw new DomainError(ErrorCode.BadRequest);
}
