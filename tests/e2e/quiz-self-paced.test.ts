import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_QUIZ } from "../../scripts/demo/demo-quiz";
import { DESKTOP, launchBrowser, PHONE, screenshot } from "./browser";
import { type DemoSession, logIn, seriousAccessibilityViolations, storeSession } from "./schedule-helpers";

const baseUrl = inject("baseUrl");
const HOUR_MS = 3_600_000;
/** The live screens follow the room within this time, even across a reload of `wrangler dev`. */
const LIVE_MS = 10_000;

let browser: Browser;
let moderator: DemoSession;
let attendee: DemoSession;
let presentationId: number;
let videoKey: string;
const contexts: BrowserContext[] = [];

async function api(method: string, path: string, token: string, body?: unknown): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** The moderator sets the quiz's mode and windows, each given in hours from now, as the settings sidebar would. */
async function setWindows(questions: [number, number], results: [number, number], live = false) {
  const at = (hours: number) => new Date(Date.now() + hours * HOUR_MS).toISOString();
  const response = await api("PUT", `/api/quiz/${presentationId}/settings`, moderator.token, {
    live,
    timer: 30,
    questions_from_time: at(questions[0]),
    questions_to_time: at(questions[1]),
    results_from_time: at(results[0]),
    results_to_time: at(results[1]),
  });
  expect(response.status).toBe(200);
}

/** A page of its own, logged in as `session`, in `locale`. */
async function open(session: DemoSession, viewport: { width: number; height: number }, locale: "fr" | "en") {
  const context = await browser.newContext({ viewport, locale: locale === "fr" ? "fr-FR" : "en-GB", hasTouch: true });
  contexts.push(context);
  await storeSession(context, session);
  await context.addInitScript((stored) => localStorage.setItem("locale", stored), locale);
  return context.newPage();
}

/** A one-second WebM clip drawn on a canvas and recorded by the browser itself: no video file to ship. */
async function recordClip(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 320;
    canvas.height = 180;
    const context = canvas.getContext("2d") as CanvasRenderingContext2D;
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: "video/webm" });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => {
      recorder.onstop = resolve;
    });
    recorder.start();
    const started = performance.now();
    while (performance.now() - started < 1_000) {
      const progress = (performance.now() - started) / 1_000;
      context.fillStyle = "#c2410c";
      context.fillRect(0, 0, 320, 180);
      context.fillStyle = "#fbbf24";
      context.beginPath();
      context.arc(40 + progress * 240, 90, 36, 0, Math.PI * 2);
      context.fill();
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: "video/webm" }).arrayBuffer());
    let binary = "";
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return Buffer.from(base64, "base64");
}

/** Uploads a question video the way the question editor does: start, one part, complete. */
async function uploadVideo(clip: Buffer): Promise<string> {
  const base = `/api/quiz/${presentationId}/media/videos`;
  const started = await api("POST", base, moderator.token, { size: clip.byteLength, type: "video/webm" });
  expect(started.status).toBe(201);
  const { key, uploadId } = ((await started.json()) as { data: { key: string; uploadId: string } }).data;
  const query = `key=${encodeURIComponent(key)}&uploadId=${encodeURIComponent(uploadId)}`;
  const part = await fetch(`${baseUrl}${base}/parts/1?${query}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${moderator.token}`, "content-type": "application/octet-stream" },
    body: new Uint8Array(clip),
  });
  expect(part.status).toBe(200);
  const { etag } = ((await part.json()) as { data: { etag: string } }).data;
  const completed = await api("POST", `${base}/complete`, moderator.token, {
    key,
    uploadId,
    parts: [{ partNumber: 1, etag }],
  });
  expect(completed.status).toBe(201);
  return ((await completed.json()) as { data: { video_key: string } }).data.video_key;
}

const QUESTION = "Quelle planète surnomme-t-on la planète rouge ?";
const SURVEY = "Quel format préférez-vous ?";

/** Lets the entrance animations end before a screenshot. */
const settle = (page: Page, ms = 700) => page.waitForTimeout(ms);

