import type { FeedbackSummary } from "@core/feedback/feedback-summary";
import { type EventCaller, passwordQuery } from "../../app-state/event-caller";
import { answerOf, api, callOptions } from "../../lib/api";
import { fetchFile } from "../../lib/fetch-file";

const talk = (presentationId: number, caller: EventCaller) => ({
  param: { presentationId: String(presentationId) },
  query: passwordQuery(caller),
});

/** The member's own rating of the talk (null before one), its window and where it stands now. */
export async function fetchOwnFeedback(presentationId: number, caller: EventCaller, signal?: AbortSignal) {
  const request = api.presentation[":presentationId"].feedback.$get(
    talk(presentationId, caller),
    callOptions(caller.token, signal),
  );
  return (await answerOf(request)).data;
}

export type OwnFeedbackView = Awaited<ReturnType<typeof fetchOwnFeedback>>;

/** Rates the talk or edits the rating; 409 before the talk's start and after the event's end. */
export async function saveOwnFeedback(
  presentationId: number,
  caller: EventCaller,
  feedback: { rating: number; comment: string },
): Promise<OwnFeedbackView> {
  const request = api.presentation[":presentationId"].feedback.$put(
    { ...talk(presentationId, caller), json: feedback },
    callOptions(caller.token),
  );
  return (await answerOf(request)).data;
}

/** The talk's summary: its speakers and the event's moderators only (403 otherwise). */
export async function fetchFeedbackSummary(
  presentationId: number,
  caller: EventCaller,
  signal?: AbortSignal,
): Promise<FeedbackSummary> {
  const request = api.presentation[":presentationId"].feedback.summary.$get(
    talk(presentationId, caller),
    callOptions(caller.token, signal),
  );
  return (await answerOf(request)).data;
}

/** Every rating of the event as a CSV file (moderators), fetched with the bearer token. */
export async function fetchFeedbackCsv(eventId: number, caller: EventCaller): Promise<Blob> {
  const query = new URLSearchParams(passwordQuery(caller));
  return fetchFile(`/api/feedback/${eventId}/export.csv${query.size > 0 ? `?${query}` : ""}`, {
    token: caller.token,
    accept: "text/csv",
  });
}
