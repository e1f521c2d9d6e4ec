import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, PHONE, screenshot } from "./browser";
import { laneBaseUrl } from "./lanes";
import { callApi, demoTalkId, type Locale, openAs } from "./quiz-session-steps";
import { type DemoSession, logIn } from "./schedule-helpers";

/**
 * The QUIZ entry is honest (it leads somewhere now, or says what and when), and the live quiz on a
 * 375 px phone: the countdown, six answers above Submit, a long nickname, the podium's trophy,
 * the results' counts and the big screen's join line.
 */
const baseUrl = laneBaseUrl();
/** The live screens follow the room within this time, even across a reload of `wrangler dev`. */
const LIVE_MS = 10_000;
/** Talks no other e2e file uses: one left without questions, one played live. */
const EMPTY_TALK = "Éclair : git bisect m'a sauvé la vie";
const LIVE_TALK = "Éclair : trois façons de rater une démo";
/** Long enough to be cut on a phone's header, within the 30 characters a nickname may have. */
const LONG_NICKNAME = "Camille-Alexandrine Duponteau";
const TIMER_SECONDS = 12;

let browser: Browser;
let moderator: DemoSession;
let attendee: DemoSession;
let emptyTalk: number;
let liveTalk: number;

const open = async (session: DemoSession | null, locale: Locale, path: string) => {
  let page: Page;
  if (session) page = await openAs(browser, session, PHONE, locale);
  else {
    const context = await browser.newContext({ viewport: PHONE, locale: locale === "fr" ? "fr-FR" : "en-GB" });
    await context.addInitScript((stored) => localStorage.setItem("locale", stored), locale);
    page = await context.newPage();
  }
  await page.goto(`${baseUrl}${path}`);
  return page;
};

/** The talk's card on the schedule, scrolled to, once its QUIZ entry knows where it leads. */
async function quizEntryOfCard(page: Page, presentationId: number) {
  const card = page.locator(`[data-presentation-id="${presentationId}"]`);
  await card.scrollIntoViewIfNeeded();
  await card.locator('[data-testid="quiz-entry-note"], [data-testid="quiz-link"]').waitFor({ timeout: LIVE_MS });
  return card;
}

/** Joins the live quiz from a phone with its code and a nickname. */
async function joinWithCode(code: string, name: string): Promise<Page> {
  const page = await open(null, "fr", `/demo/quiz-live?code=${code}`);
  await page.getByTestId("quiz-login-name").fill(name);
  await page.getByTestId("quiz-login-submit").click();
  await page.getByTestId("quiz-intro").waitFor({ timeout: LIVE_MS });
  return page;
}

const secondsShown = async (page: Page) =>
  Number(((await page.getByTestId("quiz-player-timer").textContent()) ?? "").replace(/[^\d,]/g, "").replace(",", "."));

beforeAll(async () => {
  browser = await launchBrowser();
  moderator = await logIn(baseUrl, "moderator@demo.test");
  attendee = await logIn(baseUrl, "attendee@demo.test");
  emptyTalk = await demoTalkId(EMPTY_TALK);
  liveTalk = await demoTalkId(LIVE_TALK);
  // The live talk: a six-option question with two right answers (so Submit shows), then a survey.
  const saved = await callApi("PUT", `/api/quiz/${liveTalk}/questions`, moderator, {
    questions: [
      {
        question: "Lesquelles de ces commandes annulent un commit ?",
        // Two lines each on a phone: the list is taller than the screen, under the sticky Submit.
        options: [
          { option: "git revert, qui ajoute un commit inverse", correct: true },
          { option: "git push, qui envoie les commits au dépôt distant", correct: false },
          { option: "git reset, qui déplace la branche en arrière", correct: true },
          { option: "git fetch, qui télécharge sans fusionner", correct: false },
          { option: "git clone, qui copie un dépôt entier", correct: false },
          { option: "git log, qui affiche l'historique des commits", correct: false },
        ],
      },
      {
        question: "Une démo vous a-t-elle déjà trahi ?",
        is_survey: true,
        options: [{ option: "Oui", correct: false }],
      },
    ],
  });
  expect(saved.status).toBe(200);
  const settings = (await (await callApi("GET", `/api/quiz/${liveTalk}/settings`, moderator)).json()) as {
    data: Record<string, unknown>;
  };
  const { non_live_questions_active: _q, non_live_results_active: _r, ...editable } = settings.data;
  const live = await callApi("PUT", `/api/quiz/${liveTalk}/settings`, moderator, {
    ...editable,
    live: true,
    timer: TIMER_SECONDS,
  });
  expect(live.status).toBe(200);
});

afterAll(async () => {
  await browser.close();
});