beforeAll(async () => {
  browser = await launchBrowser();
  moderator = await logIn(baseUrl, "moderator@demo.test");
  attendee = await logIn(baseUrl, "attendee@demo.test");
  const schedule = (await (await fetch(`${baseUrl}/api/public/schedule/demo`)).json()) as {
    data: { presentations: { _id: number; name: string }[] };
  };
  // Not the live quiz's talk, which tests/e2e/quiz.test.ts runs at the same time.
  const talk = schedule.data.presentations.find((presentation) => presentation.name !== DEMO_QUIZ.presentationName);
  if (!talk) throw new Error("the demo has no second presentation");
  presentationId = talk._id;
  const page = await open(moderator, DESKTOP, "fr");
  await page.goto(`${baseUrl}/demo`);
  videoKey = await uploadVideo(await recordClip(page));
  const saved = await api("PUT", `/api/quiz/${presentationId}/questions`, moderator.token, {
    questions: [
      {
        question: QUESTION,
        video_key: videoKey,
        active_media: "video",
        options: [
          { option: "Vénus", correct: false },
          { option: "Mars", correct: true },
          { option: "Jupiter", correct: false },
        ],
      },
      {
        question: SURVEY,
        is_survey: true,
        options: [
          { option: "Conférences", correct: false },
          { option: "Ateliers", correct: false },
        ],
      },
    ],
  });
  expect(saved.status).toBe(200);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser.close();
});

