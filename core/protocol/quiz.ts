/**
 * Messages of the quiz room (`/parties/quiz-room/{presentationId}`), both directions.
 * Roles: the moderator sends commands and follows the whole event stream; the big screen only
 * follows an answer-free projection of it (core/quiz/fan-out.ts); players answer and receive
 * their own view only (never other players' answers).
 */
import * as v from "valibot";
import { ErrorCode } from "../errors";
import type { QuizAnswer, QuizPhase, QuizQuestion, QuizState } from "../quiz/model";
import type { StoredEvent } from "./stored-event";

/** Headers the Worker sets on an authorized request to the room; a client's own are replaced. */
export const QUIZ_ROLE_HEADER = "x-quiz-role";
export const QUIZ_PLAYER_HEADER = "x-quiz-player";
/** The run a player's token was issued for: a rerun's room closes the sockets of earlier runs. */
export const QUIZ_RUN_HEADER = "x-quiz-run";

const Id = v.pipe(v.number(), v.integer(), v.minValue(1));

export const ModeratorCommandSchema = v.variant("type", [
  v.object({ type: v.picklist(["start_quiz"]) }),
  v.object({
    type: v.picklist([
      "next_question",
      "back_question",
      "timer_start",
      "timer_stop",
      "show_result",
      "hide_result",
      "show_podium",
      "back",
      "final",
    ]),
  }),
]);
export type ModeratorCommandMessage = v.InferOutput<typeof ModeratorCommandSchema>;

export const QuizClientMessage = v.variant("type", [
  v.object({ type: v.literal("command"), command: ModeratorCommandSchema }),
  v.object({
    type: v.literal("answer"),
    questionId: Id,
    optionIds: v.pipe(v.array(Id), v.minLength(1), v.maxLength(20)),
    requestId: v.optional(v.pipe(v.string(), v.maxLength(64))),
  }),
  v.object({ type: v.picklist(["count_in", "count_out"]), questionId: Id }),
  v.object({ type: v.literal("sync") }),
]);
export type QuizClientMessage = v.InferOutput<typeof QuizClientMessage>;

/** The current question as a player may see it: no correct options until results are shown. */
export interface PlayerQuestion {
  id: number;
  index: number;
  count: number;
  optionIds: number[];
  isSurvey: boolean;
  limitMs: number;
  remainingMs: number;
  /** Only once the moderator shows the results. */
  correctOptionIds: number[] | null;
}

export interface PlayerView {
  phase: QuizPhase;
  /** The spec's quiz action: what the moderator did last. */
  action: string;
  questionIndex: number;
  question: PlayerQuestion | null;
  myAnswer: { optionIds: number[]; correct: boolean | null; points: number } | null;
  points: number;
  rank: number | null;
  /**
   * Whether the player is in the current run: false after the moderator reset the quiz (they join
   * again) and for a newcomer to a finished quiz.
   */
  joined: boolean;
}

/** A question as a watcher receives it: the big screen gets correct options only once they are shown. */
export type WatchedQuizQuestion = Omit<QuizQuestion, "correctOptionIds"> & { correctOptionIds?: number[] };

/** An answer as a watcher receives it: on the big screen's podium, only what ranks players. */
export type WatchedQuizAnswer = Pick<QuizAnswer, "elapsedMs" | "points"> & Partial<QuizAnswer>;

/**
 * The quiz state as a watcher receives it (core/quiz/fan-out.ts): the moderator's is the whole
 * state; the big screen's leaves out what it may not know yet. The web fills what is left out
 * with neutral values (no correct options, no chosen options).
 */
export type WatchedQuizState = Omit<QuizState, "questions" | "answers"> & {
  questions: WatchedQuizQuestion[];
  answers: Record<string, Record<string, WatchedQuizAnswer>>;
};

export type QuizServerMessage =
  /**
   * Moderator and big screen: the state at `seq` as the role may know it, then the events after it.
   * The first message a watcher receives, so it carries the protocol version.
   */
  | {
      type: "snapshot";
      protocol: number;
      seq: number;
      state: WatchedQuizState;
      /** Players with an open socket: the moderator and the big screen are not counted. */
      connected: number;
      /** The room's clock. */
      now: number;
    }
  /**
   * The events numbered `after + 1` to `through` the role may see: the moderator all of them, the
   * big screen only those it folds without learning answers (it may get none, or a new snapshot).
   */
  | { type: "events"; after: number; through: number; events: StoredEvent[] }
  /** Moderator and big screen, at most 10 a second. `connected` counts players only. */
  | { type: "counters"; connected: number; answered: number; selecting: number; players: number }
  /** Players: their whole view after connecting or any question-level change (the first one says the protocol). */
  | { type: "player_view"; view: PlayerView; protocol?: number }
  /** The sender of an answer only. */
  | { type: "answer_ack"; requestId?: string | undefined; questionId: number }
  | { type: "error"; code: ErrorCode; requestId?: string | undefined };

/**
 * The version of the quiz room's protocol, sent in the first message of a connection. A client
 * built for another version should reload rather than misread frames. Raised on any change a
 * client written for the previous version could not read.
 */
export const QUIZ_PROTOCOL_VERSION = 1;

