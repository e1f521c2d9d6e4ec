/**
 * A talk's Q&A as a client holds it: the list the API answered, with the room's changes applied
 * by id (docs/qa.md). Pure, so the web, the presenter view and the benchmark's clients fold the
 * same way and converge on the same order.
 */
import type { QaChange, QaQuestion, QaSettings } from "./changes";
import { type QaSort, sortQuestions } from "./rules";

export interface QaState {
  /** Every question the reader may see, by id: open and answered, and the reader's own pending ones. */
  questions: Record<number, QaQuestion>;
  settings: QaSettings;
  featuredId: number | null;
  /** Set by a change that only a new read tells in full (the queue, a hidden question for who sees them). */
  stale: boolean;
}

export const emptyQaState: QaState = {
  questions: {},
  settings: { requireApproval: false, allowAnonymous: false },
  featuredId: null,
  stale: false,
};

/**
 * The state of a list read through the API. Of the queue, only the reader's own questions: the
 * asker follows them until a moderator approves them (the room then pushes them open, merged by
 * id) or hides them (the room says `qa_removed`).
 */
export function qaStateFromList(list: {
  questions: QaQuestion[];
  answered: QaQuestion[];
  queue?: QaQuestion[];
  settings: QaSettings;
  featured_id: number | null;
}): QaState {
  const questions: Record<number, QaQuestion> = {};
  const own = (list.queue ?? []).filter((question) => question.asked_by_user);
  for (const question of [...list.questions, ...list.answered, ...own]) questions[question.id] = question;
  return { questions, settings: list.settings, featuredId: list.featured_id, stale: false };
}

/** Applies one change; `seesQueue`: the reader also watches the queue and hidden questions. */
export function applyQaChange(state: QaState, change: QaChange, seesQueue: boolean): QaState {
  switch (change.type) {
    case "qa_question": {
      const { question } = change.data;
      const known = state.questions[question.id];
      // The room does not say who voted or asked: the reader's own flags stay as they know them.
      const kept: QaQuestion = {
        ...question,
        voted_by_user: known?.voted_by_user ?? false,
        asked_by_user: known?.asked_by_user ?? false,
      };
      return { ...state, questions: { ...state.questions, [question.id]: kept }, stale: state.stale || seesQueue };
    }
    case "qa_votes": {
      const known = state.questions[change.data.id];
      if (!known) return state;
      return { ...state, questions: { ...state.questions, [known.id]: { ...known, votes: change.data.votes } } };
    }
    case "qa_removed": {
      if (!state.questions[change.data.id] && !seesQueue) return state;
      const { [change.data.id]: _, ...questions } = state.questions;
      return { ...state, questions, stale: state.stale || seesQueue };
    }
    case "qa_queue":
      return seesQueue ? { ...state, stale: true } : state;
    case "qa_featured":
      return { ...state, featuredId: change.data.id };
    case "qa_settings":
      return { ...state, settings: change.data };
    default:
      return state;
  }
}

/** The reader's own vote, as the API answered it. */
export function withOwnVote(state: QaState, id: number, votes: number, voted: boolean): QaState {
  const known = state.questions[id];
  if (!known) return state;
  return { ...state, questions: { ...state.questions, [id]: { ...known, votes, voted_by_user: voted } } };
}

/**
 * A question as the API answered the reader (asked or reworded): its flags are the reader's, so
 * they win over what the room pushed before the answer arrived.
 */
export function withOwnQuestion(state: QaState, question: QaQuestion): QaState {
  return { ...state, questions: { ...state.questions, [question.id]: question } };
}

export function openQuestions(state: QaState, sort: QaSort): QaQuestion[] {
  return sortQuestions(
    Object.values(state.questions).filter((question) => question.status === "open"),
    sort,
  );
}

export function answeredQuestions(state: QaState): QaQuestion[] {
  return sortQuestions(
    Object.values(state.questions).filter((question) => question.status === "answered"),
    "newest",
  );
}

/** The reader's own questions waiting for a moderator, newest first. */
export function ownPendingQuestions(state: QaState): QaQuestion[] {
  return sortQuestions(
    Object.values(state.questions).filter((question) => question.status === "pending" && question.asked_by_user),
    "newest",
  );
}
