import { DomainError, ErrorCode } from "@core/errors";
import { Id } from "@core/ids";
import type { RoomResult } from "@core/protocol/room-result";
import { splitRuns } from "@core/quiz/runs";
import { toSingleLineText } from "@core/text/plain-text";
import { type Context, Hono } from "hono";
import { getServerByName } from "partyserver";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { bearerToken } from "../auth/bearer";
import { assertEventMemberUnlessOpen } from "../auth/event-access";
import { openQuizByJoinCode } from "../auth/quiz-join-limit";
import { issueQuizToken, readQuizToken } from "../auth/quiz-tokens";
import { requireSession, type SessionEnv } from "../auth/session";
import type { Database } from "../db/client";
import {
  createQuizPlayer,
  findOpenQuizByCode,
  findQuestionPresentation,
  findQuizPlayerByName,
  findQuizSession,
  openQuizSession,
  startNewQuizRun,
} from "../db/queries/quiz";
import type { Env } from "../env";
import { openManagedQuiz, openQuiz } from "../room-access/quiz-access";
import { relayPlacement, relayPlayers } from "../room-access/quiz-relay-forward";
import { IdParam, SlugParam, valid } from "../validation";
import { QuizPasswordQuery } from "./quiz-password-query";
import { openRouteManagedQuiz, QuizPresentationParam } from "./quiz-route-context";
import { quizScreenRoutes } from "./quiz-screen";

const JOIN_CODE = /^\d{6}$/;

const quizRoom = (env: Env, presentationId: number) => getServerByName(env.QuizRoom, String(presentationId));

/** The quiz player of the bearer token (a quiz token, not an account session). */
async function player(c: { env: Env; req: { header(name: string): string | undefined } }) {
  const token = bearerToken(c.req.header("authorization"));
  if (!token) throw new DomainError(ErrorCode.Unauthorized);
  return readQuizToken(c.env.JWT_SECRET, token);
}

/** A room's refusal becomes the API's error. */
function unwrap<T>(result: RoomResult<T>): T {
  if (!result.ok) throw new DomainError(result.code);
  return result.value;
}

/**
 * The presentation of a call anyone may make (a nickname joining, the live check, a question's
 * results), once `openQuiz` lets the caller in; an event that lets no one in anonymously answers
 * only a member signed in to it (bearer token), as its other reads do.
 */
async function openPublicQuiz<E extends AppEnv>(c: Context<E>, presentationId: number, password: string | undefined) {
  const presentation = await openQuiz(c.var.db, presentationId, { password });
  await assertEventMemberUnlessOpen(c, {
    id: presentation.eventId,
    allowAnonymousAccess: presentation.eventAllowsAnonymous,
  });
  return presentation;
}

// Control and bidi characters go first: a nickname made only of them is refused as empty.
const Nickname = v.pipe(v.string(), toSingleLineText, v.trim(), v.minLength(1), v.maxLength(30));
/** Random id the browser keeps: the same device gets its player (and points) back. */
const DeviceId = v.optional(v.pipe(v.string(), v.maxLength(64)), "");

type QuizSessionRow = NonNullable<Awaited<ReturnType<typeof findQuizSession>>>;

/**
 * A nickname enters the quiz: found again when it is theirs (same device, or same signed-in
 * member), refused when another player has it, created otherwise; then added to the room and given
 * its quiz token.
 */
async function admitPlayer(
  env: Env,
  db: Database,
  session: QuizSessionRow,
  who: { name: string; deviceId: string; userId: number | null },
) {
  const existing = await findQuizPlayerByName(db, session.presentationId, who.name);
  const theirs =
    existing &&
    ((who.deviceId !== "" && existing.deviceId === who.deviceId) ||
      (who.userId !== null && existing.userId === who.userId));
  if (existing && !theirs) throw new DomainError(ErrorCode.NicknameTaken);
  const row = existing ?? (await createQuizPlayer(db, session.presentationId, who.name, who.deviceId, who.userId));
  const playerId = `p${row.id}`;
  const room = await quizRoom(env, session.presentationId);
  const perRelay = relayPlayers(env);
  // A finished quiz takes no new players: the newcomer's view is its final results, unranked.
  const placed =
    session.status === "finished"
      ? { run: await room.run(), relay: undefined }
      : perRelay
        ? relayPlacement(unwrap(await room.placePlayer(playerId, row.name)), perRelay)
        : { run: unwrap(await room.addPlayer(playerId, row.name)), relay: undefined };
  // The token names the run (after a rerun it is refused like an invalid one) and, sharded, the relay.
  const token = await issueQuizToken(env.JWT_SECRET, { playerId, presentationId: session.presentationId, ...placed });
  return {
    statusCode: 201,
    token,
    id: playerId,
    user: { name: row.name, presentation_id: session.presentationId, user_id: playerId },
    presentationId: session.presentationId,
    quizStatus: session.status,
  };
}