describe("the QUIZ entry", () => {
  it("offers no way into a talk without questions: its card, its page and its quiz pages say there is no quiz yet", async () => {
    for (const [session, locale, text] of [
      [attendee, "fr", "Pas encore de quiz"],
      [null, "en", "No quiz yet"],
    ] as const) {
      const page = await open(session, locale, "/demo");
      const card = await quizEntryOfCard(page, emptyTalk);
      expect(await card.getByTestId("quiz-entry-note").textContent()).toBe(text);
      expect(await card.getByTestId("quiz-link").count()).toBe(0);
      if (session) await screenshot(page, "quiz-entry-card-no-questions-phone");

      // The talk's page: the same words where the Quiz tab would be, for attendees and visitors alike.
      await page.goto(`${baseUrl}/demo/${emptyTalk}`);
      await page.getByTestId("tab-quiz-note").waitFor({ timeout: LIVE_MS });
      expect(await page.getByTestId("tab-quiz-note").textContent()).toBe(text);
      expect(await page.getByTestId("tab-quiz").count()).toBe(0);
      if (session) await screenshot(page, "quiz-entry-talk-no-questions-phone");
    }

    // Reached by their address, the quiz pages claim no live quiz and offer no join.
    const page = await open(attendee, "fr", `/demo/${emptyTalk}/quiz`);
    await page.getByTestId("quiz-no-questions").waitFor({ timeout: LIVE_MS });
    expect(await page.getByTestId("quiz-no-questions").textContent()).toContain("Pas encore de quiz");
    expect(await page.getByText("en direct").count()).toBe(0);
    await screenshot(page, "quiz-entry-self-paced-no-questions-phone");
    await page.goto(`${baseUrl}/demo/${emptyTalk}/quiz-intro`);
    await page.getByTestId("quiz-join-unavailable").waitFor({ timeout: LIVE_MS });
    expect(await page.getByTestId("quiz-join-unavailable").textContent()).toBe("Pas encore de quiz");
    expect(await page.getByTestId("quiz-member-join").count()).toBe(0);
  });

  it("says a live quiz is played during the talk until its lobby opens, then leads into it", {
    timeout: 60_000,
  }, async () => {
    const page = await open(attendee, "fr", "/demo");
    const card = await quizEntryOfCard(page, liveTalk);
    expect(await card.getByTestId("quiz-entry-note").textContent()).toBe("Quiz en direct pendant la présentation");
    await page.goto(`${baseUrl}/demo/${liveTalk}/quiz`);
    await page.getByTestId("quiz-live-later").waitFor({ timeout: LIVE_MS });
    expect(await page.getByTestId("quiz-play-join").count()).toBe(0);
    expect(await page.getByTestId("tab-quiz-note").textContent()).toBe("Quiz en direct pendant la présentation");
    await screenshot(page, "quiz-entry-live-later-phone");

    // The moderator opens the lobby: QUIZ now leads to the waiting page, where one tap joins.
    expect((await callApi("POST", "/api/quiz/get-code", moderator, { _id: liveTalk })).status).toBe(200);
    await page.goto(`${baseUrl}/demo`);
    const opened = await quizEntryOfCard(page, liveTalk);
    expect(await opened.getByTestId("quiz-link").getAttribute("href")).toBe(`/demo/${liveTalk}/quiz-intro`);
    await screenshot(page, "quiz-entry-card-live-phone");
    await opened.getByTestId("quiz-link").click();
    await page.getByTestId("quiz-member-join-submit").click();
    await page.getByTestId("quiz-intro").waitFor({ timeout: LIVE_MS });

    // A visitor's QUIZ asks them to log in, and comes back to the waiting page.
    const visitor = await open(null, "fr", "/demo");
    const visitorCard = await quizEntryOfCard(visitor, liveTalk);
    await visitorCard.getByTestId("quiz-link").click();
    await expect.poll(() => new URL(visitor.url()).searchParams.get("login")).toBe("true");
    expect(await visitor.evaluate(() => localStorage.getItem("redirect-path"))).toBe(`/demo/${liveTalk}/quiz-intro`);
  });
});

