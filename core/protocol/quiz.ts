/**
 * Messages of the quiz room (`/parties/quiz-room/{presentationId}`), both directions.
 * Roles: the moderator sends commands and follows the whole event stream; the big screen only
 * follows an answer-free projection of it (core/quiz/fan-out.ts); players answer and receive
 * their own view only (never other players' answers).
 */
import * as v from "valibot";
import type { QuizAnswer, QuizPhase, QuizQuestion, QuizState } from "../quiz/model";
import type { StoredEvent } from "./stored-event";

/** Headers the Worker sets on an authorized request to the room; a client's own are replaced. */
export const QUIZ_ROLE_HEADER = "x-quiz-role";
export const QUIZ_PLAYER_HEADER = "x-quiz-player";

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
      "reset_quiz",
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
  /** Moderator and big screen: the state at `seq` as the role may know it, then the events after it. */
  | { type: "snapshot"; seq: number; state: WatchedQuizState; connected: number /** The room's clock. */; now: number }
  /**
   * The events numbered `after + 1` to `through` the role may see: the moderator all of them, the
   * big screen only those it folds without learning answers (it may get none, or a new snapshot).
   */
  | { type: "events"; after: number; through: number; events: StoredEvent[] }
  /** Moderator and big screen, at most 10 a second. */
  | { type: "counters"; connected: number; answered: number; selecting: number; players: number }
  /** Players: their whole view after connecting or any question-level change. */
  | { type: "player_view"; view: PlayerView }
  /** The sender of an answer only. */
  | { type: "answer_ack"; requestId?: string | undefined; questionId: number }
  | { type: "error"; code: string; requestId?: string | undefined };
