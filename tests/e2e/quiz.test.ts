import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_QUIZ } from "../../scripts/demo/demo-quiz";
import { DESKTOP, launchBrowser, PHONE, screenshot } from "./browser";
import { laneBaseUrl } from "./lanes";
import { type DemoSession, logIn } from "./schedule-helpers";

const baseUrl = laneBaseUrl();
/**
 * A change made by one browser shows in the others within this time: well under a second
 * usually, but a Worker reloaded by `wrangler dev` drops every socket, which come back within
 * a few seconds.
 */
const LIVE_MS = 10_000;

let browser: Browser;
let moderator: DemoSession;
let presentationId: number;
const contexts: BrowserContext[] = [];

/** A browser of its own, logged in the way the login overlay leaves it, or anonymous. */
async function open(session: DemoSession | null, viewport: { width: number; height: number }, path: string) {
  const context = await browser.newContext({ viewport, locale: "fr-FR" });
  contexts.push(context);
  if (session) {
    await context.addInitScript((stored) => localStorage.setItem("session:demo", stored), JSON.stringify(session));
  }
  const page = await context.newPage();
  await page.goto(`${baseUrl}${path}`);
  return page;
}

/** Joins from a phone with the big screen's link (code prefilled) and a nickname. */
async function joinAs(joinLink: string, name: string): Promise<Page> {
  const page = await open(null, PHONE, joinLink);
  await page.getByTestId("quiz-login").waitFor();
  expect(await page.getByTestId("quiz-login-code").inputValue()).toMatch(/^\d{6}$/);
  await page.getByTestId("quiz-login-name").fill(name);
  if (name === "Ana") await screenshot(page, "quiz-player-login-phone");
  await page.getByTestId("quiz-login-submit").click();
  await page.getByTestId("quiz-intro").waitFor();
  // The nickname whole on the waiting page, as the big screen writes it.
  expect(await page.getByTestId("quiz-intro-name").textContent()).toBe(name);
  return page;
}

const optionTile = (page: Page, index: number) => page.getByTestId("quiz-option").nth(index);
const answerButton = (page: Page, index: number) => page.getByTestId("quiz-answer-option").nth(index);
const podiumName = (page: Page, place: number) =>
  page.locator(`[data-testid="quiz-podium-step"][data-place="${place}"] [data-testid="quiz-podium-name"]`);
/** The join code the moderator's lobby shows now. */
async function fetchCode(): Promise<string | undefined> {
  const response = await fetch(`${baseUrl}/api/quiz/get-code`, {
    method: "POST",
    headers: { authorization: `Bearer ${moderator.token}`, "content-type": "application/json" },
    body: JSON.stringify({ _id: presentationId }),
  });
  return ((await response.json()) as { code?: string }).code;
}

beforeAll(async () => {
  browser = await launchBrowser();
  moderator = await logIn(baseUrl, "moderator@demo.test");
  const schedule = (await (await fetch(`${baseUrl}/api/public/schedule/demo`)).json()) as {
    data: { presentations: { _id: number; name: string }[] };
  };
  const talk = schedule.data.presentations.find((presentation) => presentation.name === DEMO_QUIZ.presentationName);
  if (!talk) throw new Error("the demo quiz's presentation is not in the demo schedule");
  presentationId = talk._id;
  // The demo's questions, saved as the question editor saves them (whether or not the seed did).
  const saved = await fetch(`${baseUrl}/api/quiz/${presentationId}/questions`, {
    method: "PUT",
    headers: { authorization: `Bearer ${moderator.token}`, "content-type": "application/json" },
    body: JSON.stringify({ questions: DEMO_QUIZ.questions }),
  });
  expect(saved.status).toBe(200);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser.close();
});

