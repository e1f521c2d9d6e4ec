/**
 * The quiz room's one alarm: the end of the running question's timer. Pure arithmetic on the
 * state, so the room only sets or deletes what this says.
 */
import { currentQuestion, type QuizState } from "./model";

/** When the running timer runs out, or null when no timer runs. */
export function timerEndsAt(state: QuizState): number | null {
  const question = currentQuestion(state);
  if (state.timerStartedAt === null || !question) return null;
  return state.timerStartedAt + Math.max(0, question.limitMs - state.timerSpentMs);
}

/** What a batch of events does to the alarm: set it at a time, delete it, or leave it. */
export type AlarmChange = { set: number } | "delete" | null;

export function alarmAfter(types: ReadonlySet<string>, state: QuizState): AlarmChange {
  if (types.has("timer_started")) {
    const endsAt = timerEndsAt(state);
    return endsAt === null ? "delete" : { set: endsAt };
  }
  if (types.has("timer_stopped") || types.has("timer_ended") || types.has("quiz_reset")) return "delete";
  return null;
}
