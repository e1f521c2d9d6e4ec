import { closeSync, ftruncateSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, PHONE, screenshot } from "./browser";
import { laneBaseUrl } from "./lanes";
import {
  addQuestion,
  eventWallClock,
  openEditor,
  questionCard,
  questionCards,
  saveQuestions,
  submitSettings,
} from "./quiz-editor-steps";
import { callApi, demoTalkId, demoTimeZone, type Locale } from "./quiz-session-steps";
import { type DemoSession, logIn, seriousAccessibilityViolations } from "./schedule-helpers";

/**
 * The editor's own rules: refusals, removal, reordering, what a save stores, the settings'
 * messages and who may edit. Building a quiz with an image and a survey that attendees then
 * answer is tests/e2e/quiz-self-paced.test.ts.
 */

const baseUrl = laneBaseUrl();
/** A talk no other e2e file uses, so this file edits a quiz of its own. */
const TALK = "Vision par ordinateur pour l'agriculture de précision";

let browser: Browser;
let moderator: DemoSession;
let attendee: DemoSession;
let presentationId: number;

interface SavedQuestion {
  question: string;
  active_media: string;
  is_survey: boolean;
  order: number;
  options: { option: string; correct: boolean }[];
}

/** What the API has stored, read as the moderator. */
async function stored<T>(what: "questions" | "settings"): Promise<T> {
  const response = await callApi("GET", `/api/quiz/${presentationId}/${what}`, moderator);
  return ((await response.json()) as { data: T }).data;
}

const savedQuestions = async () => (await stored<{ questions: SavedQuestion[] }>("questions")).questions;
const savedSettings = () => stored<Record<string, unknown>>("settings");

const open = (session: DemoSession, viewport: { width: number; height: number }, locale: Locale) =>
  openEditor(browser, session, viewport, locale, presentationId);

const cardTexts = (page: Page) =>
  questionCards(page)
    .getByTestId("question-text")
    .evaluateAll((areas) => areas.map((area) => (area as HTMLTextAreaElement).value));

/** Drags a card by its handle with the mouse to just above another card's middle. */
async function dragAbove(page: Page, from: number, to: number) {
  const handle = await questionCard(page, from).getByTestId("question-drag").boundingBox();
  const target = await questionCard(page, to).boundingBox();
  if (!handle || !target) throw new Error("cards are not on screen");
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2, target.y + target.height / 2 - 20, { steps: 12 });
  await page.mouse.up();
}

beforeAll(async () => {
  browser = await launchBrowser();
  moderator = await logIn(baseUrl, "moderator@demo.test");
  attendee = await logIn(baseUrl, "attendee@demo.test");
  presentationId = await demoTalkId(TALK);
});

afterAll(async () => {
  await browser.close();
});

