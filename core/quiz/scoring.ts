/**
 * Scoring: a correct answer earns round(1000 × (1 − (elapsed ÷ limit) ÷ 2)) points, so between
 * 1000 (instant) and 500 (last moment). A multi-answer question is correct only when exactly the
 * correct options are chosen. Survey questions score nothing and are neither right nor wrong.
 */
import type { QuizAnswer, QuizQuestion } from "./model";

export const MAX_POINTS = 1000;

export function isCorrect(question: QuizQuestion, optionIds: readonly number[]): boolean {
  const chosen = new Set(optionIds);
  const correct = new Set(question.correctOptionIds);
  return chosen.size === correct.size && [...correct].every((id) => chosen.has(id));
}

export function pointsFor(elapsedMs: number, limitMs: number): number {
  const share = limitMs > 0 ? Math.min(Math.max(elapsedMs / limitMs, 0), 1) : 1;
  return Math.round(MAX_POINTS * (1 - share / 2));
}

export function scoreAnswer(question: QuizQuestion, optionIds: readonly number[], elapsedMs: number): QuizAnswer {
  if (question.isSurvey) return { optionIds: [...optionIds], elapsedMs, correct: null, points: 0 };
  const correct = isCorrect(question, optionIds);
  return {
    optionIds: [...optionIds],
    elapsedMs,
    correct,
    points: correct ? pointsFor(elapsedMs, question.limitMs) : 0,
  };
}