describe("the live quiz on a 375 px phone", () => {
  it("counts down, keeps six answers clear of Submit, cuts a long nickname on one line, and gives no trophy for 0 points", {
    timeout: 120_000,
  }, async () => {
    const code = (await (await callApi("POST", "/api/quiz/get-code", moderator, { _id: liveTalk })).json()) as {
      code: string;
    };
    // The big screen's join line, on a narrow screen too: the address to type, without the code.
    const screen = await open(moderator, "fr", `/demo/${liveTalk}/screen-user-list`);
    await expect.poll(() => screen.getByTestId("quiz-join-code").textContent(), { timeout: LIVE_MS }).toMatch(/\d/);
    expect(await screen.getByTestId("quiz-join-link").textContent()).toBe(`${new URL(baseUrl).host}/demo/quiz-live`);
    await screenshot(screen, "quiz-screen-lobby-phone");

    const camille = await joinWithCode(code.code, LONG_NICKNAME);
    const bo = await joinWithCode(code.code, "Bo");
    const idle = await joinWithCode(code.code, "Idle");
    // The nickname keeps one line, cut with an ellipsis rather than inside a word.
    const title = await camille
      .getByTestId("quiz-player")
      .locator("h1")
      .evaluate((heading) => ({
        whiteSpace: getComputedStyle(heading).whiteSpace,
        textOverflow: getComputedStyle(heading).textOverflow,
        cut: heading.scrollWidth > heading.clientWidth,
        lines: Math.round(
          heading.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(heading).lineHeight),
        ),
      }));
    expect(title).toEqual({ whiteSpace: "nowrap", textOverflow: "ellipsis", cut: true, lines: 1 });

    const started = await callApi("POST", `/parties/quiz-room/${liveTalk}`, moderator, { action: "start_quiz" });
    expect(started.status).toBe(200);
    await camille.getByTestId("quiz-answer-form").waitFor({ timeout: LIVE_MS });

    // The time left counts down, beside its bar, as the big screen's circle does.
    const first = await secondsShown(camille);
    expect(first).toBeLessThanOrEqual(TIMER_SECONDS);
    await camille.waitForTimeout(1_200);
    const later = await secondsShown(camille);
    expect(later).toBeLessThan(first);
    expect(later).toBeGreaterThan(0);
    await screenshot(camille, "quiz-player-countdown-phone");

    // Scrolled to the end, the sixth answer stands above the sticky Submit bar, not under it.
    const options = camille.getByTestId("quiz-answer-option");
    expect(await options.count()).toBe(6);
    // Focused from the keyboard, the sixth answer scrolls clear of the bar too.
    await options.nth(5).focus();
    const focusedBottom = await options.nth(5).evaluate((option) => option.getBoundingClientRect().bottom);
    const barTop = await camille
      .getByTestId("quiz-answer-submit")
      .evaluate((button) => button.getBoundingClientRect().top);
    // Within half a pixel: layout lands on fractions of a pixel.
    expect(focusedBottom).toBeLessThanOrEqual(barTop + 0.5);
    await camille.getByTestId("quiz-answer-submit").evaluate((button) => {
      const stage = button.closest('[data-testid="quiz-player"]');
      if (stage) stage.scrollTop = stage.scrollHeight;
    });
    const sixthBottom = await options.nth(5).evaluate((option) => option.getBoundingClientRect().bottom);
    const submitTop = await camille
      .getByTestId("quiz-answer-submit")
      .evaluate((button) => button.getBoundingClientRect().top);
    expect(sixthBottom).toBeLessThanOrEqual(submitTop + 0.5);
    await screenshot(camille, "quiz-player-six-answers-phone");

    // Camille picks one wrong answer and submits; Bo picks both right ones; Idle lets the time run out.
    await options.nth(1).click();
    await camille.getByTestId("quiz-answer-submit").click();
    await camille.getByTestId("quiz-player-answered").waitFor();
    await bo.getByTestId("quiz-answer-option").nth(0).click();
    await bo.getByTestId("quiz-answer-option").nth(2).click();
    await bo.getByTestId("quiz-player-answered").waitFor();
    await idle.getByTestId("quiz-player-time-up").waitFor({ timeout: TIMER_SECONDS * 1_000 + LIVE_MS });
    await screenshot(idle, "quiz-player-time-up-phone");

    const final = await callApi("POST", `/parties/quiz-room/${liveTalk}`, moderator, { action: "final" });
    expect(final.status).toBe(200);
    await bo.getByTestId("quiz-player-final").waitFor({ timeout: LIVE_MS });
    await camille.getByTestId("quiz-player-final").waitFor({ timeout: LIVE_MS });
    // A trophy for a real place on the podium, with points; none for 0 points.
    expect(await bo.getByTestId("quiz-player-trophy").count()).toBe(1);
    expect(await bo.getByTestId("quiz-player-rank").textContent()).toMatch(/^1er avec /);
    expect(await camille.getByTestId("quiz-player-trophy").count()).toBe(0);
    expect(await camille.getByTestId("quiz-player-rank").count()).toBe(0);
    await screenshot(camille, "quiz-player-final-no-points-phone", 700);

    // The results say what they count: options chosen, by how many players.
    const results = await open(attendee, "fr", `/demo/${liveTalk}/quiz-results`);
    const question = results.getByTestId("quiz-results-question").first();
    await question.waitFor({ timeout: LIVE_MS });
    expect(await question.getByTestId("quiz-results-answered").textContent()).toBe("3 réponses choisies par 2 joueurs");
    await screenshot(results, "quiz-results-counts-phone");
    // The quiz is over: its entry says so and no longer leads into it.
    await results.goto(`${baseUrl}/demo/${liveTalk}`);
    await results.getByTestId("tab-quiz-note").waitFor({ timeout: LIVE_MS });
    expect(await results.getByTestId("tab-quiz-note").textContent()).toBe("Quiz terminé");
  });
});
