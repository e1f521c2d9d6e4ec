import type { PublicQuizQuestion } from "@core/quiz/public-questions";
import { apiRequest } from "../../lib/api";
import { type EventCaller, passwordQuery } from "../event-access/event-caller";
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
  return apiRequest<ScreenLinkInfo>("GET", `/api/quiz/screen/${encodeURIComponent(token)}`, {
    query: { run: run === null ? undefined : String(run) },
    ...(signal ? { signal } : {}),
  });
}

/** The quiz's read-only screen link token (moderators and the presentation's speaker). */
export async function fetchScreenLink(presentationId: number, caller: EventCaller): Promise<string> {
  const body = await apiRequest<{ token: string }>("GET", `/api/quiz/${presentationId}/screen-link`, {
    token: caller.token,
    query: passwordQuery(caller),
  });
  return body.token;
}

/** Revokes the screen link: screens open on it are refused; answers the new one. */
export async function revokeScreenLink(presentationId: number, caller: EventCaller): Promise<string> {
  const body = await apiRequest<{ token: string }>("POST", `/api/quiz/${presentationId}/screen-link/revoke`, {
    token: caller.token,
    query: passwordQuery(caller),
  });
  return body.token;
}

/** The address to open on the projector's computer. */
export const screenLinkUrl = (token: string) => `${window.location.origin}/screen_link/${token}`;
