import { readFileSync } from "node:fs";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, PHONE, screenshot } from "./browser";
import { laneBaseUrl } from "./lanes";
import {
  addQuestion,
  drawnPng,
  eventWallClock,
  openEditor,
  saveQuestions,
  submitSettings,
  uploadQuestionImage,
} from "./quiz-editor-steps";
import { callApi, demoTalkId, demoTimeZone, type Locale, openAs } from "./quiz-session-steps";
import { type DemoSession, logIn, seriousAccessibilityViolations } from "./schedule-helpers";

/**
 * The self-paced quiz from end to end: a moderator builds it in the editor, an attendee answers
 * it, everyone reads the results and the moderator exports them. The editor's own rules are
 * tests/e2e/quiz-editor.test.ts; the live quiz is tests/e2e/quiz.test.ts.
 */

const baseUrl = laneBaseUrl();
const MINUTE_MS = 60_000;
/** The live screens follow the room within this time, even across a reload of `wrangler dev`. */
const LIVE_MS = 10_000;
/** Talks no other e2e file uses: the flow's quiz, and the one with a video. */
const FLOW_TALK = "Low-tech : l'innovation par la simplicité";
const VIDEO_TALK = "Télémédecine en zone rurale : un an après";

let browser: Browser;
let moderator: DemoSession;
let attendee: DemoSession;
let timeZone: string;

const open = (session: DemoSession, viewport: { width: number; height: number }, locale: Locale) =>
  openAs(browser, session, viewport, locale);

/** `minutes` from now, as the settings sidebar takes it. */
const inMinutes = (minutes: number) => eventWallClock(new Date(Date.now() + minutes * MINUTE_MS), timeZone);

/** Lets the entrance animations end before a screenshot. */
const settle = (page: Page, ms = 700) => page.waitForTimeout(ms);

/** The attributes `names` of each element `testId` finds under `scope`, in order. */
const attributesOf = (scope: Page | Locator, testId: string, names: string[]) =>
  scope
    .getByTestId(testId)
    .evaluateAll((items, wanted) => items.map((item) => wanted.map((name) => item.getAttribute(name))), names);

beforeAll(async () => {
  browser = await launchBrowser();
  moderator = await logIn(baseUrl, "moderator@demo.test");
  attendee = await logIn(baseUrl, "attendee@demo.test");
  timeZone = await demoTimeZone();
});

afterAll(async () => {
  await browser.close();
});

