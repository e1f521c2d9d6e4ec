/**
 * What the forum room may send of a logged Q&A change (core/forum/tombstones.ts does the same for
 * posts): a question's text goes out only while every reader may see it (open or answered, not
 * hidden, still there). Otherwise the change becomes `qa_removed { id }`, ids only. Votes, the
 * queue signal, the featured id and settings carry no text and pass as they are.
 */
import type { QaChange } from "./changes";

interface LoggedChange {
  type: string;
  data: unknown;
}

const questionIdOf = (change: LoggedChange): number | undefined => {
  if (change.type !== "qa_question") return undefined;
  const data = change.data as { question?: { id?: unknown } } | null;
  const id = data?.question?.id;
  return Number.isSafeInteger(id) && (id as number) > 0 ? (id as number) : undefined;
};

/** The question ids whose visibility the room must read before sending these changes. */
export function namedQuestionIds(changes: readonly LoggedChange[]): number[] {
  const ids = new Set<number>();
  for (const change of changes) {
    const id = questionIdOf(change);
    if (id !== undefined) ids.add(id);
  }
  return [...ids];
}

/** The change as any reader may receive it, given the questions every reader may see now. */
export function qaChangeForReader(change: LoggedChange, visibleQuestions: ReadonlySet<number>): LoggedChange {
  if (change.type !== "qa_question") return change;
  const id = questionIdOf(change);
  if (id === undefined) return { type: change.type, data: null };
  return visibleQuestions.has(id) ? change : ({ type: "qa_removed", data: { id } } satisfies QaChange);
}
