import type { PlayerView } from "@core/protocol/quiz";
import type { PublicQuizQuestion } from "@core/quiz/public-questions";
import { apiRequest } from "../../lib/api";
import { type EventCaller, passwordQuery } from "../event-access/event-caller";
import type { QuizCommandType } from "./quiz-watch";

/** What `POST /api/quiz/login` gives a nickname that joined. */
interface QuizLogin {
  token: string;
  id: string;
  user: { name: string };
  presentationId: number;
}

/** The join code of the presentation's quiz (moderators and the presentation's speaker). */
export async function fetchJoinCode(
  presentationId: number,
  caller: EventCaller,
  signal?: AbortSignal,
): Promise<string> {
  const body = await apiRequest<{ code: string }>("POST", "/api/quiz/get-code", {
    token: caller.token,
    query: passwordQuery(caller),
    body: { _id: presentationId },
    ...(signal ? { signal } : {}),
  });
  return body.code;
}

/**
 * Joins with the code; a protected event's password comes too, as a nickname's token stands for it
 * afterwards, and the member's session (`memberToken`) for an event that lets no one in anonymously.
 */
export function logIntoQuiz(
  code: string,
  name: string,
  deviceId: string,
  access: { password: string | null; memberToken: string | null },
): Promise<QuizLogin> {
  return apiRequest<QuizLogin>("POST", "/api/quiz/login", {
    query: passwordQuery(access),
    token: access.memberToken,
    body: { code, name, deviceId },
  });
}

/**
 * One tap from the QUIZ button: the signed-in member joins the presentation's open quiz without
 * its code, under `name` (their profile name unless they changed it).
 */
export function joinQuizAsMember(
  presentationId: number,
  name: string,
  deviceId: string,
  access: { token: string; password: string | null },
): Promise<QuizLogin> {
  return apiRequest<QuizLogin>("POST", `/api/quiz/${presentationId}/join`, {
    query: passwordQuery(access),
    token: access.token,
    body: { name, deviceId },
  });
}

/** The polling fallback: the player's whole view, as the socket would send it. */
export async function fetchPlayerView(presentationId: number, token: string): Promise<PlayerView> {
  const body = await apiRequest<{ data: { view: PlayerView } }>("POST", "/api/quiz/get-user-action", {
    token,
    body: { _id: presentationId },
  });
  return body.data.view;
}

/** The HTTP fallback of an answer, with the socket's rules; gives the player's view after it. */
export async function submitAnswerOverHttp(
  presentationId: number,
  token: string,
  questionId: number,
  optionIds: number[],
): Promise<PlayerView> {
  const body = await apiRequest<{ data: PlayerView }>("POST", "/api/quiz/submit-answer", {
    token,
    body: { presentationId, questionId, optionIds },
  });
  return body.data;
}

export async function fetchQuizTexts(
  presentationId: number,
  password: string | null,
  signal?: AbortSignal,
): Promise<PublicQuizQuestion[]> {
  const body = await apiRequest<{ data: { questions: PublicQuizQuestion[] } }>(
    "GET",
    `/api/quiz/${presentationId}/questions/public`,
    { query: { password: password ?? undefined }, ...(signal ? { signal } : {}) },
  );
  return body.data.questions;
}

/** Runs the quiz again: a fresh lobby with a new join code; this run stays in the room's log. */
export async function resetQuiz(presentationId: number, caller: EventCaller): Promise<string> {
  const body = await apiRequest<{ code: string }>("POST", `/api/quiz/${presentationId}/reset`, {
    token: caller.token,
    query: passwordQuery(caller),
  });
  return body.code;
}

/** A moderator's command over HTTP: the big screen's lobby starts the quiz without a moderator socket. */
export async function sendQuizCommand(
  presentationId: number,
  caller: EventCaller,
  action: QuizCommandType,
): Promise<void> {
  await apiRequest("POST", `/parties/quiz-room/${presentationId}`, {
    token: caller.token,
    query: passwordQuery(caller),
    body: { action },
  });
}