describe("a self-paced quiz, from the editor to the CSV", () => {
  const IMAGE_QUESTION = "Quelle couleur domine à gauche de l'image ?";
  const SURVEY = "Quel format préférez-vous ?";
  let presentationId: number;
  let imageUrl: string;

  beforeAll(async () => {
    presentationId = await demoTalkId(FLOW_TALK);
  });

  it("the moderator writes an image question and a survey in the editor, then opens the questions in the sidebar", {
    timeout: 120_000,
  }, async () => {
    const page = await openEditor(browser, moderator, DESKTOP, "fr", presentationId);
    const imageCard = await addQuestion(page, { question: IMAGE_QUESTION, options: ["Rouge", "Bleu"], correct: [0] });
    imageUrl = await uploadQuestionImage(imageCard, await drawnPng(page));
    expect(imageUrl).toMatch(new RegExp(`^/api/files/quiz/${presentationId}/images/.+\\.jpg$`));
    await addQuestion(page, { question: SURVEY, options: ["Conférences", "Ateliers", "Tables rondes"], survey: true });
    await saveQuestions(page, "Mise à jour réussie");

    // Self-paced, questions open now; the results open later.
    await submitSettings(page, {
      live: false,
      questionsFrom: inMinutes(-30),
      questionsTo: inMinutes(30),
      resultsFrom: inMinutes(60),
      resultsTo: inMinutes(120),
    });
    await expect.poll(() => page.getByTestId("quiz-settings-notice").textContent()).toBe("Mise à jour réussie");
    expect(await page.getByTestId("quiz-settings-live").isChecked()).toBe(false);
    await screenshot(page, "quiz-self-editor-desktop-fr");
  });

  it("the attendee answers one question at a time, is told it is done, and reviews the marks once the moderator opens the results", {
    timeout: 120_000,
  }, async () => {
    const quizPath = `${baseUrl}/demo/${presentationId}/quiz`;
    const page = await open(attendee, PHONE, "fr");
    await page.goto(quizPath);
    await page.getByTestId("quiz-self-question").waitFor();
    expect(await page.getByTestId("quiz-self-progress").textContent()).toBe("Question 1 / 2");
    expect(await page.getByTestId("quiz-self-question-text").textContent()).toBe(IMAGE_QUESTION);
    // The question's first lines are on the phone's first screen, under the talk's short header.
    expect(
      await page.getByTestId("quiz-self-question-text").evaluate((text) => text.getBoundingClientRect().bottom),
    ).toBeLessThan(PHONE.height);
    // The image the moderator chose, as the editor cut it: 500 × 400.
    const image = page.getByTestId("question-image");
    expect(await image.getAttribute("src")).toBe(imageUrl);
    await expect
      .poll(() =>
        image.evaluate((element: HTMLImageElement) => [element.complete, element.naturalWidth, element.naturalHeight]),
      )
      .toEqual([true, 500, 400]);
    // The timer counts in tenths of a second while the question is open.
    const before = await page.getByTestId("quiz-self-timer").textContent();
    await page.waitForTimeout(400);
    expect(await page.getByTestId("quiz-self-timer").textContent()).not.toBe(before);
    expect(before).toMatch(/^\d+,\d s$/);

    await page.getByTestId("quiz-self-submit").click();
    expect(await page.getByTestId("quiz-self-error").textContent()).toBe(
      "Veuillez sélectionner au moins une option et valider",
    );
    const options = page.getByTestId("quiz-answer-option");
    await options.nth(1).click();
    await options.nth(0).click();
    // One answer to give: the tapped option replaces the previous one.
    expect(await attributesOf(page, "quiz-answer-option", ["aria-pressed"])).toEqual([["true"], ["false"]]);
    await settle(page);
    await screenshot(page, "quiz-self-question-phone-fr");
    expect(await seriousAccessibilityViolations(page, { targetSize: true })).toEqual([]);
    await page.getByTestId("quiz-self-submit").click();

    // The next question once the server has recorded the answer.
    await page.getByTestId("quiz-self-progress").filter({ hasText: "Question 2 / 2" }).waitFor();
    expect(await page.getByTestId("quiz-self-question-text").textContent()).toBe(SURVEY);
    expect(await page.getByTestId("quiz-self-timer").count()).toBe(0);
    await options.nth(1).click();
    await page.getByTestId("quiz-self-submit").click();

    // All answered, the results not open yet: the quiz and the results page say so.
    await page.getByTestId("quiz-self-done").waitFor();
    expect(await page.getByTestId("quiz-self-done").textContent()).toContain("Vous avez déjà répondu aux questions.");
    await screenshot(page, "quiz-self-done-phone-fr");
    await page.goto(`${baseUrl}/demo/${presentationId}/quiz-results`);
    await page.getByTestId("quiz-results-not-open").waitFor();
    expect(await page.getByTestId("quiz-results-not-open").textContent()).toContain(
      "Les résultats de ce quiz ne sont pas encore disponibles.",
    );
    await screenshot(page, "quiz-results-not-open-phone-fr");

    const editor = await openEditor(browser, moderator, DESKTOP, "fr", presentationId);
    await submitSettings(editor, { resultsFrom: inMinutes(-5), resultsTo: inMinutes(60) });
    await expect.poll(() => editor.getByTestId("quiz-settings-notice").textContent()).toBe("Mise à jour réussie");

    await page.goto(quizPath);
    await page.getByTestId("quiz-self-review").waitFor();
    expect(await attributesOf(page, "quiz-self-result", ["data-outcome"])).toEqual([["correct"], ["survey"]]);
    const imageResult = page.getByTestId("quiz-self-result").nth(0);
    const surveyResult = page.getByTestId("quiz-self-result").nth(1);
    expect(await attributesOf(imageResult, "quiz-self-result-option", ["data-mark", "data-mine"])).toEqual([
      ["correct", "true"],
      [null, "false"],
    ]);
    expect(await attributesOf(surveyResult, "quiz-self-result-option", ["data-mark", "data-mine"])).toEqual([
      [null, "false"],
      [null, "true"],
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

  it("the results page shows both questions' votes, and the moderator's CSV holds the attendee's answers", {
    timeout: 60_000,
  }, async () => {
    const resultsPath = `${baseUrl}/demo/${presentationId}/quiz-results`;
    const page = await open(attendee, DESKTOP, "en");
    await page.goto(resultsPath);
    await page.getByTestId("quiz-leaderboard").waitFor();
    expect(await page.getByTestId("quiz-leaderboard-rank").first().textContent()).toBe("1st");
    expect(await page.getByTestId("quiz-leaderboard-name").first().textContent()).toBe(attendee.user.name);
    const questions = page.getByTestId("quiz-results-question");
    expect(await questions.count()).toBe(2);
    const votes = (index: number) =>
      attributesOf(questions.nth(index), "quiz-results-option", ["data-votes", "data-correct"]);
    expect(await votes(0)).toEqual([
      ["1", "true"],
      ["0", "false"],
    ]);
    expect(await votes(1)).toEqual([
      ["0", "false"],
      ["1", "false"],
      ["0", "false"],
    ]);
    const counts = (index: number) => questions.nth(index).getByTestId("quiz-results-option").allTextContents();
    // What is counted is said: the options chosen, by how many players.
    expect(await questions.nth(0).getByTestId("quiz-results-answered").textContent()).toBe("1 choice from 1 player");
    expect((await counts(0)).map((text) => /\d+ players? \(\d+%\)/.exec(text)?.[0])).toEqual([
      "1 player (100%)",
      "0 players (0%)",
    ]);
    expect((await counts(1)).map((text) => /\d+ players? \(\d+%\)/.exec(text)?.[0])).toEqual([
      "0 players (0%)",
      "1 player (100%)",
      "0 players (0%)",
    ]);
    // Attendees read the results; exporting them is for those who manage the quiz.
    expect(await page.getByTestId("quiz-results-export").count()).toBe(0);
    await settle(page);
    await screenshot(page, "quiz-results-desktop-en");
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const phone = await open(attendee, PHONE, "fr");
    await phone.goto(resultsPath);
    await phone.getByTestId("quiz-leaderboard").waitFor();
    expect(await phone.getByTestId("quiz-leaderboard-rank").first().textContent()).toBe("1er");
    await screenshot(phone, "quiz-results-phone-fr", 700);

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
    // None of these cells holds a comma or a quote: a plain split reads them.
    const [header, ...rows] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
      .map((line) => line.split(","));
    expect(header?.slice(-2)).toEqual([`1. ${IMAGE_QUESTION}`, `2. ${SURVEY}`]);
    expect(rows).toHaveLength(1);
    // Rank, name, points, right answers, time, then each question's chosen options.
    expect(rows[0]?.slice(0, 2)).toEqual(["1", attendee.user.name]);
    expect(rows[0]?.slice(3, 4)).toEqual(["1"]);
    expect(rows[0]?.slice(-2)).toEqual(["Rouge", "Ateliers"]);
  });
});

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

describe("a question with a video", () => {
  const QUESTION = "Quelle planète surnomme-t-on la planète rouge ?";
  let presentationId: number;
  let videoKey: string;

  /** The moderator sets the quiz's mode and windows, each given in minutes from now. */
  async function setWindows(questions: [number, number], results: [number, number], live = false) {
    const at = (minutes: number) => new Date(Date.now() + minutes * MINUTE_MS).toISOString();
    const response = await callApi("PUT", `/api/quiz/${presentationId}/settings`, moderator, {
      live,
      timer: 30,
      questions_from_time: at(questions[0]),
      questions_to_time: at(questions[1]),
      results_from_time: at(results[0]),
      results_to_time: at(results[1]),
    });
    expect(response.status).toBe(200);
  }

  /** Uploads a question video the way the question editor does: a tus upload of kind quiz-video, one part. */
  async function uploadVideo(clip: Buffer): Promise<string> {
    const tus = { authorization: `Bearer ${moderator.token}`, "tus-resumable": "1.0.0" };
    const meta = { kind: "quiz-video", filename: "clip.webm", presentationId: String(presentationId) };
    const created = await fetch(`${baseUrl}/api/uploads`, {
      method: "POST",
      headers: {
        ...tus,
        "upload-length": String(clip.byteLength),
        "upload-metadata": Object.entries(meta)
          .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
          .join(","),
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get("location") as string;
    const part = await fetch(`${baseUrl}${location}`, {
      method: "PATCH",
      headers: { ...tus, "upload-offset": "0", "content-type": "application/offset+octet-stream" },
      body: new Uint8Array(clip),
    });
    expect(part.status).toBe(204);
    return `quiz/${presentationId}/videos/${location.split("/").pop()}`;
  }

  // Set up behind the editor's back: uploading a video through it is the same tus calls.
  beforeAll(async () => {
    presentationId = await demoTalkId(VIDEO_TALK);
    const page = await open(moderator, DESKTOP, "fr");
    await page.goto(`${baseUrl}/demo`);
    videoKey = await uploadVideo(await recordClip(page));
    const saved = await callApi("PUT", `/api/quiz/${presentationId}/questions`, moderator, {
      questions: [
        {
          question: QUESTION,
          video_key: videoKey,
          active_media: "video",
          options: [
            { option: "Vénus", correct: false },
            { option: "Mars", correct: true },
          ],
        },
      ],
    });
    expect(saved.status).toBe(200);
  });

  it("is not available before its questions open, then a player starts its video with the controls", async () => {
    await setWindows([60, 120], [120, 180]);
    const page = await open(attendee, PHONE, "fr");
    await page.goto(`${baseUrl}/demo/${presentationId}/quiz`);
    await page.getByTestId("quiz-soon").waitFor();
    expect(await page.getByTestId("quiz-soon").textContent()).toContain(
      "Le quiz de cette présentation n'est pas encore disponible",
    );

    await setWindows([-60, 60], [120, 180]);
    await page.reload();
    await page.getByTestId("quiz-self-question").waitFor();
    const video = page.getByTestId("question-video");
    expect(await video.getAttribute("src")).toBe(`/api/files/${videoKey}`);
    expect(await video.evaluate((element: HTMLVideoElement) => [element.controls, element.autoplay])).toEqual([
      true,
      false,
    ]);
  });

  it("plays the question's video by itself on the big screen, with controls for the moderator", {
    timeout: 60_000,
  }, async () => {
    await setWindows([-60, 60], [-60, 60], true);
    const attendeePage = await open(attendee, PHONE, "en");
    await attendeePage.goto(`${baseUrl}/demo/${presentationId}/quiz`);
    // Live but no lobby opened yet: not said to be running, but when it will be played.
    await attendeePage.getByTestId("quiz-live-later").waitFor();
    expect(await attendeePage.getByTestId("quiz-live-later").textContent()).toContain("This quiz will be played live");
    expect(await attendeePage.getByTestId("quiz-play-join").count()).toBe(0);

    expect((await callApi("POST", "/api/quiz/get-code", moderator, { _id: presentationId })).status).toBe(200);
    await attendeePage.reload();
    await attendeePage.getByTestId("quiz-live-wip").waitFor();
    expect(await attendeePage.getByTestId("quiz-live-wip").textContent()).toContain("This quiz is live");
    expect(await attendeePage.getByTestId("quiz-play-join").getAttribute("href")).toBe(
      `/demo/${presentationId}/quiz-intro`,
    );
    await screenshot(attendeePage, "quiz-self-live-phone-en");
    const started = await callApi("POST", `/parties/quiz-room/${presentationId}`, moderator, {
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
      await callApi("POST", `/parties/quiz-room/${presentationId}`, moderator, { action: "final" });
      await setWindows([-60, 60], [-60, 60]);
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
      await screenshot(page, `tutorial-last-${locale}-${viewport === PHONE ? "phone" : "desktop"}`, 500);
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
