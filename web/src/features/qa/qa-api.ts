import type { QaQuestion, QaSettings } from "@core/qa/changes";
import { answerOf, api, callOptions } from "../../lib/api";

/** What every Q&A call carries: the session token, and the event's password when it has one. */
export interface QaAccess {
  token: string | null;
  password: string | null;
}

const passwordOf = (access: QaAccess) => ({ password: access.password ?? undefined });
const qa = api.qa;

export async function fetchQa(access: QaAccess, presentationId: number, signal?: AbortSignal) {
  const request = qa[":presentationId"].questions.$get(
    { param: { presentationId: String(presentationId) }, query: passwordOf(access) },
    callOptions(access.token, signal),
  );
  return (await answerOf(request)).data;
}

export type QaList = Awaited<ReturnType<typeof fetchQa>>;

export async function askQuestion(
  access: QaAccess,
  presentationId: number,
  question: string,
  anonymous: boolean,
): Promise<QaQuestion> {
  const request = qa[":presentationId"].questions.$post(
    { param: { presentationId: String(presentationId) }, query: passwordOf(access), json: { question, anonymous } },
    callOptions(access.token),
  );
  return (await answerOf(request)).data;
}

/** The asker's new words for their question, while nobody voted for it and it is not answered or hidden. */
export async function rewordQuestion(access: QaAccess, questionId: number, question: string): Promise<QaQuestion> {
  const request = qa.questions[":questionId"].text.$put(
    { param: { questionId: String(questionId) }, query: passwordOf(access), json: { question } },
    callOptions(access.token),
  );
  return (await answerOf(request)).data;
}

/** Votes for a question, or withdraws the vote: a member's vote counts once. */
export async function setVote(access: QaAccess, questionId: number, voted: boolean) {
  const request = qa.questions[":questionId"].vote[voted ? "$post" : "$delete"](
    { param: { questionId: String(questionId) }, query: passwordOf(access) },
    callOptions(access.token),
  );
  return (await answerOf(request)).data;
}

/** Moderators: approve or reopen (`open`), mark `answered`, hide or show a question. */
export async function decideQuestion(
  access: QaAccess,
  questionId: number,
  decision: { status?: "open" | "answered"; hidden?: boolean },
): Promise<QaQuestion> {
  const request = qa.questions[":questionId"].$patch(
    { param: { questionId: String(questionId) }, query: passwordOf(access), json: decision },
    callOptions(access.token),
  );
  return (await answerOf(request)).data;
}

export async function saveQaSettings(access: QaAccess, presentationId: number, settings: QaSettings) {
  const request = qa[":presentationId"].settings.$put(
    { param: { presentationId: String(presentationId) }, query: passwordOf(access), json: settings },
    callOptions(access.token),
  );
  return (await answerOf(request)).data;
}

/** Moderators: the question on the quiz's big screen (null: none). */
export async function featureQuestion(access: QaAccess, presentationId: number, questionId: number | null) {
  const request = qa[":presentationId"].featured.$put(
    { param: { presentationId: String(presentationId) }, query: passwordOf(access), json: { questionId } },
    callOptions(access.token),
  );
  return (await answerOf(request)).data;
}
