/**
 * The answers of a live quiz as rows of `quiz_answers`, which the room writes at show_result and
 * final so per-question votes and the results export outlive the room.
 */
import type { QuizState } from "./model";
import type { AnswerRecord } from "./results-csv";

export interface AnswerRow extends AnswerRecord {
  elapsedMs: number;
  points: number;
}

/** Every answer to the given questions, keyed by the room's player id (`p<id>`). */
export function answerRows(state: QuizState, questionIds: readonly number[]): AnswerRow[] {
  return questionIds.flatMap((questionId) =>
    Object.entries(state.answers[String(questionId)] ?? {}).map(([playerKey, answer]) => ({
      playerKey,
      questionId,
      optionIds: answer.optionIds,
      elapsedMs: answer.elapsedMs,
      // A survey answer is neither right nor wrong; the column stores it as not correct.
      correct: answer.correct === true,
      points: answer.points,
    })),
  );
}
