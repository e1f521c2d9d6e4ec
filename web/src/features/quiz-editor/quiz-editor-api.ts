import * as v from "valibot";
import { type EventCaller, passwordQuery } from "../../app-state/event-caller";
import { ApiError, answerOf, api, callOptions } from "../../lib/api";
import { uploadRequest } from "../../lib/upload-request";
import type { QuestionsBody } from "./editor-state";
import type { QuizSettingsBody } from "./settings-fields";

const quizPath = (presentationId: number) => `/api/quiz/${presentationId}`;

/** What each editor call carries: the session's token, and the event's password when it has one. */
const sentBy = (caller: EventCaller) => ({ token: caller.token, query: passwordQuery(caller) });
const quiz = (presentationId: number, caller: EventCaller) => ({
  param: { presentationId: String(presentationId) },
  query: passwordQuery(caller),
});
const editor = api.quiz[":presentationId"];

export async function fetchQuestions(presentationId: number, caller: EventCaller, signal?: AbortSignal) {
  const request = editor.questions.$get(quiz(presentationId, caller), callOptions(caller.token, signal));
  return (await answerOf(request)).data.questions;
}

/** Replaces the whole list; answers it as stored (new ids, order from 1). */
export async function saveQuestions(presentationId: number, caller: EventCaller, body: QuestionsBody) {
  const request = editor.questions.$put({ ...quiz(presentationId, caller), json: body }, callOptions(caller.token));
  return (await answerOf(request)).data.questions;
}

export async function fetchSettings(presentationId: number, caller: EventCaller, signal?: AbortSignal) {
  const request = editor.settings.$get(quiz(presentationId, caller), callOptions(caller.token, signal));
  return (await answerOf(request)).data;
}

export async function saveSettings(presentationId: number, caller: EventCaller, body: QuizSettingsBody) {
  const request = editor.settings.$put({ ...quiz(presentationId, caller), json: body }, callOptions(caller.token));
  return (await answerOf(request)).data;
}

/** `PUT /api/quiz/{id}/media/image`'s answer. */
const StoredImage = v.object({ data: v.object({ image: v.string() }) });

/** Stores a question image (already resized); answers its URL, to put in the question. */
export async function uploadQuestionImage(
  presentationId: number,
  caller: EventCaller,
  image: Blob,
  onProgress: (sentBytes: number) => void,
  signal: AbortSignal,
): Promise<string> {
  // An upload with progress goes through XMLHttpRequest, outside the typed client: its answer is checked.
  const answer = await uploadRequest({
    method: "PUT",
    path: `${quizPath(presentationId)}/media/image`,
    body: image,
    ...sentBy(caller),
    onProgress,
    signal,
  });
  const parsed = v.safeParse(StoredImage, answer);
  if (!parsed.success) throw new ApiError(200, "network", `unexpected answer: ${v.summarize(parsed.issues)}`);
  return parsed.output.data.image;
}
