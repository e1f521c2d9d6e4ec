/**
 * Which presentations of an event have self-paced questions or results open right now
 * (schedule spec §2 'active quizzes only', §7 subscription `presentation_active`), and when that
 * list next changes, so a room can push the new list at that instant without polling.
 */
import { type QuizWindows, selfPacedActivity } from "./settings";

/** A presentation's quiz settings as the activity list needs them. */
export interface PresentationQuizSettings {
  id: number;
  live: boolean;
  windows: QuizWindows;
}

/** A presentation whose self-paced questions or results are open, in the spec's field names. */
export interface ActiveQuiz {
  id: number;
  non_live_questions_active: boolean;
  non_live_results_active: boolean;
}

export interface QuizActivity {
  /** Sorted by id; only presentations with questions or results open. */
  presentations: ActiveQuiz[];
  /** The next window boundary after `now`, when the list may change; null when none is left. */
  nextChangeAt: number | null;
}

export function quizActivity(settings: readonly PresentationQuizSettings[], now: number): QuizActivity {
  const presentations: ActiveQuiz[] = [];
  let nextChangeAt: number | null = null;
  for (const { id, live, windows } of settings) {
    // A live quiz is never self-paced, whatever its windows say, until its settings change.
    if (live) continue;
    const activity = selfPacedActivity(live, windows, now);
    if (activity.non_live_questions_active || activity.non_live_results_active) presentations.push({ id, ...activity });
    for (const boundary of [windows.questionsFrom, windows.questionsTo, windows.resultsFrom, windows.resultsTo]) {
      if (boundary > now && (nextChangeAt === null || boundary < nextChangeAt)) nextChangeAt = boundary;
    }
  }
  presentations.sort((a, b) => a.id - b.id);
  return { presentations, nextChangeAt };
}
