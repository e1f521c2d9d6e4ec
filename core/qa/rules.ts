/**
 * Audience Q&A rules (docs/qa.md): what a question may be, how fast one may ask, who may ask
 * anonymously, and the one order every client sorts questions in.
 */
import * as v from "valibot";
import { toMultiLineText } from "../text/plain-text";
import type { QaQuestion, QaSettings } from "./changes";

/** Slido's limit: a question is read aloud, not a post. */
export const MAX_QA_QUESTION_LENGTH = 300;
/** Questions one member may ask of all talks in a minute: a fast typist, not a script. */
export const QA_ASKS_PER_MINUTE = { attempts: 5, windowMs: 60_000 } as const;
/** Rewordings of their questions one member may send in a minute: each is pushed to every reader. */
export const QA_REWORDS_PER_MINUTE = { attempts: 10, windowMs: 60_000 } as const;
/** Questions a list answers at most per status, most voted (or newest for the queue) first. */
export const QA_LIST_LIMIT = 500;
/** How many top questions the presenter view shows. */
export const QA_PRESENTER_COUNT = 5;

/** Trimmed text of 1 to 300 characters, less control and bidi characters, always rendered as text. */
export const QaText = v.pipe(
  v.string(),
  toMultiLineText,
  v.trim(),
  v.nonEmpty("required"),
  v.maxLength(MAX_QA_QUESTION_LENGTH, "too-long"),
);

export const QA_SORTS = ["votes", "newest"] as const;
export type QaSort = (typeof QA_SORTS)[number];

export const DEFAULT_QA_SETTINGS: QaSettings = { requireApproval: false, allowAnonymous: false };

/** Asking anonymously is allowed where the event lets anyone in anonymously, or the talk's moderator allows it. */
export function mayAskAnonymously(event: { allowAnonymousAccess: boolean }, settings: QaSettings): boolean {
  return event.allowAnonymousAccess || settings.allowAnonymous;
}

/**
 * Whether the asker may still reword their question: while nobody voted for it, it is not
 * answered and not hidden (pending included). Votes and an answer were given to the words as
 * they were.
 */
export function mayReword(question: Pick<QaQuestion, "votes" | "status" | "hidden">): boolean {
  return question.votes === 0 && question.status !== "answered" && !question.hidden;
}

/** A new question waits for a moderator when the talk requires approval, unless a moderator asks it. */
export function initialStatus(settings: QaSettings, asker: { isModerator: boolean }): "pending" | "open" {
  return settings.requireApproval && !asker.isModerator ? "pending" : "open";
}

/**
 * The one order of a list, total so that every client that holds the same questions shows them
 * in the same order: by votes, most first, ties by the older question first; or newest first.
 */
export function compareQuestions(sort: QaSort): (a: QaQuestion, b: QaQuestion) => number {
  if (sort === "newest") return (a, b) => b.created_at - a.created_at || b.id - a.id;
  return (a, b) => b.votes - a.votes || a.created_at - b.created_at || a.id - b.id;
}

export function sortQuestions(questions: readonly QaQuestion[], sort: QaSort): QaQuestion[] {
  return [...questions].sort(compareQuestions(sort));
}
