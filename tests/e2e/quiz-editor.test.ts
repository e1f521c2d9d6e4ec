import { closeSync, ftruncateSync, mkdtempSync, openSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_QUIZ } from "../../scripts/demo/demo-quiz";
import { DESKTOP, launchBrowser, PHONE, screenshot } from "./browser";
import { type DemoSession, logIn, seriousAccessibilityViolations } from "./schedule-helpers";

const baseUrl = inject("baseUrl");

let browser: Browser;
let moderator: DemoSession;
let attendee: DemoSession;
/** A demo talk other than the live-quiz and self-paced ones, so this file edits a quiz of its own. */
let presentationId: number;
const contexts: BrowserContext[] = [];

interface SavedQuestion {
  question: string;
  image: string | null;
  active_media: string;
  is_survey: boolean;
  order: number;
  options: { option: string; correct: boolean }[];
}

async function api<T>(method: string, path: string, session: DemoSession, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${session.token}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, ...((await response.json()) as object) } as T;
}

const savedQuestions = async () =>
  (await api<{ data: { questions: SavedQuestion[] } }>("GET", `/api/quiz/${presentationId}/questions`, moderator)).data
    .questions;

async function open(session: DemoSession, viewport: { width: number; height: number }, locale: "fr" | "en") {
  const context = await browser.newContext({ viewport, locale: "fr-FR" });
  contexts.push(context);
  await context.addInitScript(
    ([stored, language]) => {
      localStorage.setItem("session:demo", stored as string);
      localStorage.setItem("locale", language as string);
    },
    [JSON.stringify(session), locale],
  );
  const page = await context.newPage();
  await page.goto(`${baseUrl}/demo/${presentationId}/quiz-moderator`);
  return page;
}

const cards = (page: Page) => page.getByTestId("question-card");
const card = (page: Page, index: number) => cards(page).nth(index);
const cardTexts = (page: Page) =>
  cards(page)
    .getByTestId("question-text")
    .evaluateAll((areas) => areas.map((area) => (area as HTMLTextAreaElement).value));

async function fillOptions(question: Locator, answers: string[]) {
  for (let index = 0; index < answers.length; index++) {
    if ((await question.getByTestId("question-option").count()) <= index)
      await question.getByTestId("question-option-add").click();
    await question
      .getByTestId("question-option-text")
      .nth(index)
      .fill(answers[index] ?? "");
  }
}

/** A PNG drawn in the page (two colour halves, wider than 5:4), as a file chosen from disk would be. */
async function drawnPng(page: Page): Promise<Buffer> {
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

/** Drags a card by its handle with the mouse to just above another card's middle. */
async function dragAbove(page: Page, from: number, to: number) {
  const handle = await card(page, from).getByTestId("question-drag").boundingBox();
  const target = await card(page, to).boundingBox();
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
  const schedule = (await (await fetch(`${baseUrl}/api/public/schedule/demo`)).json()) as {
    data: { presentations: { _id: number; name: string }[] };
  };
  const others = schedule.data.presentations.filter((talk) => talk.name !== DEMO_QUIZ.presentationName);
  const talk = others.at(-1);
  if (!talk || others.length < 2) throw new Error("the demo schedule has too few talks");
  presentationId = talk._id;
  // Starts from a quiz without questions, whatever ran before on this database.
  const emptied = await api<{ status: number }>("PUT", `/api/quiz/${presentationId}/questions`, moderator, {
    questions: [],
  });
  expect(emptied.status).toBe(200);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser.close();
});