describe("a live quiz in separate browsers", () => {
  it("runs from the lobby to the final podium on the big screen, the moderator's screen and two phones", {
    timeout: 180_000,
  }, async () => {
    const base = `/demo/${presentationId}`;

    // Manage quiz shows the questions in its editor and opens the moderator's lobby; the big screen shows how to join.
    const host = await open(moderator, DESKTOP, `${base}/quiz-moderator`);
    await host.getByTestId("question-card").first().waitFor();
    expect(await host.getByTestId("question-card").count()).toBe(DEMO_QUIZ.questions.length);
    await screenshot(host, "quiz-manage-desktop");
    await host.getByTestId("quiz-open-lobby").click();
    await host.getByTestId("quiz-moderator-lobby").waitFor();
    const screen = await open(moderator, DESKTOP, `${base}/screen-user-list`);
    await screen.getByTestId("quiz-screen-lobby").waitFor();
    await expect.poll(() => screen.getByTestId("quiz-join-code").textContent()).toMatch(/^\d{3} \d{3}$/);
    const code = ((await screen.getByTestId("quiz-join-code").textContent()) ?? "").replace(/\s/g, "");
    // The address to type, clean: host and path, without the scheme or the code written below it.
    expect(await screen.getByTestId("quiz-join-link").textContent()).toBe(`${new URL(baseUrl).host}/demo/quiz-live`);
    await screen.getByTestId("quiz-qr-code").waitFor();
    expect(await screen.getByTestId("quiz-player-count").textContent()).toBe("0 joueur");

    // Players join from their phones; the big screen lists them as they arrive.
    const joinLink = `/demo/quiz-live?code=${code}`;
    const ana = await joinAs(joinLink, "Ana");
    await screen.getByTestId("quiz-player-name").filter({ hasText: "Ana" }).waitFor({ timeout: LIVE_MS });
    const bruno = await joinAs(joinLink, "Bruno");
    await screen.getByTestId("quiz-player-name").filter({ hasText: "Bruno" }).waitFor({ timeout: LIVE_MS });
    expect(await screen.getByTestId("quiz-player-count").textContent()).toBe("2 joueurs");
    await host.getByTestId("quiz-player-name").filter({ hasText: "Bruno" }).waitFor({ timeout: LIVE_MS });
    await screenshot(screen, "quiz-screen-lobby-desktop", 900);
    await screenshot(ana, "quiz-player-intro-phone");

    // The moderator starts: every screen moves to the first question.
    await host.getByTestId("quiz-start").click();
    await host.getByTestId("quiz-moderator-question").waitFor({ timeout: LIVE_MS });
    await screen.getByTestId("quiz-screen-question").waitFor({ timeout: LIVE_MS });
    const [first, second] = DEMO_QUIZ.questions;
    await expect.poll(() => screen.getByTestId("quiz-question-text").textContent()).toBe(first?.question);
    expect(await screen.getByTestId("quiz-option").count()).toBe(4);
    for (const player of [ana, bruno]) await player.getByTestId("quiz-answer-form").waitFor({ timeout: LIVE_MS });
    await expect.poll(() => ana.getByTestId("quiz-player-question").textContent()).toBe(first?.question);
    await screenshot(screen, "quiz-screen-question-desktop", 900);
    await screenshot(ana, "quiz-player-question-phone");

    // Ana taps the right answer, Bruno a wrong one: a single-answer question sends on tap.
    await answerButton(ana, 0).click();
    await ana.getByTestId("quiz-player-answered").waitFor();
    await answerButton(bruno, 1).click();
    await bruno.getByTestId("quiz-player-answered").waitFor();
    await expect.poll(() => screen.getByTestId("quiz-answered-count").textContent(), { timeout: LIVE_MS }).toBe("2");
    await screenshot(ana, "quiz-player-answered-phone");
    await screenshot(host, "quiz-moderator-question-desktop");

    // The moderator's console on a phone: the title whole beside the counters, and the control bar
    // under the last answer, not over it.
    await host.setViewportSize(PHONE);
    await expect
      .poll(() => host.getByTestId("quiz-controls").evaluate((bar) => getComputedStyle(bar).display))
      .toBe("grid");
    const phoneConsole = await host.getByTestId("quiz-moderator-question").evaluate((stage) => {
      const header = stage.querySelector("header");
      const aside = header?.lastElementChild;
      const title = header?.querySelector("h1");
      stage.scrollTop = stage.scrollHeight;
      const options = stage.querySelectorAll('[data-testid="quiz-option"]');
      const last = options[options.length - 1]?.getBoundingClientRect();
      const bar = stage.querySelector('[data-testid="quiz-controls"]')?.getBoundingClientRect();
      const buttons = Array.from(stage.querySelectorAll('[data-testid="quiz-controls"] button'), (button) =>
        Math.round(button.getBoundingClientRect().height),
      );
      return {
        titleRight: title?.getBoundingClientRect().right ?? Number.NaN,
        titleOverflow: title ? title.scrollWidth - title.clientWidth : Number.NaN,
        asideLeft: aside?.getBoundingClientRect().left ?? Number.NaN,
        lastBottom: last?.bottom ?? Number.NaN,
        barTop: bar?.top ?? Number.NaN,
        barHeight: bar?.height ?? Number.NaN,
        lowestButton: Math.min(...buttons),
      };
    });
    expect(phoneConsole.titleRight).toBeLessThanOrEqual(phoneConsole.asideLeft);
    expect(phoneConsole.titleOverflow).toBeLessThanOrEqual(0);
    expect(phoneConsole.lastBottom).toBeLessThanOrEqual(phoneConsole.barTop);
    // Six buttons in three rows, each a 44 px target: a fraction of the screen, not most of it.
    expect(phoneConsole.barHeight).toBeLessThan(PHONE.height / 3);
    expect(phoneConsole.lowestButton).toBeGreaterThanOrEqual(44);
    await screenshot(host, "quiz-moderator-question-phone");
    await host.setViewportSize(DESKTOP);

    // Results: right and wrong with the votes, on the big screen and on each phone.
    await host.getByTestId("quiz-results").click();
    await expect.poll(() => optionTile(screen, 0).getAttribute("data-mark"), { timeout: LIVE_MS }).toBe("correct");
    expect(await optionTile(screen, 1).getAttribute("data-mark")).toBe("wrong");
    const votes = await screen
      .getByTestId("quiz-option")
      .evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute("data-votes")));
    expect(votes).toEqual(["1", "1", "0", "0"]);
    await ana.getByTestId("quiz-player-result").waitFor({ timeout: LIVE_MS });
    expect(await ana.getByTestId("quiz-player-result").getAttribute("data-outcome")).toBe("correct");
    expect(await ana.getByTestId("quiz-player-gain").textContent()).toMatch(/^\+\d/);
    await bruno.getByTestId("quiz-player-result").waitFor({ timeout: LIVE_MS });
    expect(await bruno.getByTestId("quiz-player-result").getAttribute("data-outcome")).toBe("wrong");
    await screenshot(screen, "quiz-screen-results-desktop", 900);
    await screenshot(host, "quiz-moderator-results-desktop");
    await screenshot(ana, "quiz-player-result-correct-phone", 900);
    await screenshot(bruno, "quiz-player-result-wrong-phone");

    // The podium after the question: Ana first, Bruno second, for the big screen and the moderator.
    await host.getByTestId("quiz-podium-button").click();
    await screen.getByTestId("quiz-screen-podium").waitFor({ timeout: LIVE_MS });
    await host.getByTestId("quiz-moderator-podium").waitFor({ timeout: LIVE_MS });
    expect(screen.url()).toMatch(/\/screen-podium\/\d+$/);
    expect(host.url()).toMatch(/\/podium\/\d+$/);
    for (const page of [screen, host]) {
      await expect.poll(() => podiumName(page, 1).textContent()).toBe("Ana");
      expect(await podiumName(page, 2).textContent()).toBe("Bruno");
    }
    await bruno.getByTestId("quiz-player-podium").waitFor({ timeout: LIVE_MS });
    await screenshot(screen, "quiz-screen-podium-desktop", 2_200);
    await screenshot(host, "quiz-moderator-podium-desktop");

    // Next: the multi-answer question needs Submit below the number of right answers.
    await host.getByTestId("quiz-next").click();
    await screen.getByTestId("quiz-screen-question").waitFor({ timeout: LIVE_MS });
    await expect.poll(() => screen.getByTestId("quiz-question-text").textContent()).toBe(second?.question);
    await bruno.getByTestId("quiz-answer-submit").waitFor({ timeout: LIVE_MS });
    await bruno.getByTestId("quiz-answer-submit").click();
    expect(await bruno.getByTestId("quiz-answer-error").textContent()).toBe(
      "Veuillez sélectionner au moins une option et valider",
    );
    await answerButton(bruno, 2).click();
    await screenshot(bruno, "quiz-player-multi-phone");
    await bruno.getByTestId("quiz-answer-submit").click();
    await bruno.getByTestId("quiz-player-answered").waitFor();
    // Ana picks the three right ones: the third locks the answer without Submit.
    for (const index of [0, 1, 3]) await answerButton(ana, index).click();
    await ana.getByTestId("quiz-player-answered").waitFor();
    await host.getByTestId("quiz-results").click();
    await ana.getByTestId("quiz-player-result").waitFor({ timeout: LIVE_MS });
    expect(await ana.getByTestId("quiz-player-result").getAttribute("data-outcome")).toBe("correct");

    // The back button does not leave the quiz on a phone.
    await bruno.goBack();
    await bruno.waitForTimeout(300);
    expect(bruno.url()).toContain("/quiz-intro");

    // The final podium, from the podium after the question.
    await host.getByTestId("quiz-podium-button").click();
    await host.getByTestId("quiz-moderator-podium").waitFor({ timeout: LIVE_MS });
    await host.getByTestId("quiz-final").click();
    await screen.getByTestId("quiz-final-podium").waitFor({ timeout: LIVE_MS });
    await host.getByTestId("quiz-final-podium").waitFor({ timeout: LIVE_MS });
    expect(screen.url()).toContain("/final-podium?view=screen");
    await expect.poll(() => podiumName(screen, 1).textContent()).toBe("Ana");
    expect(await podiumName(screen, 2).textContent()).toBe("Bruno");
    await ana.getByTestId("quiz-player-final").waitFor({ timeout: LIVE_MS });
    expect(await ana.getByTestId("quiz-player-rank").textContent()).toMatch(/^1er avec /);
    await screenshot(screen, "quiz-screen-final-desktop", 2_200);
    await screenshot(ana, "quiz-player-final-phone");
  });

  it("runs again after a reset: a signed-in attendee joins in one tap, the big screen follows on its read-only link", {
    timeout: 120_000,
  }, async () => {
    // Follows the quiz above, which ended on the final podium.
    const base = `/demo/${presentationId}`;
    const host = await open(moderator, DESKTOP, `${base}/final-podium`);
    await host.getByTestId("quiz-final-podium").waitFor({ timeout: LIVE_MS });
    const oldCode = ((await fetchCode()) ?? "").trim();
    await host.getByTestId("quiz-rerun").click();
    await host.getByTestId("quiz-rerun-confirm").waitFor();
    await screenshot(host, "quiz-rerun-confirm-desktop");
    await host.getByTestId("quiz-rerun-yes").click();
    await host.getByTestId("quiz-moderator-lobby").waitFor({ timeout: LIVE_MS });
    const newCode = await fetchCode();
    expect(newCode).toMatch(/^\d{6}$/);
    expect(newCode).not.toBe(oldCode);

    // The big screen on the read-only link, in a browser that never logged in.
    await host.getByTestId("quiz-screen-link-copy").click();
    const link = (await host.getByTestId("quiz-screen-link-url").textContent()) ?? "";
    expect(link).toMatch(/\/screen_link\/[A-Za-z0-9_-]{43}$/);
    await screenshot(host, "quiz-moderator-lobby-screen-link-desktop");
    const screen = await open(null, DESKTOP, new URL(link).pathname);
    await screen.getByTestId("quiz-screen-lobby").waitFor({ timeout: LIVE_MS });
    await expect
      .poll(() => screen.getByTestId("quiz-join-code").textContent())
      .toBe(`${newCode?.slice(0, 3)} ${newCode?.slice(3)}`);

    // A signed-in attendee: QUIZ on the talk's page, then one tap under their profile name.
    const attendee = await logIn(baseUrl, "attendee@demo.test");
    const phone = await open(attendee, PHONE, base);
    // The talk page's QUIZ tab, or the same entry beside its video when another file of this lane
    // has put a version of the talk online (the page is then the video's).
    await phone.locator('[data-testid="tab-quiz"], [data-testid="watch-quiz"]').first().click();
    await phone.getByTestId("quiz-member-join").waitFor({ timeout: LIVE_MS });
    const name = await phone.getByTestId("quiz-member-name").inputValue();
    expect(name.length).toBeGreaterThan(0);
    await screenshot(phone, "quiz-member-join-phone");
    await phone.getByTestId("quiz-member-join-submit").click();
    await phone.getByTestId("quiz-intro").waitFor({ timeout: LIVE_MS });
    await screen.getByTestId("quiz-player-name").filter({ hasText: name }).waitFor({ timeout: LIVE_MS });
    await screenshot(phone, "quiz-member-intro-phone");
    await screenshot(screen, "quiz-screen-link-lobby-desktop", 900);
  });

  it("opens the join page on the event's branding alone, and refuses a wrong code with the spec's message", async () => {
    const page = await open(null, PHONE, "/demo/quiz-live");
    await page.getByTestId("quiz-login-submit").click();
    await page.getByText("Le code est obligatoire.").waitFor();
    await page.getByTestId("quiz-login-code").fill("000000");
    await page.getByTestId("quiz-login-name").fill("Zoé");
    await page.getByTestId("quiz-login-submit").click();
    expect(await page.getByTestId("quiz-login-error").textContent()).toBe("Erreur ! Code d'invitation invalide");
    // The reader's language, kept for the app that follows.
    await page.getByTestId("locale-en").click();
    expect(await page.getByTestId("quiz-login-error").textContent()).toBe("Error! Invalid Invite Code");
    expect(await page.evaluate(() => localStorage.getItem("locale"))).toBe("en");
    // A whole room opens this page from one QR code: the branding comes written in the page, which
    // reads nothing of the event and loads the app only to warm it while the nickname is typed.
    const loaded = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name));
    expect(loaded.filter((url) => url.includes("/api/public/"))).toEqual([]);
    expect(loaded.some((url) => url.includes("/api/quiz/login"))).toBe(true);
  });
});
