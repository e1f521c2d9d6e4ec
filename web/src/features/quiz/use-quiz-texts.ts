import type { PublicQuizQuestion } from "@core/quiz/public-questions";
import { useEffect, useState } from "react";
import { fetchQuizTexts } from "./quiz-api";

export type QuizTexts = ReadonlyMap<number, PublicQuizQuestion>;

const RETRY_MS = 5_000;

/** Kept across the quiz pages of a visit, so moving from one to the next shows the words at once. */
const loaded = new Map<number, QuizTexts>();

/**
 * The words of the quiz's questions by question id (the room has only ids). Loaded again when the
 * room shows a question that is not among them (edited since); retried after a failure.
 */
export function useQuizTexts(presentationId: number, password: string | null, neededId: number | null): QuizTexts {
  const [texts, setTexts] = useState<QuizTexts>(() => loaded.get(presentationId) ?? new Map());
  const missing = neededId !== null && !texts.has(neededId) ? neededId : null;

  useEffect(() => {
    if (loaded.has(presentationId) && missing === null) return;
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      fetchQuizTexts(presentationId, password, controller.signal)
        .then((questions) => {
          const byId: QuizTexts = new Map(questions.map((question) => [question.id, question]));
          loaded.set(presentationId, byId);
          setTexts(byId);
        })
        .catch(() => {
          // Meanwhile the screens show letters, counters and the timer without the words.
          if (!controller.signal.aborted) retry = setTimeout(load, RETRY_MS);
        });
    void load();
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [presentationId, password, missing]);

  return texts;
}
