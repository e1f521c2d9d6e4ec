import { apiRequest } from "../../lib/api";
import { uploadRequest } from "../../lib/upload-request";
import { type EventCaller, passwordQuery } from "../event-access/event-caller";
import type { QuestionsBody, SavedQuestion } from "./editor-state";
import type { QuizSettingsBody, QuizSettingsView } from "./settings-fields";

const quizPath = (presentationId: number) => `/api/quiz/${presentationId}`;

/** What each editor call carries: the session's token, and the event's password when it has one. */
const sentBy = (caller: EventCaller) => ({ token: caller.token, query: passwordQuery(caller) });

export async function fetchQuestions(presentationId: number, caller: EventCaller, signal?: AbortSignal) {
  const answer = await apiRequest<{ data: { questions: SavedQuestion[] } }>(
    "GET",
    `${quizPath(presentationId)}/questions`,
    { ...sentBy(caller), ...(signal ? { signal } : {}) },
  );
  return answer.data.questions;
}

/** Replaces the whole list; answers it as stored (new ids, order from 1). */
export async function saveQuestions(presentationId: number, caller: EventCaller, body: QuestionsBody) {
  const answer = await apiRequest<{ data: { questions: SavedQuestion[] } }>(
    "PUT",
    `${quizPath(presentationId)}/questions`,
    { ...sentBy(caller), body },
  );
  return answer.data.questions;
}

export async function fetchSettings(presentationId: number, caller: EventCaller, signal?: AbortSignal) {
  const answer = await apiRequest<{ data: QuizSettingsView }>("GET", `${quizPath(presentationId)}/settings`, {
    ...sentBy(caller),
    ...(signal ? { signal } : {}),
  });
  return answer.data;
}

export async function saveSettings(presentationId: number, caller: EventCaller, body: QuizSettingsBody) {
  const answer = await apiRequest<{ data: QuizSettingsView }>("PUT", `${quizPath(presentationId)}/settings`, {
    ...sentBy(caller),
    body,
  });
  return answer.data;
}

/** Stores a question image (already resized); answers its URL, to put in the question. */
export async function uploadQuestionImage(
  presentationId: number,
  caller: EventCaller,
  image: Blob,
  onProgress: (sentBytes: number) => void,
  signal: AbortSignal,
): Promise<string> {
  const answer = await uploadRequest<{ data: { image: string } }>({
    method: "PUT",
    path: `${quizPath(presentationId)}/media/image`,
    body: image,
    ...sentBy(caller),
    onProgress,
    signal,
  });
  return answer.data.image;
}
