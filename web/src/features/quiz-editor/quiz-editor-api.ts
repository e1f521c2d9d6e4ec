import { apiRequest } from "../../lib/api";
import { uploadRequest } from "../../lib/upload-request";
import type { QuestionsBody, SavedQuestion } from "./editor-state";
import type { QuizSettingsBody, QuizSettingsView } from "./settings-fields";

const quizPath = (presentationId: number) => `/api/quiz/${presentationId}`;

export async function fetchQuestions(presentationId: number, token: string, signal?: AbortSignal) {
  const answer = await apiRequest<{ data: { questions: SavedQuestion[] } }>(
    "GET",
    `${quizPath(presentationId)}/questions`,
    { token, ...(signal ? { signal } : {}) },
  );
  return answer.data.questions;
}

/** Replaces the whole list; answers it as stored (new ids, order from 1). */
export async function saveQuestions(presentationId: number, token: string, body: QuestionsBody) {
  const answer = await apiRequest<{ data: { questions: SavedQuestion[] } }>(
    "PUT",
    `${quizPath(presentationId)}/questions`,
    { token, body },
  );
  return answer.data.questions;
}

export async function fetchSettings(presentationId: number, token: string, signal?: AbortSignal) {
  const answer = await apiRequest<{ data: QuizSettingsView }>("GET", `${quizPath(presentationId)}/settings`, {
    token,
    ...(signal ? { signal } : {}),
  });
  return answer.data;
}

export async function saveSettings(presentationId: number, token: string, body: QuizSettingsBody) {
  const answer = await apiRequest<{ data: QuizSettingsView }>("PUT", `${quizPath(presentationId)}/settings`, {
    token,
    body,
  });
  return answer.data;
}

/** Stores a question image (already resized); answers its URL, to put in the question. */
export async function uploadQuestionImage(
  presentationId: number,
  token: string,
  image: Blob,
  onProgress: (sentBytes: number) => void,
  signal: AbortSignal,
): Promise<string> {
  const answer = await uploadRequest<{ data: { image: string } }>({
    method: "PUT",
    path: `${quizPath(presentationId)}/media/image`,
    body: image,
    token,
    onProgress,
    signal,
  });
  return answer.data.image;
}