// What the server sends, as a client checks it on arrival. A client fills what its role is not
// told (the big screen's correct options and chosen options) with neutral values, so the output
// is the kernel's `QuizState`, which `evolve` folds.

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));
const Phase = v.picklist(["lobby", "answering", "paused", "closed", "podium", "final"]);

/** `WatchedQuizState` on the wire, read as the kernel's `QuizState`. */
export const WatchedQuizStateSchema: v.GenericSchema<unknown, QuizState> = v.object({
  phase: Phase,
  questions: v.array(
    v.object({
      id: Id,
      isSurvey: v.boolean(),
      optionIds: v.array(Id),
      correctOptionIds: v.optional(v.array(Id), []),
      limitMs: Count,
    }),
  ),
  questionIndex: v.pipe(v.number(), v.integer(), v.minValue(-1)),
  resultVisible: v.boolean(),
  timerStartedAt: v.nullable(v.number()),
  timerSpentMs: Count,
  players: v.record(v.string(), v.object({ id: v.string(), name: v.string(), joinedAt: v.number() })),
  answers: v.record(
    v.string(),
    v.record(
      v.string(),
      v.object({
        optionIds: v.optional(v.array(Id), []),
        elapsedMs: Count,
        correct: v.optional(v.nullable(v.boolean()), null),
        points: Count,
      }),
    ),
  ),
  selecting: v.record(v.string(), v.array(v.string())),
  // States written before reruns existed have no run number: they were the first run.
  run: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1),
});

export const PlayerViewSchema: v.GenericSchema<unknown, PlayerView> = v.object({
  phase: Phase,
  action: v.string(),
  questionIndex: v.pipe(v.number(), v.integer(), v.minValue(-1)),
  question: v.nullable(
    v.object({
      id: Id,
      index: Count,
      count: Count,
      optionIds: v.array(Id),
      isSurvey: v.boolean(),
      limitMs: Count,
      remainingMs: Count,
      correctOptionIds: v.nullable(v.array(Id)),
    }),
  ),
  myAnswer: v.nullable(v.object({ optionIds: v.array(Id), correct: v.nullable(v.boolean()), points: Count })),
  points: Count,
  rank: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
  // Views sent before reruns existed did not say: the player was in the one run.
  joined: v.optional(v.boolean(), true),
});

/** A logged event as the room sends it; `evolve` reads `data` and ignores kinds it does not know. */
export const StoredEventSchema = v.object({
  seq: v.pipe(v.number(), v.integer(), v.minValue(1)),
  at: v.number(),
  type: v.string(),
  data: v.unknown(),
});

export const QuizServerMessageSchema = v.variant("type", [
  v.object({
    type: v.literal("snapshot"),
    protocol: v.number(),
    seq: Count,
    state: WatchedQuizStateSchema,
    connected: Count,
    now: v.number(),
  }),
  v.object({ type: v.literal("events"), after: Count, through: Count, events: v.array(StoredEventSchema) }),
  v.object({ type: v.literal("counters"), connected: Count, answered: Count, selecting: Count, players: Count }),
  v.object({ type: v.literal("player_view"), view: PlayerViewSchema, protocol: v.optional(v.number()) }),
  v.object({ type: v.literal("answer_ack"), requestId: v.optional(v.string()), questionId: Id }),
  v.object({
    type: v.literal("error"),
    code: v.picklist(Object.values(ErrorCode)),
    requestId: v.optional(v.string()),
  }),
]);
const QuestionIndex = v.object({ questionIndex: v.pipe(v.number(), v.integer(), v.minValue(0)) });
const PlayerOfQuestion = v.object({ questionId: Id, playerId: v.string() });

/**
 * The `data` of every event kind the room logs today (core/quiz/events.ts), for clients that
 * fold them. A client must ignore kinds it does not know, as `evolve` does: new kinds may come.
 */
export const QuizEventSchema = v.variant("type", [
  v.object({ type: v.literal("player_joined"), data: v.object({ playerId: v.string(), name: v.string() }) }),
  v.object({
    type: v.literal("quiz_started"),
    data: v.object({
      questions: v.array(
        v.object({
          id: Id,
          isSurvey: v.boolean(),
          optionIds: v.array(Id),
          correctOptionIds: v.array(Id),
          limitMs: Count,
        }),
      ),
    }),
  }),
  v.object({
    type: v.picklist([
      "question_shown",
      "timer_started",
      "timer_stopped",
      "timer_ended",
      "result_shown",
      "result_hidden",
      "podium_shown",
      "podium_left",
    ]),
    data: QuestionIndex,
  }),
  v.object({ type: v.picklist(["answer_counted_in", "answer_counted_out"]), data: PlayerOfQuestion }),
  v.object({
    type: v.literal("answer_submitted"),
    data: v.object({ questionId: Id, playerId: v.string(), optionIds: v.array(Id), elapsedMs: Count }),
  }),
  v.object({ type: v.literal("final_shown"), data: v.object({}) }),
  v.object({ type: v.literal("quiz_reset"), data: v.object({ run: v.pipe(v.number(), v.integer(), v.minValue(2)) }) }),
]);

/** A server message as a client reads it (after {@link QuizServerMessageSchema}). */
export type QuizServerFrame = v.InferOutput<typeof QuizServerMessageSchema>;
