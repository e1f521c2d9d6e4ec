import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_QUIZ } from "../../scripts/demo/demo-quiz";
import { DESKTOP, launchBrowser, PHONE, screenshot } from "./browser";
import { laneBaseUrl } from "./lanes";
import { type DemoSession, logIn, storeSession } from "./schedule-helpers";

const baseUrl = laneBaseUrl();
const PRIVATE = { slug: "demo-private", password: "salon2026" };

let browser: Browser;
/** A moderator of each demo event (the same person, one session per event). */
let moderators: { demo: DemoSession; private: DemoSession };
/** A member of the private event, who may join its quizzes. */
let privateMember: DemoSession;

async function postJson(path: string, token: string, body: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

async function presentationsOf(path: string, token: string) {
  const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { data: { presentations: { _id: number; name: string }[] } }).data.presentations;
}

/**
 * The join code of a quiz of each demo event: the demo quiz's (its lobby, as its moderator opens
 * it; no one joins it here) and a talk of the private event's.
 */
async function joinCodes() {
  const demoTalk = (await presentationsOf("/api/public/schedule/demo", moderators.demo.token)).find(
    (presentation) => presentation.name === DEMO_QUIZ.presentationName,
  );
  const [privateTalk] = await presentationsOf(
    `/api/public/schedule/${PRIVATE.slug}?password=${PRIVATE.password}`,
    moderators.private.token,
  );
  if (!demoTalk || !privateTalk) throw new Error("a demo event has no talk for the quiz");
  const demo = await postJson("/api/quiz/get-code", moderators.demo.token, { _id: demoTalk._id });
  const other = await postJson(`/api/quiz/get-code?password=${PRIVATE.password}`, moderators.private.token, {
    _id: privateTalk._id,
  });
  return { demo: String(demo.code), private: String(other.code) };
}

async function typeCode(page: Page, code: string, name: string) {
  await page.getByTestId("quiz-login-code").fill(code);
  await page.getByTestId("quiz-login-name").fill(name);
  await page.getByTestId("quiz-login-submit").click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  moderators = {
    demo: await logIn(baseUrl, "moderator@demo.test"),
    private: await logIn(baseUrl, "moderator@demo.test", PRIVATE.slug),
  };
  privateMember = await logIn(baseUrl, "attendee@demo.test", PRIVATE.slug);
});

afterAll(async () => {
  await browser.close();
});

describe("a join code on another event's join page", () => {
  it("is sent with its page's event by the join page the Worker writes, and refused there", async () => {
    const codes = await joinCodes();
    const context = await browser.newContext({ viewport: PHONE, locale: "fr-FR" });
    const page = await context.newPage();
    const sent: unknown[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/quiz/login")) sent.push(request.postDataJSON());
    });
    await page.goto(`${baseUrl}/demo/quiz-live`);
    await typeCode(page, codes.private, "Zoé");
    expect(await page.getByTestId("quiz-login-error").textContent()).toBe("Erreur ! Code d'invitation invalide");
    expect(sent).toEqual([expect.objectContaining({ code: codes.private, slug: "demo" })]);
    expect(new URL(page.url()).pathname).toBe("/demo/quiz-live");
    await context.close();
  });

  it("is refused on the app's join page, in French and in English, where the event's own code lets the member in", async () => {
    // The demo event is open to anyone: without the page's event, its code would let this member in.
    const codes = await joinCodes();
    const context = await browser.newContext({ viewport: DESKTOP, locale: "fr-FR" });
    await storeSession(context, privateMember, PRIVATE.slug);
    await context.addInitScript(
      (password) => localStorage.setItem("event-password:demo-private", password),
      PRIVATE.password,
    );
    const page = await context.newPage();
    await page.goto(`${baseUrl}/${PRIVATE.slug}/quiz-live`);
    await page.getByTestId("quiz-login").waitFor();
    await typeCode(page, codes.demo, "Inès");
    expect(await page.getByTestId("quiz-login-error").textContent()).toBe("Erreur ! Code d'invitation invalide");
    await screenshot(page, "quiz-join-other-event-desktop");
    await page.evaluate(() => localStorage.setItem("locale", "en"));
    await page.reload();
    await page.getByTestId("quiz-login").waitFor();
    await typeCode(page, codes.demo, "Inès");
    expect(await page.getByTestId("quiz-login-error").textContent()).toBe("Error! Invalid Invite Code");
    await typeCode(page, codes.private, "Inès");
    await page.getByTestId("quiz-intro").waitFor();
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/${PRIVATE.slug}/\\d+/quiz-intro$`));
    await context.close();
  });
});
