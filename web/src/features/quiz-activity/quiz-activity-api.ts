import type { ActiveQuiz } from "@core/quiz/active-quizzes";
import { apiRequest } from "../../lib/api";

/** The presentations of the event with self-paced questions or results open now. */
export async function fetchActiveQuizzes(
  slug: string,
  password: string | null,
  signal: AbortSignal,
): Promise<ActiveQuiz[]> {
  const { data } = await apiRequest<{ data: { presentations: ActiveQuiz[] } }>("GET", "/api/quiz/active", {
    query: { slug, password: password ?? undefined },
    signal,
  });
  return data.presentations;
}