describe("the self-paced quiz of a presentation", () => {
  it("is answered one question at a time, then reviewed with its marks once the results open", {
    timeout: 120_000,
  }, async () => {
    const quizPath = `${baseUrl}/demo/${presentationId}/quiz`;
    await setWindows([1, 2], [2, 3]);
    const page = await open(attendee, PHONE, "fr");
    await page.goto(quizPath);
    await page.getByTestId("quiz-soon").waitFor();
    expect(await page.getByTestId("quiz-soon").textContent()).toContain(
      "Le quiz de cette présentation n'est pas encore disponible.",
    );

    await setWindows([-1, 1], [2, 3]);
    await page.reload();
    await page.getByTestId("quiz-self-question").waitFor();
    expect(await page.getByTestId("quiz-self-progress").textContent()).toBe("Question 1 / 2");
    expect(await page.getByTestId("quiz-self-question-text").textContent()).toBe(QUESTION);
    expect(await page.getByTestId("question-video").getAttribute("src")).toBe(`/api/files/${videoKey}`);
    expect(await page.getByTestId("question-video").evaluate((video: HTMLVideoElement) => video.controls)).toBe(true);
    // The timer counts in tenths of a second while the question is open.
    const before = await page.getByTestId("quiz-self-timer").textContent();
    await page.waitForTimeout(400);
    expect(await page.getByTestId("quiz-self-timer").textContent()).not.toBe(before);
    expect(before).toMatch(/^\d+,\d s$/);

    await page.getByTestId("quiz-self-submit").click();
    expect(await page.getByTestId("quiz-self-error").textContent()).toBe(
      "Veuillez sélectionner au moins une option et valider",
    );
    await page.getByTestId("quiz-answer-option").nth(0).click();
    await page.getByTestId("quiz-answer-option").nth(1).click();
    // One answer to give: the tapped option replaces the previous one.
    expect(await page.getByTestId("quiz-answer-option").nth(0).getAttribute("aria-pressed")).toBe("false");
    expect(await page.getByTestId("quiz-answer-option").nth(1).getAttribute("aria-pressed")).toBe("true");
    await settle(page);
    await screenshot(page, "quiz-self-question-phone-fr");
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByTestId("quiz-self-submit").click();

    // The next question once the server has recorded the answer.
    await page.getByTestId("quiz-self-progress").filter({ hasText: "Question 2 / 2" }).waitFor();
    expect(await page.getByTestId("quiz-self-question-text").textContent()).toBe(SURVEY);
    expect(await page.getByTestId("quiz-self-timer").count()).toBe(0);
    await page.getByTestId("quiz-answer-option").nth(1).click();
    await page.getByTestId("quiz-self-submit").click();

    // All answered, results not open yet.
    await page.getByTestId("quiz-self-done").waitFor();
    expect(await page.getByTestId("quiz-self-done").textContent()).toContain("Vous avez déjà répondu aux questions.");
    await screenshot(page, "quiz-self-done-phone-fr");

    await setWindows([-1, 1], [-1, 1]);
    await page.reload();
    await page.getByTestId("quiz-self-review").waitFor();
    const outcomes = await page
      .getByTestId("quiz-self-result")
      .evaluateAll((items) => items.map((item) => item.getAttribute("data-outcome")));
    expect(outcomes).toEqual(["correct", "survey"]);
    const marks = await page
      .getByTestId("quiz-self-result")
      .first()
      .getByTestId("quiz-self-result-option")
      .evaluateAll((items) => items.map((item) => [item.getAttribute("data-mark"), item.getAttribute("data-mine")]));
    expect(marks).toEqual([
      [null, "false"],
      ["correct", "true"],
      [null, "false"],
    ]);
    expect(await page.getByTestId("quiz-self-total").textContent()).toMatch(/^\d[\d\s\u202f]* pts au total$/);
    await screenshot(page, "quiz-self-review-phone-fr");
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const english = await open(attendee, DESKTOP, "en");
    await english.goto(quizPath);
    await english.getByTestId("quiz-self-review").waitFor();
    expect(await english.getByTestId("quiz-self-outcome").first().textContent()).toMatch(/^Correct\+\d/);
    await screenshot(english, "quiz-self-review-desktop-en");
  });

  it("shows the leaderboard and each question's votes, and exports them as CSV for the moderator", {
    timeout: 60_000,
  }, async () => {
    const resultsPath = `${baseUrl}/demo/${presentationId}/quiz-results`;
    const page = await open(attendee, DESKTOP, "en");
    await page.goto(resultsPath);
    await page.getByTestId("quiz-leaderboard").waitFor();
    expect(await page.getByTestId("quiz-leaderboard-rank").first().textContent()).toBe("1st");
    expect(await page.getByTestId("quiz-leaderboard-name").first().textContent()).toBe(attendee.user.name);
    const votes = await page
      .getByTestId("quiz-results-question")
      .first()
      .getByTestId("quiz-results-option")
      .evaluateAll((items) =>
        items.map((item) => [item.getAttribute("data-votes"), item.getAttribute("data-correct")]),
      );
    expect(votes).toEqual([
      ["0", "false"],
      ["1", "true"],
      ["0", "false"],
    ]);
    expect(await page.getByTestId("quiz-results-option").nth(1).textContent()).toContain("1 vote (100%)");
    // Attendees read the results; exporting them is for those who manage the quiz.
    expect(await page.getByTestId("quiz-results-export").count()).toBe(0);
    await settle(page);
    await screenshot(page, "quiz-results-desktop-en");
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const phone = await open(attendee, PHONE, "fr");
    await phone.goto(resultsPath);
    await phone.getByTestId("quiz-leaderboard").waitFor();
    expect(await phone.getByTestId("quiz-leaderboard-rank").first().textContent()).toBe("1er");
    await settle(phone);
    await screenshot(phone, "quiz-results-phone-fr");

    const host = await open(moderator, DESKTOP, "fr");
    await host.goto(resultsPath);
    await host.getByTestId("quiz-results-export").waitFor();
    await screenshot(host, "quiz-results-moderator-desktop-fr");
    const [download] = await Promise.all([
      host.waitForEvent("download"),
      host.getByTestId("quiz-results-export").click(),
    ]);
    expect(download.suggestedFilename()).toBe(`quiz-results-${presentationId}.csv`);
    const csv = readFileSync((await download.path()) as string, "utf8");
    const [header, ...rows] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header).toContain(QUESTION);
    expect(rows.find((row) => row.includes(attendee.user.name))).toContain("Mars");
  });

  it("says the results are not open yet, outside the results window", async () => {
    await setWindows([-1, 1], [1, 2]);
    const page = await open(attendee, PHONE, "en");
    await page.goto(`${baseUrl}/demo/${presentationId}/quiz-results`);
    await page.getByTestId("quiz-results-not-open").waitFor();
    await screenshot(page, "quiz-results-not-open-phone-en");
    await setWindows([-1, 1], [-1, 1]);
  });

  it("plays the question's video by itself on the big screen, with controls for the moderator", {
    timeout: 60_000,
  }, async () => {
    await setWindows([-1, 1], [-1, 1], true);
    const attendeePage = await open(attendee, PHONE, "en");
    await attendeePage.goto(`${baseUrl}/demo/${presentationId}/quiz`);
    await attendeePage.getByTestId("quiz-live-wip").waitFor();
    expect(await attendeePage.getByTestId("quiz-live-wip").textContent()).toContain("Live mode, WIP");
    await screenshot(attendeePage, "quiz-self-live-phone-en");

    expect((await api("POST", "/api/quiz/get-code", moderator.token, { _id: presentationId })).status).toBe(200);
    const started = await api("POST", `/parties/quiz-room/${presentationId}`, moderator.token, {
      action: "start_quiz",
    });
    expect(started.status).toBe(200);
    try {
      const screen = await open(moderator, DESKTOP, "en");
      await screen.goto(`${baseUrl}/demo/${presentationId}/screen-questions`);
      const screenVideo = screen.getByTestId("question-video");
      await screenVideo.waitFor({ timeout: LIVE_MS });
      const played = await screenVideo.evaluate(
        (video: HTMLVideoElement) =>
          new Promise<{ controls: boolean; muted: boolean; playing: boolean }>((resolve) => {
            const report = () => resolve({ controls: video.controls, muted: video.muted, playing: !video.paused });
            if (!video.paused) report();
            else video.addEventListener("playing", report, { once: true });
          }),
      );
      expect(played).toEqual({ controls: false, muted: true, playing: true });
      await screenshot(screen, "quiz-screen-video-desktop-en");

      const host = await open(moderator, DESKTOP, "fr");
      await host.goto(`${baseUrl}/demo/${presentationId}/quiz-questions`);
      await host.getByTestId("question-video").waitFor({ timeout: LIVE_MS });
      expect(await host.getByTestId("question-video").evaluate((video: HTMLVideoElement) => video.controls)).toBe(true);
    } finally {
      await api("POST", `/parties/quiz-room/${presentationId}`, moderator.token, { action: "final" });
      await setWindows([-1, 1], [-1, 1]);
    }
  });
});

