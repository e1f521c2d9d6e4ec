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
    // Twenty rooms scroll sideways under the rail and the row of names.
    await page.getByTestId("synopsis-day").first().getByTestId("room-pill").nth(12).click();
    await screenshot(page, "synopsis-1000-talks-desktop", 600);
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

/** Lays out every room column, even those out of view, so that every card can be measured. */
const layOutEveryColumn = (page: Page) =>
  page.getByTestId("synopsis-room").evaluateAll((rooms) => {
    for (const room of rooms) (room as HTMLElement).style.contentVisibility = "visible";
  });

/** Text boxes of cards and group bars that do not hold their text (hidden ones aside). */
function clippedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLElement>("[data-testid=synopsis-card-text], [data-testid=synopsis-group-text]"),
    )
      .filter((box) => getComputedStyle(box).visibility !== "hidden")
      .flatMap((box) => {
        const item = box.closest("[data-testid=synopsis-item]")?.getBoundingClientRect();
        const rect = box.getBoundingClientRect();
        const overflows =
          box.scrollHeight > box.clientHeight + 1 || (item !== undefined && rect.bottom > item.bottom + 0.5);
        return overflows ? [`${box.textContent?.slice(0, 40)} (${box.scrollHeight} > ${box.clientHeight})`] : [];
      }),
  );
}

