/**
 * Where a talk's QUIZ entry (schedule card, talk page tab, quiz pages) leads now, read from the
 * public quiz status. The rule: an entry is offered only when it leads somewhere now; otherwise
 * it says what and when, never that a quiz runs when none does.
 */
import { type QuizWindows, questionsOpenAt, selfPacedActivity } from "./settings";

/** The live run of a talk's quiz: no lobby opened yet (`none`), its lobby, running, or finished. */
export type LiveQuizStatus = "none" | "lobby" | "running" | "finished";

/** The public facts the rule reads (`GET /api/quiz/{id}/status`): no answer, no score. */
export interface QuizEntryFacts {
  live: boolean;
  has_questions: boolean;
  live_status: LiveQuizStatus;
  non_live_questions_active: boolean;
  non_live_results_active: boolean;
  /** When the self-paced questions open, if that is still to come (ISO, UTC); else null. */
  questions_open_at: string | null;
}

/** A talk's quiz as stored: what its public facts are read from at a given time. */
export interface StoredQuizState {
  live: boolean;
  windows: QuizWindows;
  hasQuestions: boolean;
  liveStatus: LiveQuizStatus;
}

/** The public facts of a talk's quiz at `now`: one talk's status and the event's list alike. */
export function quizEntryFacts(quiz: StoredQuizState, now: number): QuizEntryFacts {
  const opensAt = questionsOpenAt(quiz.live, quiz.windows, now);
  return {
    live: quiz.live,
    has_questions: quiz.hasQuestions,
    live_status: quiz.liveStatus,
    questions_open_at: opensAt === null ? null : new Date(opensAt).toISOString(),
    ...selfPacedActivity(quiz.live, quiz.windows, now),
  };
}

export type QuizEntry =
  /** Live, its lobby open or the quiz running: the waiting page, joined in one tap. */
  | { kind: "join-live" }
  /** Not live, its questions or results open: the self-paced page. */
  | { kind: "self-paced" }
  /** No visible question: "No quiz yet". */
  | { kind: "no-questions" }
  /** Live, no lobby opened yet: played on the big screen during the talk. */
  | { kind: "live-later" }
  /** Live, and its run has ended. */
  | { kind: "live-finished" }
  /** Not live, its questions open later. */
  | { kind: "opens-at"; at: string }
  /** Not live, its questions and results windows are past. */
  | { kind: "closed" };

/** Whether the entry leads to a page where the quiz can be played or reviewed now. */
export const entryLeadsSomewhere = (entry: QuizEntry): entry is { kind: "join-live" } | { kind: "self-paced" } =>
  entry.kind === "join-live" || entry.kind === "self-paced";

export function quizEntry(facts: QuizEntryFacts): QuizEntry {
  if (!facts.has_questions) return { kind: "no-questions" };
  if (facts.live) {
    if (facts.live_status === "lobby" || facts.live_status === "running") return { kind: "join-live" };
    return facts.live_status === "finished" ? { kind: "live-finished" } : { kind: "live-later" };
  }
  if (facts.non_live_questions_active || facts.non_live_results_active) return { kind: "self-paced" };
  return facts.questions_open_at ? { kind: "opens-at", at: facts.questions_open_at } : { kind: "closed" };
}
