import type { PublicPresentation, PublicSchedule } from "@core/schedule/public-schedule";
import { describe, expect, it } from "vitest";
import { AdminClient } from "../../scripts/lib/admin-client";
import { ensureDevVars } from "../../scripts/lib/dev-vars";
import { DESKTOP, openPage, PHONE, screenshot } from "./browser";
import { setUpDemoBrowser } from "./demo-browser";
import { logIn, seriousAccessibilityViolations, storeSession } from "./schedule-helpers";

const demo = setUpDemoBrowser({});

async function demoSchedule(): Promise<PublicSchedule> {
  const response = await fetch(`${demo.baseUrl}/api/public/schedule/demo`);
  return ((await response.json()) as { data: PublicSchedule }).data;
}

/** The instant the event's wall clock reads `date` at `minutes`, in its time zone. */
function instantAt(date: string, minutes: number, timeZone: string): Date {
  const guess = new Date(
    `${date}T${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}:00Z`,
  );
  const shown = new Date(guess.toLocaleString("en-US", { timeZone }));
  const utc = new Date(guess.toLocaleString("en-US", { timeZone: "UTC" }));
  return new Date(guess.getTime() - (shown.getTime() - utc.getTime()));
}

const running = (talks: PublicPresentation[], date: string, minute: number) =>
  talks.filter((talk) => talk.date === date && talk.time <= minute && minute < talk.end_time);

describe("event-wide quiz addresses", () => {
  it("lead to the quiz page of the talk in progress, let the visitor pick among parallel talks, and say when none runs", async () => {
    const { event, presentations } = await demoSchedule();
    // Minutes of the demo's days where exactly one talk runs, and where several do.
    let single: { date: string; minute: number; talk: PublicPresentation } | undefined;
    let parallel: { date: string; minute: number } | undefined;
    for (const talk of presentations) {
      const minute = talk.time + 1;
      const now = running(presentations, talk.date, minute);
      if (now.length === 1 && !single) single = { date: talk.date, minute, talk };
      if (now.length > 1 && !parallel) parallel = { date: talk.date, minute };
    }
    expect(single).toBeDefined();
    expect(parallel).toBeDefined();
    if (!single || !parallel) return;

    const at = async (date: string, minute: number, path: string, viewport = DESKTOP) => {
      const opened = await openPage(demo.browser, viewport);
      await opened.page.clock.setFixedTime(instantAt(date, minute, event.timeZone));
      await opened.page.goto(`${demo.baseUrl}${path}`);
      return opened;
    };

    const answers = await at(single.date, single.minute, "/demo/answers");
    await answers.page.waitForURL(`**/demo/${single.talk._id}/quiz`);
    await answers.context.close();
    const podium = await at(single.date, single.minute, "/demo/podium");
    await podium.page.waitForURL(`**/demo/${single.talk._id}/final-podium`);
    await podium.context.close();

    const list = await at(parallel.date, parallel.minute, "/demo/quiz-questions", PHONE);
    const links = list.page.getByTestId("quiz-shortcut-list").getByRole("link");
    await links.first().waitFor();
    const talks = running(presentations, parallel.date, parallel.minute);
    expect(await links.count()).toBe(talks.length);
    await screenshot(list.page, "quiz-shortcut-list-phone");
    await links.first().click();
    await list.page.waitForURL(/\/demo\/\d+\/quiz-questions$/);
    await list.context.close();

    const night = await at(presentations[0]?.date ?? single.date, 0, "/demo/podium");
    await night.page.getByTestId("quiz-shortcut-none").waitFor();
    expect(await night.page.getByTestId("quiz-shortcut-none").textContent()).toContain("Aucune présentation en cours");
    await night.context.close();
  });
});

describe("the schedule list while the event runs", () => {
  it("opens at its top, title and search in view, and its Today button brings today's day in", async () => {
    const { context, page } = await openPage(demo.browser, PHONE);
    await page.goto(`${demo.baseUrl}/demo`);
    const today = page.locator("section[data-today=true]");
    await today.waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByTestId("schedule-search").waitFor();
    await page.getByTestId("today-jump").click();
    await expect.poll(() => today.evaluate((day) => Math.round(day.getBoundingClientRect().top))).toBeLessThan(120);
    expect(await today.evaluate((day) => day.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
    expect(await today.textContent()).toMatch(/Jour 2/i);
    // Today's day on the screen: the button has done its work.
    await expect.poll(() => page.getByTestId("today-jump").count()).toBe(0);
    await screenshot(page, "schedule-today-jump-phone");
    await context.close();
  });
});

describe("the forum's Association badge", () => {
  it("shows the association an account speaks for beside its name, in both languages, on a phone and a desktop", {
    timeout: 120_000,
  }, async () => {
    const admin = new AdminClient(demo.baseUrl, ensureDevVars().adminToken);
    const email = "association-member@demo.test";
    await admin.upsertMember("demo", {
      email,
      name: "Camille Asso",
      password: "demo-pass",
      association: "Collectif Numérique Responsable",
    });
    const session = await logIn(demo.baseUrl, email);
    const { presentations } = await demoSchedule();
    const talk = presentations[presentations.length - 1]?._id;
    const posted = await fetch(`${demo.baseUrl}/api/forum/${talk}/posts`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${session.token}` },
      body: JSON.stringify({ post: "Notre collectif organise un atelier demain." }),
    });
    expect(posted.status).toBe(201);
    for (const [name, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      for (const locale of ["fr", "en"]) {
        const { context, page } = await openPage(demo.browser, viewport);
        await storeSession(context, session);
        await context.addInitScript((chosen) => localStorage.setItem("locale", chosen), locale);
        await page.goto(`${demo.baseUrl}/demo/${talk}/forum`);
        const badge = page.getByTestId("forum-association-badge").first();
        await badge.waitFor();
        expect(await badge.textContent()).toContain("Collectif Numérique Responsable");
        await badge.scrollIntoViewIfNeeded();
        await screenshot(page, `forum-association-${name}-${locale}`);
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        await context.close();
      }
    }
  });
});

describe("the schedule's multi-select filters", () => {
  it("pick rooms with the keyboard, close on Escape with focus back on the button, without serious axe violations", async () => {
    for (const [name, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      const { context, page } = await openPage(demo.browser, viewport);
      await page.goto(`${demo.baseUrl}/demo`);
      await page.getByTestId("presentation-card").first().waitFor();
      const button = page.getByTestId("filter-rooms");
      await button.focus();
      await page.keyboard.press("Enter");
      const list = page.getByTestId("filter-rooms-options");
      await list.getByRole("option").first().waitFor();
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Space");
      await expect.poll(() => list.locator("[aria-selected=true]").count()).toBe(1);
      await screenshot(page, `multi-select-open-${name}-fr`);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await expect.poll(() => list.count()).toBe(0);
      // The popover gives focus back once it has closed, in a later frame: wait for it.
      await expect.poll(() => button.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await button.textContent()).toContain("1");
      await context.close();
    }
  });
});