describe("the tutorial", () => {
  for (const [locale, viewport, titles] of [
    ["fr", PHONE, ["Jouer", "Participer", "Organiser"]],
    ["en", DESKTOP, ["Play", "Participate", "Organize"]],
  ] as const) {
    it(`shows its three slides with the buttons, the dots, the arrow keys and a swipe (${locale})`, async () => {
      const page = await open(attendee, viewport, locale);
      await page.goto(`${baseUrl}/demo`);
      if (viewport === PHONE) await page.getByRole("button", { name: /menu/i }).first().click();
      await page.getByTestId("menu-tutorial").click();
      await page.getByTestId("tutorial").waitFor();
      const current = () => page.locator('[data-testid="tutorial-slide"][data-current="true"] h2').textContent();
      expect(await current()).toBe(titles[0]);
      await settle(page, 500);
      await screenshot(page, `tutorial-${locale}-${viewport === PHONE ? "phone" : "desktop"}`);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.getByTestId("tutorial-next").click();
      expect(await current()).toBe(titles[1]);
      await page.keyboard.press("ArrowRight");
      expect(await current()).toBe(titles[2]);
      await page.getByTestId("tutorial-finish").waitFor();
      await settle(page, 500);
      await screenshot(page, `tutorial-last-${locale}-${viewport === PHONE ? "phone" : "desktop"}`);
      await page.keyboard.press("ArrowLeft");
      expect(await current()).toBe(titles[1]);
      await page.getByTestId("tutorial-dot").first().click();
      expect(await current()).toBe(titles[0]);
      // A finger swiping left shows the next slide.
      await page
        .getByTestId("tutorial-slide")
        .first()
        .evaluate((slide) => {
          const touch = (x: number) => new Touch({ identifier: 1, target: slide, clientX: x, clientY: 300 });
          slide.dispatchEvent(new TouchEvent("touchstart", { bubbles: true, touches: [touch(300)] }));
          slide.dispatchEvent(new TouchEvent("touchend", { bubbles: true, changedTouches: [touch(120)] }));
        });
      expect(await current()).toBe(titles[1]);
    });
  }
});
