/**
 * What the actors of a quiz ask for, in the imperative (spec §4 quiz actions). The moderator
 * drives; players answer; the room itself adds players (after the quiz login) and ends timers.
 */
import type { QuizQuestion } from "./model";

export type ModeratorCommand =
  | { type: "start_quiz"; data: { questions: QuizQuestion[] } }
  | { type: "next_question" }
  | { type: "back_question" }
  | { type: "timer_start" }
  | { type: "timer_stop" }
  | { type: "show_result" }
  | { type: "hide_result" }
  | { type: "show_podium" }
  | { type: "back" }
  | { type: "final" }
  /** Starts the quiz over (a rehearsal, then the live run): the log so far is kept as the previous run. */
  | { type: "reset_quiz" };

export type PlayerCommand =
  | { type: "submit_answer"; data: { questionId: number; optionIds: number[] } }
  | { type: "answer_count_in"; data: { questionId: number } }
  | { type: "answer_count_out"; data: { questionId: number } };

export type SystemCommand =
  | { type: "add_player"; data: { playerId: string; name: string } }
  | { type: "timer_end"; data: { questionIndex: number } };

export type QuizCommand = ModeratorCommand | PlayerCommand | SystemCommand;

export type QuizActor = { role: "moderator" } | { role: "player"; playerId: string } | { role: "system" };

/** Time and actor come from the room, so `decide` stays deterministic. */
export interface QuizContext {
  now: number;
  actor: QuizActor;
}

export const MODERATOR_COMMANDS = [
  "start_quiz",
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
] as const satisfies readonly ModeratorCommand["type"][];

/**
 * The moderator's commands that end the answering of an open question (`endTimerIfRunning` in
 * decide.ts); a reset ends it too, but starts a new run where those answers no longer count.
 */
export const ENDS_ANSWERING: ReadonlySet<ModeratorCommand["type"]> = new Set([
  "timer_stop",
  "show_result",
  "show_podium",
  "final",
  "next_question",
  "back_question",
]);
