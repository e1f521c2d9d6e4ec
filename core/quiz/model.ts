/**
 * The live quiz of one presentation as the quiz room knows it. Built only by folding events
 * (evolve.ts), so the room, the big screen, the moderator's browser and ops replay agree.
 */

/** A question as frozen when the quiz starts: later edits do not change a running quiz. */
export interface QuizQuestion {
  id: number;
  isSurvey: boolean;
  /** In display order (a, b, c…). */
  optionIds: number[];
  correctOptionIds: number[];
  /** Answering time of this question. */
  limitMs: number;
}

export interface QuizPlayer {
  id: string;
  name: string;
  joinedAt: number;
}

export interface QuizAnswer {
  optionIds: number[];
  /** Time since the timer started, pauses excluded, measured by the room. */
  elapsedMs: number;
  /** Null for a survey question. */
  correct: boolean | null;
  points: number;
}

/**
 * - `lobby`: players join, no question shown.
 * - `answering`: the current question's timer runs; answers are accepted.
 * - `paused`: the moderator stopped the timer; options are locked.
 * - `closed`: the timer ended; players wait.
 * - `podium`: the podium after a question.
 * - `final`: the final podium; the quiz is over.
 */
export type QuizPhase = "lobby" | "answering" | "paused" | "closed" | "podium" | "final";

export interface QuizState {
  phase: QuizPhase;
  questions: QuizQuestion[];
  /** -1 before the first question. */
  questionIndex: number;
  /** Results (correct options, votes) shown for the current question. */
  resultVisible: boolean;
  /** When the running timer (re)started, or null when it is not running. */
  timerStartedAt: number | null;
  /** Answering time already spent before the last pause. */
  timerSpentMs: number;
  players: Record<string, QuizPlayer>;
  /** questionId → playerId → answer. */
  answers: Record<string, Record<string, QuizAnswer>>;
  /** questionId → players currently selecting options (answer_count_in / _out). */
  selecting: Record<string, string[]>;
  /** Which run of the quiz this is: 1, then one more after each `quiz_reset`. */
  run: number;
}

export const initialQuizState: QuizState = {
  phase: "lobby",
  questions: [],
  questionIndex: -1,
  resultVisible: false,
  timerStartedAt: null,
  timerSpentMs: 0,
  players: {},
  answers: {},
  selecting: {},
  run: 1,
};

export function currentQuestion(state: QuizState): QuizQuestion | undefined {
  return state.questions[state.questionIndex];
}

/** Answering time spent on the current question at `now`, pauses excluded. */
export function timerElapsedMs(state: QuizState, now: number): number {
  return state.timerSpentMs + (state.timerStartedAt === null ? 0 : Math.max(0, now - state.timerStartedAt));
}

/** Time left on the current question's timer at `now`. */
export function timerRemainingMs(state: QuizState, now: number): number {
  const question = currentQuestion(state);
  return question ? Math.max(0, question.limitMs - timerElapsedMs(state, now)) : 0;
}
