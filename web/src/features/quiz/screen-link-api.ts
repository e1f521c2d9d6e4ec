import type { PublicQuizQuestion } from "@core/quiz/public-questions";
import { type EventCaller, passwordQuery } from "../../app-state/event-caller";
import { answerOf, api, callOptions } from "../../lib/api";
import type { StageEvent } from "./quiz-stage";

/** What `GET /api/quiz/screen/{token}` gives the big screen on a screen link. */
export interface ScreenLinkInfo {
  event: StageEvent & { slug: string };
  presentation: { _id: number; name: string };
  /** The join code of the current run; null before the moderator opened the lobby. */
  code: string | null;
  questions: PublicQuizQuestion[];
}

/** `run`: the run the screen is on, so that no cache answers a rerun with the previous code. */
export function fetchScreenLinkInfo(token: string, run: number | null, signal?: AbortSignal): Promise<ScreenLinkInfo> {
  const request = api.quiz.screen[":token"].$get(
    { param: { token }, query: { run: run === null ? undefined : String(run) } },
    callOptions(undefined, signal),
  );
  return answerOf(request);
}

/** The quiz's read-only screen link token (moderators and the presentation's speaker). */
export async function fetchScreenLink(presentationId: number, caller: EventCaller): Promise<string> {
  const request = api.quiz[":presentationId"]["screen-link"].$get(
    { param: { presentationId: String(presentationId) }, query: passwordQuery(caller) },
    callOptions(caller.token),
  );
  return (await answerOf(request)).token;
}

/** Revokes the screen link: screens open on it are refused; answers the new one. */
export async function revokeScreenLink(presentationId: number, caller: EventCaller): Promise<string> {
  const request = api.quiz[":presentationId"]["screen-link"].revoke.$post(
    { param: { presentationId: String(presentationId) }, query: passwordQuery(caller) },
    callOptions(caller.token),
  );
  return (await answerOf(request)).token;
}

/** The address to open on the projector's computer. */
export const screenLinkUrl = (token: string) => `${window.location.origin}/screen_link/${token}`;
