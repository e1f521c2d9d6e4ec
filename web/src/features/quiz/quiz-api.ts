import type { PlayerView } from "@core/protocol/quiz";
import type { PublicQuizQuestion } from "@core/quiz/public-questions";
import { type EventCaller, passwordQuery } from "../../app-state/event-caller";
import { answerOf, api, apiRequest, callOptions } from "../../lib/api";
import type { QuizCommandType } from "./quiz-watch";

/** The join code of the presentation's quiz (moderators and the presentation's speaker). */
export async function fetchJoinCode(
  presentationId: number,
  caller: EventCaller,
  signal?: AbortSignal,
): Promise<string> {
  const request = api.quiz["get-code"].$post(
    { query: passwordQuery(caller), json: { _id: presentationId } },
    callOptions(caller.token, signal),
  );
  return (await answerOf(request)).code;
}

/**
 * Joins with the code; a protected event's password comes too, as a nickname's token stands for it
 * afterwards, and the member's session (`memberToken`) for an event that lets no one in anonymously.
 */
export function logIntoQuiz(
  slug: string,
  code: string,
  name: string,
  deviceId: string,
  access: { password: string | null; memberToken: string | null },
) {
  const request = api.quiz.login.$post(
    { query: passwordQuery(access), json: { code, name, deviceId, slug } },
    callOptions(access.memberToken),
  );
  return answerOf(request);
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
) {
  const request = api.quiz[":presentationId"].join.$post(
    { param: { presentationId: String(presentationId) }, query: passwordQuery(access), json: { name, deviceId } },
    callOptions(access.token),
  );
  return answerOf(request);
}

/** The polling fallback: the player's whole view, as the socket would send it. */
export async function fetchPlayerView(presentationId: number, token: string): Promise<PlayerView> {
  const request = api.quiz["get-user-action"].$post({ json: { _id: presentationId } }, callOptions(token));
  return (await answerOf(request)).data.view;
}

/** The HTTP fallback of an answer, with the socket's rules; gives the player's view after it. */
export async function submitAnswerOverHttp(
  presentationId: number,
  token: string,
  questionId: number,
  optionIds: number[],
): Promise<PlayerView> {
  const request = api.quiz["submit-answer"].$post(
    { json: { presentationId, questionId, optionIds } },
    callOptions(token),
  );
  return (await answerOf(request)).data;
}

export async function fetchQuizTexts(
  presentationId: number,
  password: string | null,
  signal?: AbortSignal,
): Promise<PublicQuizQuestion[]> {
  const request = api.quiz[":presentationId"].questions.public.$get(
    { param: { presentationId: String(presentationId) }, query: { password: password ?? undefined } },
    callOptions(undefined, signal),
  );
  return (await answerOf(request)).data.questions;
}

/** Runs the quiz again: a fresh lobby with a new join code; this run stays in the room's log. */
export async function resetQuiz(presentationId: number, caller: EventCaller): Promise<string> {
  const request = api.quiz[":presentationId"].reset.$post(
    { param: { presentationId: String(presentationId) }, query: passwordQuery(caller) },
    callOptions(caller.token),
  );
  return (await answerOf(request)).code;
}

/** A moderator's command over HTTP: the big screen's lobby starts the quiz without a moderator socket. */
export async function sendQuizCommand(
  presentationId: number,
  caller: EventCaller,
  action: QuizCommandType,
): Promise<void> {
  // The room's own HTTP endpoint, outside the API's routes: no answer is read.
  await apiRequest("POST", `/parties/quiz-room/${presentationId}`, {
    token: caller.token,
    query: passwordQuery(caller),
    body: { action },
  });
}
