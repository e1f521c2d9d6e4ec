import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { buildLargeSchedule } from "../../scripts/bench/generate-schedule";
import { AdminClient } from "../../scripts/lib/admin-client";
import { ensureDevVars } from "../../scripts/lib/dev-vars";
import { DESKTOP, openPage, PHONE, screenshot } from "./browser";
import { setUpDemoBrowser } from "./demo-browser";

const demo = setUpDemoBrowser({});

interface Box {
  id: string;
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Every card and group bar of each room column, as drawn. */
function drawnBoxes(page: Page): Promise<Box[][]> {
  return page.getByTestId("synopsis-room-body").evaluateAll((bodies) =>
    bodies.map((body) =>
      Array.from(body.querySelectorAll("[data-testid=synopsis-item] > *")).map((element, index) => {
        const rect = element.getBoundingClientRect();
        const id = element.getAttribute("data-presentation-id") ?? `group-${index}`;
        return { id, top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right };
      }),
    ),
  );
}

/** Pairs of boxes of one column that cover each other (sub-pixel rounding aside). */
function overlaps(columns: Box[][]): string[] {
  const found: string[] = [];
  for (const boxes of columns) {
    for (const [index, a] of boxes.entries()) {
      for (const b of boxes.slice(index + 1)) {
        const vertical = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        const horizontal = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        if (vertical > 0.5 && horizontal > 0.5) found.push(`${a.id} × ${b.id}`);
      }
    }
  }
  return found;
}

const zoomIndex = (page: Page) => page.getByTestId("synopsis-rendered").getAttribute("data-zoom");

describe("the synopsis geometry", () => {
  it("never draws two cards of a room over each other, at any zoom, on a desktop and a phone", {
    timeout: 120_000,
  }, async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await openPage(demo.browser, viewport);
      await page.goto(`${demo.baseUrl}/demo/synopsis`);
      await page.getByTestId("synopsis-card").first().waitFor();
      if (viewport === DESKTOP) await expect.poll(() => page.getByTestId("synopsis-day").count()).toBe(3);
      await page.getByTestId("zoom-slider").focus();
      await page.keyboard.press("Home");
      for (const zoom of ["0", "1", "2", "3", "4"]) {
        await expect.poll(() => zoomIndex(page)).toBe(zoom);
        const columns = await drawnBoxes(page);
        expect(columns.flat().length).toBeGreaterThan(0);
        expect(overlaps(columns), `zoom ${zoom} at ${viewport.width} px`).toEqual([]);
        await page.keyboard.press("ArrowRight");
      }
      await context.close();
    }
  });

  it("never draws two cards of a room over each other at any zoom on the 1,000-talk bench event", {
    timeout: 240_000,
  }, async () => {
    const admin = new AdminClient(demo.baseUrl, ensureDevVars().adminToken);
    const schedule = buildLargeSchedule({ presentations: 1000, rooms: 20, days: 3, start: new Date() }) as object;
    await admin.importSchedule("bench-geometry", { ...schedule, engagement: { allowAnonymousAccess: true } });
    const { context, page } = await openPage(demo.browser, DESKTOP);
    await page.goto(`${demo.baseUrl}/bench-geometry/synopsis`);
    await page.getByTestId("synopsis-card").first().waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByTestId("synopsis-day").count(), { timeout: 60_000 }).toBe(3);
    await page.getByTestId("zoom-slider").focus();
    await page.keyboard.press("Home");
    let measured = 0;
    for (const zoom of ["0", "1", "2", "3", "4"]) {
      await expect.poll(() => zoomIndex(page), { timeout: 30_000 }).toBe(zoom);
      const columns = await drawnBoxes(page);
      measured += columns.flat().length;
      expect(overlaps(columns), `zoom ${zoom}`).toEqual([]);
      await page.keyboard.press("ArrowRight");
    }
    expect(measured).toBeGreaterThanOrEqual(5 * 900);
    await context.close();
  });

  it("opens on today at the current time while the event runs, else on the first day's first talk", async () => {
    const running = await openPage(demo.browser, DESKTOP);
    // Late morning of the event's today: the bar exists only between the rail's 01:00 and 24:00,
    // so the test must not depend on the hour it runs at.
    const eventToday = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date());
    await running.page.clock.setFixedTime(new Date(`${eventToday}T10:00:00Z`));
    await running.page.goto(`${demo.baseUrl}/demo/synopsis`);
    await running.page.getByTestId("synopsis-card").first().waitFor();
    // The demo's second day is today: its current-time bar is on screen.
    const now = running.page.getByTestId("current-time").first();
    await expect.poll(() => now.evaluate((bar) => bar.getBoundingClientRect().top)).toBeGreaterThan(0);
    expect(await now.evaluate((bar) => bar.getBoundingClientRect().bottom)).toBeLessThan(DESKTOP.height);
    await screenshot(running.page, "synopsis-opens-now-desktop");
    await running.context.close();

    const before = await openPage(demo.browser, PHONE);
    await before.page.clock.setFixedTime(new Date(Date.now() - 30 * 24 * 3600 * 1000));
    await before.page.goto(`${demo.baseUrl}/demo/synopsis`);
    const first = before.page.getByTestId("synopsis-card").first();
    await first.waitFor();
    await expect.poll(() => first.evaluate((card) => card.getBoundingClientRect().top)).toBeLessThan(PHONE.height);
    expect(await first.evaluate((card) => card.getBoundingClientRect().bottom)).toBeGreaterThan(0);
    expect(await before.page.getByTestId("synopsis-day").textContent()).toMatch(/Jour 1/);
    await screenshot(before.page, "synopsis-opens-first-talk-phone");
    await before.context.close();
  });
});
