import type { ActiveQuiz } from "@core/quiz/active-quizzes";
import { answerOf, api, callOptions } from "../../lib/api";

/** The presentations of the event with self-paced questions or results open now. */
export async function fetchActiveQuizzes(
  slug: string,
  password: string | null,
  signal: AbortSignal,
): Promise<ActiveQuiz[]> {
  const request = api.quiz.active.$get(
    { query: { slug, password: password ?? undefined } },
    callOptions(undefined, signal),
  );
  return (await answerOf(request)).data.presentations;
}