/** A 6-digit code no other open quiz uses right now. */
async function freshJoinCode(db: Database): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const code = String(crypto.getRandomValues(new Uint32Array(1))[0] ?? 0)
      .padStart(6, "0")
      .slice(-6);
    if (!(await findOpenQuizByCode(db, code))) return code;
  }
  throw new DomainError(ErrorCode.Conflict);
}

/**
 * The live quiz's calls. Those of a signed-in moderator, of a nickname joining and the anonymous
 * reads give the event's password when it has one (`?password=`); a player's quiz token stands
 * for it afterwards, as it is only issued behind it.
 */
export const quizRoutes = new Hono<AppEnv & Partial<SessionEnv>>()
  .post(
    "/quiz/get-code",
    requireSession,
    valid("query", QuizPasswordQuery),
    valid("json", v.object({ _id: Id })),
    async (c) => {
      const presentation = await openManagedQuiz(c.var.db, c.req.valid("json")._id, {
        session: c.var.session as NonNullable<typeof c.var.session>,
        password: c.req.valid("query").password,
      });
      const open =
        (await findQuizSession(c.var.db, presentation.id)) ??
        (await openQuizSession(c.var.db, presentation.id, await freshJoinCode(c.var.db)));
      if (!open) throw new DomainError(ErrorCode.Conflict);
      // A finished quiz keeps its code (joining it shows the final results): `reset` starts a new run.
      const { code, status } = open;
      return c.json({ statusCode: 200, code, status }, 200);
    },
  )
  .post(
    "/quiz/login",
    valid("query", QuizPasswordQuery),
    valid(
      "json",
      v.object({
        code: v.pipe(v.string(), v.trim(), v.regex(JOIN_CODE)),
        name: Nickname,
        /** The quiz the code is meant for, when the caller knows it: its wrong guesses are limited too. */
        presentationId: v.optional(Id),
        /** The event whose join page the code was typed on: another event's code is no code here. */
        slug: v.optional(SlugParam),
        deviceId: DeviceId,
      }),
    ),
    async (c) => {
      const { code, name, deviceId, presentationId, slug } = c.req.valid("json");
      // The event is checked with the code, before its access: another event's password or
      // members-only refusal would tell that the code exists there.
      const session = await openQuizByJoinCode(c, code, { presentationId, eventSlug: slug });
      await openPublicQuiz(c, session.presentationId, c.req.valid("query").password);
      return c.json(await admitPlayer(c.env, c.var.db, session, { name, deviceId, userId: null }), 201);
    },
  )
  /**
   * One tap from the QUIZ button: a member signed in to the event joins the presentation's open
   * quiz without its code, under their profile name or the nickname they typed instead.
   */
  .post(
    "/quiz/:presentationId/join",
    requireSession,
    valid("param", v.object({ presentationId: IdParam })),
    valid("query", QuizPasswordQuery),
    valid("json", v.object({ name: Nickname, deviceId: DeviceId })),
    async (c) => {
      const member = c.var.session as NonNullable<typeof c.var.session>;
      const presentation = await openQuiz(c.var.db, c.req.valid("param").presentationId, {
        session: member,
        password: c.req.valid("query").password,
      });
      const session = await findQuizSession(c.var.db, presentation.id);
      if (!session || !presentation.live) throw new DomainError(ErrorCode.QuizNotRunning);
      const { name, deviceId } = c.req.valid("json");
      return c.json(await admitPlayer(c.env, c.var.db, session, { name, deviceId, userId: member.user.id }), 201);
    },
  )
  .post("/quiz/check-live", valid("query", QuizPasswordQuery), valid("json", v.object({ _id: Id })), async (c) => {
    const presentation = await openPublicQuiz(c, c.req.valid("json")._id, c.req.valid("query").password);
    return c.json({ live: presentation.live }, 200);
  })
  .post("/quiz/get-user-action", valid("json", v.object({ _id: Id })), async (c) => {
    const { playerId, presentationId, run } = await player(c);
    if (presentationId !== c.req.valid("json")._id) throw new DomainError(ErrorCode.Unauthorized);
    const view = unwrap(await (await quizRoom(c.env, presentationId)).viewFor(playerId, run));
    return c.json({ status: 200, data: { action: view.action, question_index: view.questionIndex, view } }, 200);
  })
  .post(
    "/quiz/submit-answer",
    valid(
      "json",
      v.object({
        questionId: Id,
        presentationId: Id,
        optionIds: v.pipe(v.array(Id), v.minLength(1), v.maxLength(20)),
        userId: v.optional(v.string()),
      }),
    ),
    async (c) => {
      const { playerId, presentationId, run } = await player(c);
      const body = c.req.valid("json");
      if (presentationId !== body.presentationId) throw new DomainError(ErrorCode.Unauthorized);
      if (body.userId !== undefined && body.userId !== playerId) throw new DomainError(ErrorCode.Forbidden);
      const room = await quizRoom(c.env, presentationId);
      return c.json(
        { status: 200, data: unwrap(await room.submitAnswer(playerId, run, body.questionId, body.optionIds)) },
        200,
      );
    },
  )
  .post(
    "/quiz/get-question-result",
    valid("query", QuizPasswordQuery),
    valid("json", v.object({ _id: Id })),
    async (c) => {
      const question = await findQuestionPresentation(c.var.db, c.req.valid("json")._id);
      if (!question) throw new DomainError(ErrorCode.NoSuchQuestion);
      await openPublicQuiz(c, question.presentationId, c.req.valid("query").password);
      const room = await quizRoom(c.env, question.presentationId);
      const result = unwrap(await room.questionResult(c.req.valid("json")._id));
      return c.json({ statusCode: 200, data: result }, 200);
    },
  )
  /**
   * Runs the quiz again (a rehearsal, then the live run): the room keeps the finished run in its
   * log and opens a fresh lobby; the join code is new, and the previous run's live results go.
   */
  .post(
    "/quiz/:presentationId/reset",
    requireSession,
    valid("param", QuizPresentationParam),
    valid("query", QuizPasswordQuery),
    async (c) => {
      const presentation = await openRouteManagedQuiz(c);
      unwrap(await (await quizRoom(c.env, presentation.id)).resetRun());
      const code = await freshJoinCode(c.var.db);
      await startNewQuizRun(c.var.db, presentation.id, code);
      return c.json({ statusCode: 200, code, status: "lobby" as const }, 200);
    },
  )
  // Ops: the room's event log as JSON Lines, replayable with `npm run replay`: every run, or one (`?run=1`, …).
  .get(
    "/quiz/:presentationId/events",
    requireSession,
    valid("param", QuizPresentationParam),
    valid("query", v.object({ ...QuizPasswordQuery.entries, run: v.optional(IdParam) })),
    async (c) => {
      const presentation = await openRouteManagedQuiz(c);
      const jsonl = await (await quizRoom(c.env, presentation.id)).exportLog();
      const { run } = c.req.valid("query");
      if (run === undefined) {
        return c.body(jsonl, 200, {
          "content-type": "application/x-ndjson; charset=utf-8",
          "content-disposition": `attachment; filename="quiz-${presentation.id}.jsonl"`,
        });
      }
      const lines = jsonl.split("\n").filter((line) => line !== "");
      const events = splitRuns(
        lines.map((line) => ({ line, type: String(v.parse(EventType, JSON.parse(line)).type) })),
      );
      const selected = events[run - 1];
      if (!selected) throw new DomainError(ErrorCode.NotFound);
      return c.body(selected.map(({ line }) => `${line}\n`).join(""), 200, {
        "content-type": "application/x-ndjson; charset=utf-8",
        "content-disposition": `attachment; filename="quiz-${presentation.id}-run-${run}.jsonl"`,
      });
    },
  )
  .route("/", quizScreenRoutes);

/** What the export needs of a logged event to split the log by run. */
const EventType = v.object({ type: v.string() });
