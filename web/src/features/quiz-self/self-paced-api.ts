import type { QuizResultsView } from "../../../../core/quiz/leaderboard-table";
import type { SelfPacedAnswerReceipt, SelfPacedView } from "../../../../core/quiz/self-paced";
import { ApiError, apiHeaders, apiRequest, toApiError } from "../../lib/api";

/** The user's self-paced quiz: the question to answer now, or their results; the server notes when it served it. */
export async function fetchSelfPaced(presentationId: number, token: string, signal?: AbortSignal) {
  const body = await apiRequest<{ data: SelfPacedView }>("GET", `/api/quiz/${presentationId}/self-paced`, {
    token,
    ...(signal ? { signal } : {}),
  });
  return body.data;
}

/** One answer; the server measures its time and scores it. */
export async function submitSelfPacedAnswer(
  presentationId: number,
  token: string,
  questionId: number,
  optionIds: readonly number[],
) {
  const body = await apiRequest<{ data: SelfPacedAnswerReceipt }>("POST", `/api/quiz/${presentationId}/answers`, {
    token,
    body: { questionId, optionIds },
  });
  return body.data;
}

/** The leaderboard and each question's votes (live and self-paced together); 403 results-not-open before. */
export async function fetchQuizResults(presentationId: number, token: string, signal?: AbortSignal) {
  const body = await apiRequest<{ data: QuizResultsView }>("GET", `/api/quiz/${presentationId}/results`, {
    token,
    ...(signal ? { signal } : {}),
  });
  return body.data;
}

/** The results as a CSV file (moderators and the presentation's speaker), read whole: it is one row per player. */
export async function fetchResultsCsv(presentationId: number, token: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`/api/quiz/${presentationId}/results.csv`, {
      headers: { ...apiHeaders(token), accept: "text/csv" },
    });
  } catch (error) {
    throw new ApiError(0, "network", String(error));
  }
  if (!response.ok) throw await toApiError(response);
  return response.blob();
}