describe("the synopsis as a calendar", () => {
  it("keeps the day's room names in view after scrolling to the afternoon, across the width beside the sidebar", async () => {
    for (const locale of ["fr", "en"]) {
      const { context, page } = await openPage(demo.browser, DESKTOP);
      await context.addInitScript((value) => localStorage.setItem("locale", value), locale);
      await page.goto(`${demo.baseUrl}/demo/synopsis`);
      await page.getByTestId("synopsis-card").first().waitFor();
      const day = page.getByTestId("synopsis-day").first();
      // The afternoon of the first day in the middle of the screen.
      const afternoon = day.getByTestId("hour-label").filter({ hasText: /^15:00/ });
      await afternoon.evaluate((label) => window.scrollBy(0, label.getBoundingClientRect().top - 450));
      await expect.poll(() => afternoon.evaluate((label) => Math.round(label.getBoundingClientRect().top))).toBe(450);
      const heads = await day
        .getByTestId("synopsis-room-head")
        .evaluateAll((elements) => elements.map((head) => head.getBoundingClientRect()));
      expect(heads).toHaveLength(4);
      for (const head of heads) {
        expect(head.top).toBeGreaterThanOrEqual(60); // under the top bar
        expect(head.bottom).toBeLessThan(450);
      }
      // The toolbar holds one row at the top right.
      const rows = await page
        .locator(
          "[data-testid=zoom-slider], [data-testid=synopsis-filter], [data-testid=synopsis-scope], [data-testid=synopsis-filters-button]",
        )
        .evaluateAll((controls) => controls.map((control) => control.getBoundingClientRect()));
      const middles = rows.map((rect) => Math.round(rect.top + rect.height / 2));
      expect(Math.max(...middles) - Math.min(...middles)).toBeLessThanOrEqual(4);
      const beside = await page.evaluate(() => {
        const sidebar = document.querySelector("aside")?.getBoundingClientRect().right ?? 0;
        return document.documentElement.clientWidth - sidebar;
      });
      expect(Math.max(...rows.map((rect) => rect.right))).toBeGreaterThan(DESKTOP.width - 40);
      const columns = await day
        .getByTestId("synopsis-room")
        .evaluateAll((rooms) => rooms.reduce((sum, room) => sum + room.getBoundingClientRect().width, 0));
      expect(columns / beside).toBeGreaterThanOrEqual(0.95);
      await screenshot(page, `synopsis-afternoon-desktop-${locale}`);
      await context.close();
    }
  });

  it("shows the speaker on every card with room for a name line and the speaker, and two title lines of talks of 45 minutes or more at 100 %", async () => {
    const { context, page } = await openPage(demo.browser, DESKTOP);
    await page.goto(`${demo.baseUrl}/demo/synopsis`);
    await page.getByTestId("synopsis-card").first().waitFor();
    await expect.poll(() => page.getByTestId("synopsis-day").count()).toBe(3);
    await layOutEveryColumn(page);
    // At the default zoom, a card with the height of one name line and the speaker's line (10 px
    // of border and padding, 16 + 14 px of lines) shows the speaker whole, not squeezed away.
    const squeezed = await page.locator("[data-testid=synopsis-card]").evaluateAll((cards) =>
      cards.flatMap((card) => {
        const speaker = card.querySelector<HTMLElement>("[data-testid=synopsis-card-speaker]");
        if (!speaker || card.getBoundingClientRect().height < 40) return [];
        const height = speaker.getBoundingClientRect().height;
        return height >= 14 ? [] : [`${card.textContent?.slice(0, 40)} (${height} px)`];
      }),
    );
    expect(squeezed).toEqual([]);
    await page.getByTestId("zoom-slider").focus();
    await page.keyboard.press("End");
    await expect.poll(() => zoomIndex(page)).toBe("4");
    const long = await page.locator("[data-testid=synopsis-card]").evaluateAll((cards) =>
      cards
        .filter((card) => Number(card.getAttribute("data-minutes")) >= 45)
        .map((card) => {
          const name = card.querySelector<HTMLElement>("[data-testid=synopsis-card-name]");
          const speaker = card.querySelector<HTMLElement>("p");
          return {
            id: card.getAttribute("data-presentation-id"),
            // Two lines shown, or the whole title where it needs fewer.
            twoLines: name ? name.clientHeight >= Math.min(name.scrollHeight, 32) - 1 : false,
            speakerShown: speaker ? speaker.getBoundingClientRect().height > 1 : true,
          };
        }),
    );
    expect(long.length).toBeGreaterThan(10);
    expect(long.filter((card) => !card.twoLines)).toEqual([]);
    expect(long.filter((card) => !card.speakerShown)).toEqual([]);
    await context.close();
  });

  it("never cuts a card's text at the bottom, at any zoom, on a desktop and a phone", {
    timeout: 120_000,
  }, async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await openPage(demo.browser, viewport);
      await page.goto(`${demo.baseUrl}/demo/synopsis`);
      await page.getByTestId("synopsis-card").first().waitFor();
      if (viewport === DESKTOP) await expect.poll(() => page.getByTestId("synopsis-day").count()).toBe(3);
      await layOutEveryColumn(page);
      await page.getByTestId("zoom-slider").focus();
      await page.keyboard.press("Home");
      for (const zoom of ["0", "1", "2", "3", "4"]) {
        await expect.poll(() => zoomIndex(page)).toBe(zoom);
        // The slider moves at once; the grid follows in a later commit. A card still drawn at the
        // previous zoom is cut for a frame, not for a reader: what must hold is the settled grid.
        await expect.poll(() => clippedTexts(page), { message: `zoom ${zoom} at ${viewport.width} px` }).toEqual([]);
        await page.keyboard.press("ArrowRight");
      }
      await context.close();
    }
  });

  it("opens a card's details in a popover wide enough to read, over the timetable", async () => {
    const { context, page } = await openPage(demo.browser, DESKTOP);
    await page.goto(`${demo.baseUrl}/demo/synopsis`);
    const card = page.getByTestId("synopsis-card").nth(3);
    await card.getByTestId("synopsis-card-expand").click();
    const details = card.getByTestId("synopsis-card-details");
    await details.waitFor();
    const box = await details.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(320);
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= DESKTOP.width).toBe(true);
    await screenshot(page, "synopsis-card-popover-desktop");
    await page.keyboard.press("Escape");
    await expect.poll(() => details.count()).toBe(0);
    // A click on the card itself opens it too, as in a calendar.
    await card.getByTestId("synopsis-card-text").click();
    await details.waitFor();
    await context.close();
  });

  it("on a phone, lands each day and room on its first talk under a sticky switcher, without sideways scrolling", async () => {
    for (const locale of ["fr", "en"]) {
      const { context, page } = await openPage(demo.browser, PHONE);
      await context.addInitScript((value) => localStorage.setItem("locale", value), locale);
      await page.goto(`${demo.baseUrl}/demo/synopsis`);
      await page.getByTestId("synopsis-card").first().waitFor();
      const firstInView = async () => {
        const switcher = await page.getByTestId("day-label").evaluate((label) => {
          const bar = label.closest("[data-day-head]")?.getBoundingClientRect();
          return bar ? bar.bottom : 0;
        });
        const first = await page
          .getByTestId("synopsis-item")
          .first()
          .evaluate((item) => item.getBoundingClientRect().top);
        return first >= switcher && first < PHONE.height / 2;
      };
      for (const step of ["day-previous", "room-next", "day-next", "room-next", "day-next"]) {
        if (await page.getByTestId(step).isDisabled()) continue;
        await page.getByTestId(step).click();
        await expect.poll(firstInView, { message: step }).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      }
      // The hour labels whole inside their rail ("20:00", not "0:00" with its first digit cut).
      const cutLabels = await page.getByTestId("hour-label").evaluateAll(
        (labels) =>
          labels.filter((label) => {
            const rail = label.closest("ol")?.getBoundingClientRect();
            return !rail || label.getBoundingClientRect().left < rail.left;
          }).length,
      );
      expect(cutLabels).toBe(0);
      // The chevron is a thumb's 44 px target on every card tall enough to hold one.
      const smallChevrons = await page.getByTestId("synopsis-card").evaluateAll((cards) =>
        cards.flatMap((card) => {
          const chevron = card.querySelector("[data-testid=synopsis-card-expand]")?.getBoundingClientRect();
          if (card.getBoundingClientRect().height < 44) return [];
          return chevron && chevron.width >= 44 && chevron.height >= 44 ? [] : [`${chevron?.width}×${chevron?.height}`];
        }),
      );
      expect(smallChevrons).toEqual([]);
      await screenshot(page, `synopsis-phone-landing-${locale}`);
      // A card's details open as a sheet across the bottom of the screen.
      await page.getByTestId("synopsis-card").first().getByTestId("synopsis-card-expand").click();
      const sheet = await page.getByTestId("synopsis-card-details").boundingBox();
      expect(sheet?.width).toBeGreaterThanOrEqual(PHONE.width - 2);
      expect((sheet?.y ?? 0) + (sheet?.height ?? 0)).toBeGreaterThan(PHONE.height - 4);
      await screenshot(page, `synopsis-card-sheet-phone-${locale}`);
      await context.close();
    }
  });
});