describe("the moderator's question editor", () => {
  it("adds an image question and a survey, removes one after confirming, reorders, saves, and finds the same list after a reload", {
    timeout: 120_000,
  }, async () => {
    const page = await open(moderator, DESKTOP, "fr");
    await page.getByTestId("quiz-editor-add").waitFor();
    expect(await cards(page).count()).toBe(0);
    expect(await page.getByTestId("quiz-editor-status").textContent()).toBe("Tout est enregistré");

    // An image question: the PNG is cut to 500 × 400 in the browser, uploaded, then previewed.
    await page.getByTestId("quiz-editor-add").click();
    const first = card(page, 0);
    await first.getByTestId("question-text").fill("Quelle couleur domine à gauche ?");
    await fillOptions(first, ["Rouge", "Bleu"]);
    await first.getByTestId("question-option-correct").first().check();
    await first.getByTestId("question-media-image").check();
    await first
      .getByTestId("question-image-input")
      .setInputFiles({ name: "couleurs.png", mimeType: "image/png", buffer: await drawnPng(page) });
    const preview = first.getByTestId("question-image-preview");
    await expect
      .poll(() => preview.getAttribute("src"), { timeout: 15_000 })
      .toMatch(new RegExp(`^/api/files/quiz/${presentationId}/images/.+\\.jpg$`));
    await expect
      .poll(() =>
        preview.evaluate((image) => [
          (image as HTMLImageElement).naturalWidth,
          (image as HTMLImageElement).naturalHeight,
        ]),
      )
      .toEqual([500, 400]);
    const imageUrl = await preview.getAttribute("src");

    // A survey: no correct answer to tick.
    await page.getByTestId("quiz-editor-add").click();
    const second = card(page, 1);
    await second.getByTestId("question-text").fill("Quel sujet vous intéresse le plus ?");
    await second.getByTestId("question-survey").check();
    await fillOptions(second, ["L'IA", "La sécurité", "Le design"]);
    expect(await second.getByTestId("question-option-correct").count()).toBe(0);

    // An incomplete question is refused before anything is sent, and says why on its card.
    await page.getByTestId("quiz-editor-add").click();
    await page.getByTestId("quiz-editor-save").click();
    await page.getByTestId("quiz-editor-notice").waitFor();
    expect(await page.getByTestId("quiz-editor-notice").textContent()).toContain("Complétez la question 3");
    expect(await card(page, 2).getByTestId("question-text-error").textContent()).toBe("Écrivez la question.");
    expect(await savedQuestions()).toEqual([]);
    await screenshot(page, "quiz-editor-incomplete-desktop");

    // Removing asks first; Cancel keeps the question, Yes removes it.
    await card(page, 2).getByTestId("question-remove").click();
    const confirm = page.getByTestId("question-remove-confirm");
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain("Êtes-vous sûr de vouloir supprimer la question ?");
    await screenshot(page, "quiz-editor-remove-confirm-desktop");
    await page.getByTestId("question-remove-confirm-no").click();
    expect(await cards(page).count()).toBe(3);
    await card(page, 2).getByTestId("question-remove").click();
    await page.getByTestId("question-remove-confirm-yes").click();
    expect(await cards(page).count()).toBe(2);

    // Reorder with the mouse, the arrow keys on the handle, and the move buttons.
    const survey = "Quel sujet vous intéresse le plus ?";
    const image = "Quelle couleur domine à gauche ?";
    await dragAbove(page, 1, 0);
    expect(await cardTexts(page)).toEqual([survey, image]);
    await card(page, 0).getByTestId("question-drag").focus();
    await page.keyboard.press("ArrowDown");
    expect(await cardTexts(page)).toEqual([image, survey]);
    await card(page, 1).getByTestId("question-move-up").click();
    expect(await cardTexts(page)).toEqual([survey, image]);
    expect(await page.getByTestId("quiz-editor-status").textContent()).toBe("Modifications non enregistrées");
    await screenshot(page, "quiz-editor-desktop-fr");

    await page.getByTestId("quiz-editor-save").click();
    await expect.poll(() => page.getByTestId("quiz-editor-notice").textContent()).toBe("Mise à jour réussie");
    expect(await page.getByTestId("quiz-editor-status").textContent()).toBe("Tout est enregistré");
    const saved = await savedQuestions();
    expect(
      saved.map((question) => [question.order, question.question, question.is_survey, question.active_media]),
    ).toEqual([
      [1, survey, true, ""],
      [2, image, false, "image"],
    ]);
    expect(saved[0]?.options.map((option) => [option.option, option.correct])).toEqual([
      ["L'IA", false],
      ["La sécurité", false],
      ["Le design", false],
    ]);
    expect(saved[1]?.image).toBe(imageUrl);

    await page.reload();
    await cards(page).first().waitFor();
    expect(await cardTexts(page)).toEqual([survey, image]);
    expect(await card(page, 0).getByTestId("question-survey").isChecked()).toBe(true);
    expect(await card(page, 1).getByTestId("question-image-preview").getAttribute("src")).toBe(imageUrl);
    expect(await card(page, 1).getByTestId("question-option-correct").first().isChecked()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it("refuses a video over 50 MB before uploading it, with the spec's message", async () => {
    const video = join(mkdtempSync(join(tmpdir(), "quiz-editor-")), "talk.mp4");
    // A sparse file: 50,000,001 bytes on paper, nothing on disk.
    const file = openSync(video, "w");
    ftruncateSync(file, 50_000_001);
    closeSync(file);
    const page = await open(moderator, DESKTOP, "en");
    await page.getByTestId("quiz-editor-add").click();
    const question = cards(page).last();
    await question.getByTestId("question-media-video").check();
    await question.getByTestId("question-video-input").setInputFiles(video);
    expect(await question.getByTestId("question-video-problem").textContent()).toBe(
      "Please upload a file smaller than 50 MB",
    );
    expect(await question.getByTestId("question-video-progress").count()).toBe(0);
    rmSync(video);
  });
});

describe("the quiz settings sidebar", () => {
  it("refuses inverted windows with the spec's messages and saves nothing; valid settings are 'Updated successfully'", async () => {
    const before = await api<{ data: Record<string, unknown> }>(
      "GET",
      `/api/quiz/${presentationId}/settings`,
      moderator,
    );
    const page = await open(moderator, DESKTOP, "en");
    const from = page.getByTestId("quiz-settings-questions-from-time");
    await expect.poll(() => from.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}T10:00$/);
    const day = (await from.inputValue()).slice(0, 10);

    await page.getByTestId("quiz-settings-questions-to-time").fill(`${day}T09:00`);
    await page.getByTestId("quiz-settings-results-to-time").fill(`${day}T11:00`);
    await page.getByTestId("quiz-settings-timer").fill("");
    await page.getByTestId("quiz-settings-save").click();
    expect(await page.getByTestId("quiz-settings-questions-to-time-error").textContent()).toBe(
      "Questions To time, should be greater than Questions From time",
    );
    expect(await page.getByTestId("quiz-settings-results-to-time-error").textContent()).toBe(
      "Results To time, should be greater than Results From time",
    );
    expect(await page.getByTestId("quiz-settings-timer-error").textContent()).toBe("The timer is a required number.");
    await screenshot(page, "quiz-settings-invalid-desktop-en");
    const unchanged = await api<{ data: Record<string, unknown> }>(
      "GET",
      `/api/quiz/${presentationId}/settings`,
      moderator,
    );
    expect(unchanged.data).toEqual(before.data);

    await page.getByTestId("quiz-settings-questions-to-time").fill(`${day}T12:30`);
    await page.getByTestId("quiz-settings-results-to-time").fill(`${day}T15:00`);
    await page.getByTestId("quiz-settings-timer").fill("45");
    await page.getByTestId("quiz-settings-live").uncheck();
    await page.getByTestId("quiz-settings-save").click();
    await expect.poll(() => page.getByTestId("quiz-settings-notice").textContent()).toBe("Updated successfully");
    const after = await api<{ data: { live: boolean; timer: number; questions_to_time: string } }>(
      "GET",
      `/api/quiz/${presentationId}/settings`,
      moderator,
    );
    expect(after.data.live).toBe(false);
    expect(after.data.timer).toBe(45);
    // 12:30 on the event's wall clock (Europe/Paris), whatever the browser's own time zone.
    expect(
      new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Paris", hour: "2-digit", minute: "2-digit" }).format(
        new Date(after.data.questions_to_time),
      ),
    ).toBe("12:30");
    await screenshot(page, "quiz-editor-desktop-en");
  });

  it("on a phone the settings fold above the questions and open on demand", async () => {
    for (const locale of ["fr", "en"] as const) {
      const page = await open(moderator, PHONE, locale);
      await cards(page).first().waitFor();
      const toggle = page.getByTestId("quiz-settings-toggle");
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await page.getByTestId("quiz-settings").isVisible()).toBe(false);
      await screenshot(page, `quiz-editor-phone-${locale}`);
      await toggle.click();
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      await page.getByTestId("quiz-settings-timer").waitFor();
      await page.getByTestId("quiz-settings-card").scrollIntoViewIfNeeded();
      await screenshot(page, `quiz-settings-phone-${locale}`);
      await card(page, 1).scrollIntoViewIfNeeded();
      await screenshot(page, `quiz-editor-card-phone-${locale}`);
    }
  });
});

describe("who may edit", () => {
  it("an attendee opening the editor is refused, and the API refuses them too", async () => {
    const page = await open(attendee, DESKTOP, "fr");
    await page.getByTestId("quiz-manage-forbidden").waitFor();
    expect(await page.getByTestId("quiz-editor").count()).toBe(0);
    const questions = await api<{ status: number }>("GET", `/api/quiz/${presentationId}/questions`, attendee);
    expect(questions.status).toBe(403);
    const settings = await api<{ status: number }>("PUT", `/api/quiz/${presentationId}/settings`, attendee, {
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
