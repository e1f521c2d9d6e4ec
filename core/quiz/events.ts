/**
 * What happened in a quiz, in the past tense. The log of a quiz room is a list of these; each is
 * stored as `{ seq, at, type, data }`. New kinds may be added; `evolve` ignores kinds it does
 * not know, so old logs replay forever.
 */
import type { QuizQuestion } from "./model";

export type QuizEvent =
  | { type: "player_joined"; data: { playerId: string; name: string } }
  | { type: "quiz_started"; data: { questions: QuizQuestion[] } }
  | { type: "question_shown"; data: { questionIndex: number } }
  | { type: "timer_started"; data: { questionIndex: number } }
  | { type: "timer_stopped"; data: { questionIndex: number } }
  | { type: "timer_ended"; data: { questionIndex: number } }
  | { type: "answer_counted_in"; data: { questionId: number; playerId: string } }
  | { type: "answer_counted_out"; data: { questionId: number; playerId: string } }
  | {
      type: "answer_submitted";
      data: { questionId: number; playerId: string; optionIds: number[]; elapsedMs: number };
    }
  | { type: "result_shown"; data: { questionIndex: number } }
  | { type: "result_hidden"; data: { questionIndex: number } }
  | { type: "podium_shown"; data: { questionIndex: number } }
  | { type: "podium_left"; data: { questionIndex: number } }
  | { type: "final_shown"; data: Record<string, never> }
  /** A new run begins in the lobby: players, answers and the question on screen are cleared. */
  | { type: "quiz_reset"; data: { run: number } };

export type QuizEventType = QuizEvent["type"];

/** An event with the time it happened, as `decide` returns it and the log stores it. */
export type TimedQuizEvent = QuizEvent & { at: number };
