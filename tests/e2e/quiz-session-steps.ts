import type { Browser, Page } from "playwright-core";
import { laneBaseUrl } from "./lanes";
import { type DemoSession, storeSession } from "./schedule-helpers";

const baseUrl = laneBaseUrl();

export type Locale = "fr" | "en";

/**
 * A page in a browser context of its own, logged in as `session`, in `locale`. Touch is on, as
 * on the phones the quiz is played with (the tutorial is swiped); the mouse works all the same.
 */
export async function openAs(
  browser: Browser,
  session: DemoSession,
  viewport: { width: number; height: number },
  locale: Locale,
): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: locale === "fr" ? "fr-FR" : "en-GB", hasTouch: true });
  await storeSession(context, session);
  await context.addInitScript((stored) => localStorage.setItem("locale", stored), locale);
  return context.newPage();
}

/** The id of the demo talk called `name`: each quiz file works on talks no other e2e file touches. */
export async function demoTalkId(name: string): Promise<number> {
  const schedule = (await (await fetch(`${baseUrl}/api/public/schedule/demo`)).json()) as {
    data: { presentations: { _id: number; name: string }[] };
  };
  const talk = schedule.data.presentations.find((presentation) => presentation.name === name);
  if (!talk) throw new Error(`the demo schedule has no talk called "${name}"`);
  return talk._id;
}

/** The demo event's time zone: the quiz settings' times are read on its wall clock. */
export async function demoTimeZone(): Promise<string> {
  const basic = (await (await fetch(`${baseUrl}/api/public/schedule-basic/demo`)).json()) as {
    data: { event: { timeZone: string } };
  };
  return basic.data.event.timeZone;
}

/** A call to the API as `session`, for what a test checks or prepares behind the pages' back. */
export function callApi(method: string, path: string, session: DemoSession, body?: unknown): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${session.token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
