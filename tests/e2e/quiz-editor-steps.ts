import { formatMinutes, wallClock } from "@core/schedule/time-of-day";
import type { Browser, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { laneBaseUrl } from "./lanes";
import { type Locale, openAs } from "./quiz-session-steps";
import type { DemoSession } from "./schedule-helpers";

const baseUrl = laneBaseUrl();

export const questionCards = (page: Page) => page.getByTestId("question-card");
export const questionCard = (page: Page, index: number) => questionCards(page).nth(index);

/** The question editor of a talk (`/demo/<id>/quiz-moderator`), opened as `session`. */
export async function openEditor(
  browser: Browser,
  session: DemoSession,
  viewport: { width: number; height: number },
  locale: Locale,
  presentationId: number,
): Promise<Page> {
  const page = await openAs(browser, session, viewport, locale);
  await page.goto(`${baseUrl}/demo/${presentationId}/quiz-moderator`);
  return page;
}

/** Writes the options of a question card, adding option rows as needed. */
export async function fillOptions(card: Locator, answers: string[]) {
  for (const [index, answer] of answers.entries()) {
    if ((await card.getByTestId("question-option").count()) <= index)
      await card.getByTestId("question-option-add").click();
    await card.getByTestId("question-option-text").nth(index).fill(answer);
  }
}

export interface QuestionDraft {
  question: string;
  options: string[];
  /** Indexes of the right options; a survey has none. */
  correct?: number[];
  survey?: boolean;
}

/** Adds a question at the end of the list with the Add button and writes it; resolves to its card. */
export async function addQuestion(page: Page, draft: QuestionDraft): Promise<Locator> {
  const add = page.getByTestId("quiz-editor-add");
  // Shown once the saved questions are loaded, so the count below is the list's.
  await add.waitFor();
  // By position: the card stays this one when more are added after it.
  const card = questionCard(page, await questionCards(page).count());
  await add.click();
  await card.getByTestId("question-text").fill(draft.question);
  if (draft.survey) await card.getByTestId("question-survey").check();
  await fillOptions(card, draft.options);
  for (const index of draft.correct ?? []) await card.getByTestId("question-option-correct").nth(index).check();
  return card;
}

/**
 * Gives a question card an image chosen from disk; resolves to the stored image's address once
 * the upload is done (until then the preview shows the browser's own copy).
 */
export async function uploadQuestionImage(card: Locator, png: Buffer): Promise<string> {
  await card.getByTestId("question-media-image").check();
  await card
    .getByTestId("question-image-input")
    .setInputFiles({ name: "couleurs.png", mimeType: "image/png", buffer: png });
  const preview = card.getByTestId("question-image-preview");
  await expect.poll(() => preview.getAttribute("src"), { timeout: 15_000 }).toMatch(/^\/api\/files\//);
  return (await preview.getAttribute("src")) as string;
}

/** A PNG drawn in the page (two colour halves, wider than 5:4), as a file chosen from disk would be. */
export async function drawnPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 900;
    canvas.height = 400;
    const context = canvas.getContext("2d") as CanvasRenderingContext2D;
    context.fillStyle = "#e63946";
    context.fillRect(0, 0, 450, 400);
    context.fillStyle = "#457b9d";
    context.fillRect(450, 0, 450, 400);
    return canvas.toDataURL("image/png");
  });
  return Buffer.from(dataUrl.split(",")[1] ?? "", "base64");
}

/** Saves the question list with the Save button and waits for the notice to say `notice`. */
export async function saveQuestions(page: Page, notice: string) {
  await page.getByTestId("quiz-editor-save").click();
  await expect.poll(() => page.getByTestId("quiz-editor-notice").textContent()).toBe(notice);
}

/** Sidebar fields to change; the times as a `datetime-local` input holds them (`yyyy-MM-ddTHH:mm`). */
export interface SidebarSettings {
  live?: boolean;
  questionsFrom?: string;
  questionsTo?: string;
  resultsFrom?: string;
  resultsTo?: string;
  timer?: string;
}

/**
 * Types `yyyy-MM-ddTHH:mm` into a date and time field segment by segment, as a keyboard user
 * does, whatever order the page's language shows them in.
 */
export async function fillDateTime(page: Page, testId: string, value: string) {
  const [date = "", time = ""] = value.split("T");
  const [year, month, day] = date.split("-");
  const [hour, minute] = time.split(":");
  const field = page.getByTestId(testId);
  // A 12-hour clock shows an AM/PM segment; the app writes 24-hour times in both languages.
  const twelveHours = (await field.locator('[data-type="dayPeriod"]').count()) > 0;
  const hours = Number(hour);
  const shownHour = twelveHours ? String(hours % 12 === 0 ? 12 : hours % 12) : (hour ?? "");
  for (const [type, part] of [
    ["year", year],
    ["month", month],
    ["day", day],
    ["hour", shownHour],
    ["minute", minute],
    ...(twelveHours ? ([["dayPeriod", hours < 12 ? "A" : "P"]] as const) : []),
  ] as const) {
    await field.locator(`[data-type="${type}"]`).click();
    await page.keyboard.type(part ?? "");
  }
  await page.keyboard.press("Tab");
}

/** Changes the given fields of the settings sidebar, the others left as loaded, and presses Save. */
export async function submitSettings(page: Page, settings: SidebarSettings) {
  // The form shows once the settings are loaded.
  await page.getByTestId("quiz-settings-save").waitFor();
  if (settings.live !== undefined) await page.getByTestId("quiz-settings-live").setChecked(settings.live);
  const times = {
    "questions-from-time": settings.questionsFrom,
    "questions-to-time": settings.questionsTo,
    "results-from-time": settings.resultsFrom,
    "results-to-time": settings.resultsTo,
  };
  for (const [field, value] of Object.entries(times))
    if (value !== undefined) await fillDateTime(page, `quiz-settings-${field}`, value);
  if (settings.timer !== undefined) await page.getByTestId("quiz-settings-timer").fill(settings.timer);
  await page.getByTestId("quiz-settings-save").click();
}

/** `instant` as the sidebar writes it: on the event's wall clock, to the minute. */
export function eventWallClock(instant: Date, timeZone: string): string {
  const { date, minutes } = wallClock(instant, timeZone);
  return `${date}T${formatMinutes(minutes)}`;
}
