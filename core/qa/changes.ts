/**
 * Audience Q&A of a talk (docs/qa.md): a question as the API answers it and as the forum room
 * pushes it. Clients apply changes by id, so applying one twice changes nothing.
 */

/** Where a question stands: waiting for a moderator, open to votes, or answered by the speaker. */
export type QaStatus = "pending" | "open" | "answered";

export interface QaQuestion {
  id: number;
  question: string;
  created_at: number;
  votes: number;
  status: QaStatus;
  hidden: boolean;
  /** The asker's name; null for a question asked anonymously or by a deleted account. */
  author: string | null;
  /** Whether the reader voted for it: false in what the room pushes (each client keeps its own). */
  voted_by_user: boolean;
  /**
   * Whether the reader asked it, from the API only: the room pushes the same question to every
   * reader, so it never says whose it is (an anonymous question stays anonymous).
   */
  asked_by_user: boolean;
}

/** A question as the room pushes it to every reader: no reader's flag (`voted_by_user` is always false). */
export type QaSharedQuestion = Omit<QaQuestion, "asked_by_user">;

/** What of a question the API read for one reader may go to every reader. */
export function sharedQuestion({ asked_by_user: _, ...question }: QaQuestion): QaSharedQuestion {
  return { ...question, voted_by_user: false };
}

/** A talk's Q&A settings, chosen by its event's moderators. */
export interface QaSettings {
  requireApproval: boolean;
  allowAnonymous: boolean;
}

export type QaChange =
  /** A question every reader may see now (asked, approved, answered, reopened, shown again). */
  | { type: "qa_question"; data: { question: QaSharedQuestion } }
  | { type: "qa_votes"; data: { id: number; votes: number } }
  /** Hidden, or gone: readers drop it. */
  | { type: "qa_removed"; data: { id: number } }
  /** The approval queue changed: who sees it reads it again through the API (its text never goes to readers). */
  | { type: "qa_queue"; data: { id: number } }
  | { type: "qa_featured"; data: { id: number | null } }
  | { type: "qa_settings"; data: QaSettings };

export const QA_CHANGE_TYPES: ReadonlySet<string> = new Set<QaChange["type"]>([
  "qa_question",
  "qa_votes",
  "qa_removed",
  "qa_queue",
  "qa_featured",
  "qa_settings",
]);
