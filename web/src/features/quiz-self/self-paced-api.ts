import type { QuizResultsView } from "@core/quiz/leaderboard-table";
import type { SelfPacedAnswerReceipt, SelfPacedView } from "@core/quiz/self-paced";
import { type EventCaller, passwordQuery } from "../../app-state/event-caller";
import { answerOf, api, callOptions } from "../../lib/api";
import { fetchFile } from "../../lib/fetch-file";

/** The user's self-paced quiz: the question to answer now, or their results; the server notes when it served it. */
const quiz = (presentationId: number, caller: EventCaller) => ({
  param: { presentationId: String(presentationId) },
  query: passwordQuery(caller),
});

export async function fetchSelfPaced(
  presentationId: number,
  caller: EventCaller,
  signal?: AbortSignal,
): Promise<SelfPacedView> {
  const request = api.quiz[":presentationId"]["self-paced"].$get(
    quiz(presentationId, caller),
    callOptions(caller.token, signal),
  );
  return (await answerOf(request)).data;
}

/** One answer; the server measures its time and scores it. */
export async function submitSelfPacedAnswer(
  presentationId: number,
  caller: EventCaller,
  questionId: number,
  optionIds: readonly number[],
) {
  const request = api.quiz[":presentationId"].answers.$post(
    { ...quiz(presentationId, caller), json: { questionId, optionIds: [...optionIds] } },
    callOptions(caller.token),
  );
  return (await answerOf(request)).data satisfies SelfPacedAnswerReceipt;
}

/** The leaderboard and each question's votes (live and self-paced together); 403 results-not-open before. */
export async function fetchQuizResults(
  presentationId: number,
  caller: EventCaller,
  signal?: AbortSignal,
): Promise<QuizResultsView> {
  const request = api.quiz[":presentationId"].results.$get(
    quiz(presentationId, caller),
    callOptions(caller.token, signal),
  );
  return (await answerOf(request)).data;
}

/**
 * The results as a CSV file (moderators and the presentation's speaker), read whole: it is one
 * row per player. The token goes in the bearer header; the event's password, when it has one,
 * in the query, as on every call of a protected event.
 */
export async function fetchResultsCsv(presentationId: number, caller: EventCaller): Promise<Blob> {
  const query = new URLSearchParams(passwordQuery(caller));
  return fetchFile(`/api/quiz/${presentationId}/results.csv${query.size > 0 ? `?${query}` : ""}`, {
    token: caller.token,
    accept: "text/csv",
  });
}