describe("the moderator's question editor", () => {
  it("refuses an incomplete question, removes one after confirming, reorders, saves, and finds the same list after a reload", {
    timeout: 120_000,
  }, async () => {
    const page = await open(moderator, DESKTOP, "fr");
    await page.getByTestId("quiz-editor-add").waitFor();
    expect(await questionCards(page).count()).toBe(0);
    expect(await page.getByTestId("quiz-editor-status").textContent()).toBe("Tout est enregistré");

    const quiz = "Quel langage les navigateurs exécutent-ils ?";
    const survey = "Quel sujet vous intéresse le plus ?";
    await addQuestion(page, { question: quiz, options: ["JavaScript", "COBOL"], correct: [0] });
    const surveyCard = await addQuestion(page, {
      question: survey,
      options: ["L'IA", "La sécurité", "Le design"],
      survey: true,
    });
    // A survey has no right answer to tick.
    expect(await surveyCard.getByTestId("question-option-correct").count()).toBe(0);

    // An incomplete question is refused before anything is sent, and says why on its card.
    await page.getByTestId("quiz-editor-add").click();
    await page.getByTestId("quiz-editor-save").click();
    await page.getByTestId("quiz-editor-notice").waitFor();
    expect(await page.getByTestId("quiz-editor-notice").textContent()).toContain("Complétez la question 3");
    expect(await questionCard(page, 2).getByTestId("question-text-error").textContent()).toBe("Écrivez la question.");
    expect(await savedQuestions()).toEqual([]);
    await screenshot(page, "quiz-editor-incomplete-desktop");

    // Removing asks first; Cancel keeps the question, Yes removes it.
    await questionCard(page, 2).getByTestId("question-remove").click();
    const confirm = page.getByTestId("question-remove-confirm");
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain("Êtes-vous sûr de vouloir supprimer la question ?");
    await screenshot(page, "quiz-editor-remove-confirm-desktop");
    await page.getByTestId("question-remove-confirm-no").click();
    expect(await questionCards(page).count()).toBe(3);
    await questionCard(page, 2).getByTestId("question-remove").click();
    await page.getByTestId("question-remove-confirm-yes").click();
    expect(await questionCards(page).count()).toBe(2);

    // Reorder with the mouse, the arrow keys on the handle, and the move buttons.
    await dragAbove(page, 1, 0);
    expect(await cardTexts(page)).toEqual([survey, quiz]);
    await questionCard(page, 0).getByTestId("question-drag").focus();
    await page.keyboard.press("ArrowDown");
    expect(await cardTexts(page)).toEqual([quiz, survey]);
    await questionCard(page, 1).getByTestId("question-move-up").click();
    expect(await cardTexts(page)).toEqual([survey, quiz]);
    expect(await page.getByTestId("quiz-editor-status").textContent()).toBe("Modifications non enregistrées");
    await screenshot(page, "quiz-editor-desktop-fr");

    await saveQuestions(page, "Mise à jour réussie");
    expect(await page.getByTestId("quiz-editor-status").textContent()).toBe("Tout est enregistré");
    const saved = await savedQuestions();
    expect(
      saved.map((question) => [question.order, question.question, question.is_survey, question.active_media]),
    ).toEqual([
      [1, survey, true, ""],
      [2, quiz, false, ""],
    ]);
    expect(saved.map((question) => question.options.map((option) => [option.option, option.correct]))).toEqual([
      [
        ["L'IA", false],
        ["La sécurité", false],
        ["Le design", false],
      ],
      [
        ["JavaScript", true],
        ["COBOL", false],
      ],
    ]);

    await page.reload();
    await questionCards(page).first().waitFor();
    expect(await cardTexts(page)).toEqual([survey, quiz]);
    expect(await questionCard(page, 0).getByTestId("question-survey").isChecked()).toBe(true);
    expect(await questionCard(page, 1).getByTestId("question-option-correct").first().isChecked()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it("gives each Correct box a 44 px target on a phone, around its small visible box", async () => {
    for (const locale of ["fr", "en"] as const) {
      const page = await open(moderator, PHONE, locale);
      const card = await addQuestion(page, { question: "Cible", options: ["Oui", "Non"] });
      const box = card.getByTestId("question-option-correct").first();
      const target = await box.evaluate((input) => {
        const area = (input.closest("label") ?? input).getBoundingClientRect();
        return { width: area.width, height: area.height };
      });
      expect(target.width).toBeGreaterThanOrEqual(44);
      expect(target.height).toBeGreaterThanOrEqual(44);
      await screenshot(page, `quiz-editor-correct-375-${locale}`);
      await page.context().close();
    }
  });

  it("refuses a video over 50 MB before uploading it, with the spec's message", async () => {
    const video = join(mkdtempSync(join(tmpdir(), "quiz-editor-")), "talk.mp4");
    // A sparse file: 50,000,001 bytes on paper, nothing on disk.
    const file = openSync(video, "w");
    ftruncateSync(file, 50_000_001);
    closeSync(file);
    const page = await open(moderator, DESKTOP, "en");
    await page.getByTestId("quiz-editor-add").click();
    const question = questionCards(page).last();
    await question.getByTestId("question-media-video").check();
    await question.getByTestId("question-video-input").setInputFiles(video);
    expect(await question.getByTestId("question-video-problem").textContent()).toBe(
      "Please upload a file smaller than 50 MB",
    );
    expect(await question.getByTestId("question-video-progress").count()).toBe(0);
    rmSync(video);
  });

  it("uploads a question video through the tus upload path, showing its progress, then previews it", async () => {
    const video = join(mkdtempSync(join(tmpdir(), "quiz-editor-")), "clip.mp4");
    // 3 MB starting as an MP4 file does (an `ftyp` box): the server checks the first bytes.
    const file = openSync(video, "w");
    writeSync(file, Buffer.from([0, 0, 0, 0x18, ...Buffer.from("ftypisom")]));
    ftruncateSync(file, 3_000_000);
    closeSync(file);
    const page = await open(moderator, PHONE, "en");
    // The part is held back a moment, so the progress shows as a user on a slow link sees it.
    await page.route("**/api/uploads/*", async (route) => {
      if (route.request().method() === "PATCH") await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByTestId("quiz-editor-add").click();
    const question = questionCards(page).last();
    await question.getByTestId("question-media-video").check();
    await question.getByTestId("question-video-input").setInputFiles(video);
    const progress = question.getByTestId("question-video-progress");
    await progress.waitFor();
    await progress.scrollIntoViewIfNeeded();
    await screenshot(page, "quiz-editor-video-uploading-phone-en");
    const preview = question.getByTestId("question-video-preview");
    await preview.waitFor();
    expect(await preview.getAttribute("src")).toMatch(
      new RegExp(`^/api/files/quiz/${presentationId}/videos/[A-Za-z0-9_-]{22}$`),
    );
    expect(await question.getByTestId("question-video-progress").count()).toBe(0);
    const served = await fetch(`${baseUrl}${await preview.getAttribute("src")}`, { method: "HEAD" });
    expect([served.status, served.headers.get("content-type")]).toEqual([200, "video/mp4"]);
    rmSync(video);
  });
});

describe("the quiz settings sidebar", () => {
  it("refuses inverted windows with the spec's messages and saves nothing; valid settings are 'Updated successfully'", async () => {
    const before = await savedSettings();
    const page = await open(moderator, DESKTOP, "en");
    const from = page.getByTestId("quiz-settings-questions-from-time");
    await expect.poll(() => from.getAttribute("data-value")).toMatch(/^\d{4}-\d{2}-\d{2}T10:00$/);
    const day = ((await from.getAttribute("data-value")) ?? "").slice(0, 10);
    // English writes the day first and a 24-hour time, as French does: no AM/PM segment.
    expect(await from.locator("[data-type]").first().getAttribute("data-type")).toBe("day");
    expect(await from.locator('[data-type="dayPeriod"]').count()).toBe(0);

    await submitSettings(page, { questionsTo: `${day}T09:00`, resultsTo: `${day}T11:00`, timer: "" });
    expect(await page.getByTestId("quiz-settings-questions-to-time-error").textContent()).toBe(
      "Questions To time, should be greater than Questions From time",
    );
    expect(await page.getByTestId("quiz-settings-results-to-time-error").textContent()).toBe(
      "Results To time, should be greater than Results From time",
    );
    expect(await page.getByTestId("quiz-settings-timer-error").textContent()).toBe("The timer is a required number.");
    await screenshot(page, "quiz-settings-invalid-desktop-en");
    expect(await savedSettings()).toEqual(before);

    await submitSettings(page, { questionsTo: `${day}T12:30`, resultsTo: `${day}T15:00`, timer: "45", live: false });
    await expect.poll(() => page.getByTestId("quiz-settings-notice").textContent()).toBe("Updated successfully");
    const after = await savedSettings();
    expect([after.live, after.timer]).toEqual([false, 45]);
    // 12:30 on the event's wall clock, whatever the browser's own time zone.
    expect(eventWallClock(new Date(after.questions_to_time as string), await demoTimeZone()).slice(11)).toBe("12:30");
    await screenshot(page, "quiz-editor-desktop-en");
  });

  it("on a phone the settings fold above the questions and open on demand", async () => {
    for (const locale of ["fr", "en"] as const) {
      const page = await open(moderator, PHONE, locale);
      await questionCards(page).first().waitFor();
      const toggle = page.getByTestId("quiz-settings-toggle");
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await page.getByTestId("quiz-settings").isVisible()).toBe(false);
      await screenshot(page, `quiz-editor-phone-${locale}`);
      await toggle.click();
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      await page.getByTestId("quiz-settings-timer").waitFor();
      await page.getByTestId("quiz-settings-card").scrollIntoViewIfNeeded();
      await screenshot(page, `quiz-settings-phone-${locale}`);
      await questionCard(page, 1).scrollIntoViewIfNeeded();
      await screenshot(page, `quiz-editor-card-phone-${locale}`);
    }
  });
});

describe("who may edit", () => {
  it("an attendee opening the editor is refused, and the API refuses them too", async () => {
    const page = await open(attendee, DESKTOP, "fr");
    await page.getByTestId("quiz-manage-forbidden").waitFor();
    expect(await page.getByTestId("quiz-editor").count()).toBe(0);
    const questions = await callApi("GET", `/api/quiz/${presentationId}/questions`, attendee);
    expect(questions.status).toBe(403);
    const settings = await callApi("PUT", `/api/quiz/${presentationId}/settings`, attendee, {
      live: true,
      timer: 30,
      questions_from_time: "2026-01-01T10:00:00.000Z",
      questions_to_time: "2026-01-01T11:00:00.000Z",
      results_from_time: "2026-01-01T11:00:00.000Z",
      results_to_time: "2026-01-01T12:00:00.000Z",
    });
    expect(settings.status).toBe(403);
  });
});
