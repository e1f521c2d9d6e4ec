/**
 * Quiz settings of a presentation (live quiz spec §3, §5, §9): live or self-paced, the timer,
 * and the windows in which self-paced questions and their results are open.
 */
import * as v from "valibot";

export const DEFAULT_TIMER_SECONDS = 30;
/** Default windows on the presentation's day, local time: questions 10:00–12:00, results 12:00–14:00. */
export const DEFAULT_WINDOWS_MINUTES = {
  questionsFrom: 600,
  questionsTo: 720,
  resultsFrom: 720,
  resultsTo: 840,
} as const;

const Instant = v.pipe(
  v.string(),
  v.isoTimestamp("an ISO date-time"),
  v.transform((text) => Date.parse(text)),
);

export const QuizSettingsInput = v.pipe(
  v.object({
    live: v.boolean(),
    timer: v.pipe(v.number("timer is a required number"), v.integer(), v.minValue(5), v.maxValue(600)),
    questions_from_time: Instant,
    questions_to_time: Instant,
    results_from_time: Instant,
    results_to_time: Instant,
  }),
  v.forward(
    v.check(
      (s) => s.questions_to_time > s.questions_from_time,
      "Questions To time, should be greater than Questions From time",
    ),
    ["questions_to_time"],
  ),
  v.forward(
    v.check(
      (s) => s.results_to_time > s.results_from_time,
      "Results To time, should be greater than Results From time",
    ),
    ["results_to_time"],
  ),
);
export type QuizSettingsInput = v.InferOutput<typeof QuizSettingsInput>;

export interface QuizWindows {
  questionsFrom: number;
  questionsTo: number;
  resultsFrom: number;
  resultsTo: number;
}

/** When the self-paced questions open, if that is still to come at `now` and the quiz is not live. */
export function questionsOpenAt(live: boolean, windows: QuizWindows, now: number): number | null {
  return !live && now < windows.questionsFrom ? windows.questionsFrom : null;
}

/** Whether self-paced questions and results are open at `now` (never while the quiz is live). */
export function selfPacedActivity(live: boolean, windows: QuizWindows, now: number) {
  return {
    non_live_questions_active: !live && now >= windows.questionsFrom && now < windows.questionsTo,
    non_live_results_active: !live && now >= windows.resultsFrom && now < windows.resultsTo,
  };
}
