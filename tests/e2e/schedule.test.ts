import type { PublicSchedule } from "@core/schedule/public-schedule";
import { wallClock } from "@core/schedule/time-of-day";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, openPage, PHONE, screenshot } from "./browser";
import { setUpDemoBrowser } from "./demo-browser";
import { clearMySchedule, type DemoSession, seriousAccessibilityViolations, storeSession } from "./schedule-helpers";

const demo = setUpDemoBrowser({ attendee: "attendee@demo.test" });
const { baseUrl } = demo;

async function openSchedule(viewport: { width: number; height: number }, session?: DemoSession, path = "/demo") {
  const opened = await openPage(demo.browser, viewport);
  if (session) await storeSession(opened.context, session);
  await opened.page.goto(`${baseUrl}${path}`);
  await opened.page.getByTestId("presentation-card").first().waitFor();
  return opened;
}

const cardNamed = (page: Page, name: string) => page.getByTestId("presentation-card").filter({ hasText: name });

describe("the schedule list", () => {
  it("finds the 'Sécurité' talks when searching 'securite', through the filter API, and says when nothing matches", async () => {
    const { context, page } = await openSchedule(DESKTOP);
    const total = await page.getByTestId("presentation-card").count();
    const filterCall = page.waitForResponse(
      (response) => response.url().includes("/api/presentation/filter") && response.url().includes("search=securite"),
    );
    await page.getByTestId("schedule-search").fill("securite");
    expect((await filterCall).status()).toBe(200);
    await expect.poll(() => page.getByTestId("presentation-card").count()).toBeLessThan(total);
    await cardNamed(page, "Sécurité des API").waitFor();
    for (const text of await page.getByTestId("presentation-card").allInnerTexts()) {
      expect(text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()).toContain("securite");
    }
    await screenshot(page, "schedule-search-desktop");

    await page.getByTestId("schedule-search").fill("zzzz introuvable");
    await page.getByTestId("schedule-no-match").waitFor();
    expect(await page.getByTestId("schedule-no-match").textContent()).toBe(
      "Aucune présentation ne correspond à vos critères.",
    );
    await page.getByTestId("schedule-search").fill("");
    await expect.poll(() => page.getByTestId("presentation-card").count()).toBe(total);
    await context.close();
  });

  it("filters by room with the multi-select, shown because the event has several rooms", async () => {
    const { context, page } = await openSchedule(DESKTOP);
    await page.getByTestId("filter-rooms").click();
    await page.getByTestId("filter-rooms-options").getByRole("option", { name: "Salle Saône" }).click();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("filter-rooms-options").count()).toBe(0);
    const rooms = await page
      .getByTestId("presentation-card")
      .evaluateAll((cards) => cards.map((card) => card.textContent ?? ""));
    expect(rooms.length).toBeGreaterThan(0);
    for (const text of rooms) expect(text).toContain("Salle Saône");
    await context.close();
  });

  it("expands a card to its abstract and an .ics file of the presentation", async () => {
    const { context, page } = await openSchedule(PHONE);
    const card = page.getByTestId("presentation-card").first();
    await card.getByTestId("card-expand").click();
    await card.getByTestId("card-details").waitFor();
    expect(await card.getByTestId("card-expand").getAttribute("aria-expanded")).toBe("true");
    const href = await card.getByTestId("add-to-calendar").getAttribute("href");
    expect(href).toMatch(/^\/api\/public\/schedule\/demo\/\d+\/calendar\.ics$/);
    const ics = await fetch(`${baseUrl}${href}`);
    expect(ics.headers.get("content-type")).toContain("text/calendar");
    expect(await ics.text()).toContain("BEGIN:VEVENT");
    await screenshot(page, "schedule-card-expanded-phone");
    await card.getByTestId("card-expand").click();
    expect(await card.getByTestId("card-details").count()).toBe(0);
    await context.close();
  });

  it("cuts a name over 72 characters to 70 and an ellipsis on a phone, and shows it whole on a tap", async () => {
    const { context, page } = await openSchedule(PHONE);
    const card = cardNamed(page, "Sécurité des systèmes industriels");
    const toggle = card.getByTestId("name-toggle");
    const shown = async () => (await toggle.locator("[aria-hidden=true]").textContent()) ?? "";
    expect([...(await shown())].length).toBe(71);
    expect(await shown()).toMatch(/…$/);
    await toggle.click();
    expect(await shown()).toMatch(/en production$/);
    await context.close();
  });

  // Where QUIZ leads by the quiz's state, and a visitor's QUIZ to the login overlay: tests/e2e/quiz-entry.test.ts.
  it("shows FORUM, a QUIZ entry and today's LIVESTREAM to anonymous visitors", async () => {
    const { context, page } = await openSchedule(DESKTOP);
    const card = page.getByTestId("presentation-card").first();
    expect(await card.getByTestId("forum-link").count()).toBe(1);
    expect(await card.getByTestId("my-schedule-toggle").count()).toBe(0);
    // The demo's first day is yesterday: LIVESTREAM is on today's cards only.
    expect(await card.getByTestId("livestream-link").count()).toBe(0);
    expect(await page.locator("[data-today=true]").getByTestId("livestream-link").count()).toBeGreaterThan(0);
    expect(await page.getByTestId("manage-quiz-link").count()).toBe(0);
    // A talk of yesterday without questions: no way in, but the words why (asked as the card nears the screen).
    await card.scrollIntoViewIfNeeded();
    await card.getByTestId("quiz-entry-note").waitFor();
    expect(await card.getByTestId("quiz-entry-note").textContent()).toBe("Pas encore de quiz");
    await context.close();
  });

  it("sends an anonymous visitor's LIVESTREAM to the login overlay", async () => {
    const { context, page } = await openSchedule(PHONE);
    await page.locator("[data-today=true]").getByTestId("livestream-link").first().click();
    await expect.poll(() => new URL(page.url()).searchParams.get("login")).toBe("true");
    await page.getByTestId("login-overlay").waitFor();
    await context.close();
  });

  it("gives a logged-in attendee the my-schedule toggle and LIVESTREAM on today's talks only", async () => {
    const session = demo.sessions.attendee;
    const { context, page } = await openSchedule(DESKTOP, session);
    const cards = page.getByTestId("presentation-card");
    expect(await page.getByTestId("my-schedule-toggle").count()).toBe(await cards.count());
    // Today's talks in the event's time zone, and only they, offer the live stream.
    const { data } = (await (await fetch(`${baseUrl}/api/public/schedule/demo`)).json()) as { data: PublicSchedule };
    const today = wallClock(new Date(), data.event.timeZone).date;
    const todays = data.presentations.filter((presentation) => presentation.date === today).map((p) => String(p._id));
    expect(todays.length).toBeGreaterThan(0);
    // LIVESTREAM: a link, or the words saying the room does not stream (or, a moment, that it is asked).
    const live = await page
      .getByTestId("presentation-card")
      .filter({ has: page.locator('[data-testid^="livestream-"]') })
      .evaluateAll((found) => found.map((card) => card.getAttribute("data-presentation-id")));
    expect(live.sort()).toEqual(todays.sort());
    expect(await page.getByTestId("manage-quiz-link").count()).toBe(0);
    // A link once its room is known to stream (the demo's main hall does); "No live stream in this room" elsewhere.
    const firstLive = await page.locator('a[data-testid="livestream-link"]').first().getAttribute("href");
    expect(firstLive).toMatch(new RegExp(`^/visio/\\d+/${session.user.id}$`));
    await context.close();
  });

  it("adds a presentation to my schedule from its card and removes it, kept after a reload", async () => {
    const session = demo.sessions.attendee;
    await clearMySchedule(baseUrl, session);
    const { context, page } = await openSchedule(DESKTOP, session);
    const toggle = cardNamed(page, "Sécurité des API").getByTestId("my-schedule-toggle");
    expect(await toggle.getAttribute("data-scheduled")).toBe("false");
    const added = page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().includes("/my-schedule/"));
    await toggle.click();
    expect((await added).status()).toBe(200);
    expect(await toggle.getAttribute("data-scheduled")).toBe("true");
    expect(await toggle.getAttribute("aria-label")).toContain("Retirer");

    const reloaded = page.waitForResponse((r) => r.url().endsWith("/api/me/schedule"));
    await page.reload();
    expect((await reloaded).status()).toBe(200);
    await expect
      .poll(
        () => cardNamed(page, "Sécurité des API").getByTestId("my-schedule-toggle").getAttribute("data-scheduled"),
        {
          timeout: 5_000,
        },
      )
      .toBe("true");
    await screenshot(page, "schedule-in-my-schedule-desktop");
    const removed = page.waitForResponse((r) => r.request().method() === "DELETE" && r.url().includes("/my-schedule/"));
    await cardNamed(page, "Sécurité des API").getByTestId("my-schedule-toggle").click();
    expect((await removed).status()).toBe(200);
    expect(
      await cardNamed(page, "Sécurité des API").getByTestId("my-schedule-toggle").getAttribute("data-scheduled"),
    ).toBe("false");
    await context.close();
  });

  it("puts the toggle back and shows an error when adding fails", async () => {
    const session = demo.sessions.attendee;
    await clearMySchedule(baseUrl, session);
    const { context, page } = await openSchedule(PHONE, session);
    await page.route("**/api/speaker-data/**", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "internal", message: "boom" } }),
      }),
    );
    const toggle = page.getByTestId("my-schedule-toggle").first();
    await toggle.click();
    await page.getByTestId("my-schedule-error").waitFor();
    expect(await toggle.getAttribute("data-scheduled")).toBe("false");
    // Past the notice's entrance animation.
    await screenshot(page, "schedule-add-failed-phone", 300);
    await context.close();
  });

  it("hides day headers and times with viewmode=virtual", async () => {
    const { context, page } = await openSchedule(DESKTOP, undefined, "/demo?viewmode=virtual");
    expect(await page.getByTestId("day-header").count()).toBe(0);
    expect(await page.getByTestId("presentation-card").first().locator("time").count()).toBe(0);
    expect(await page.getByTestId("filter-dates").count()).toBe(0);
    await context.close();
  });

  it("embeds with ?iframe: its own top menu, no sidebar, Synopsis says 'work in progress', Profile and Logout when logged in", async () => {
    const anonymous = await openSchedule(PHONE, undefined, "/demo?iframe=1");
    await anonymous.page.getByTestId("iframe-top-menu").waitFor();
    expect(await anonymous.page.locator("aside").count()).toBe(0);
    expect(await anonymous.page.getByTestId("iframe-menu-profile").count()).toBe(0);
    let alerted = false;
    anonymous.page.once("dialog", (dialog) => {
      alerted = true;
      void dialog.dismiss();
    });
    await anonymous.page.getByTestId("iframe-menu-synopsis").click();
    // An in-app notice, not a browser alert.
    await expect
      .poll(() => anonymous.page.getByTestId("iframe-work-in-progress").textContent())
      .toBe("Travail en cours");
    expect(alerted).toBe(false);
    await screenshot(anonymous.page, "schedule-iframe-phone");
    await anonymous.context.close();

    const session = demo.sessions.attendee;
    const { context, page } = await openSchedule(DESKTOP, session, "/demo?iframe=1");
    await page.getByTestId("iframe-menu-profile").waitFor();
    await page.getByTestId("iframe-menu-logout").waitFor();
    await screenshot(page, "schedule-iframe-desktop");
    // Links keep the embedded layout.
    const card = page.getByTestId("presentation-card").first();
    expect(await card.getByTestId("forum-link").getAttribute("href")).toMatch(/\/forum\?iframe=1$/);
    await context.close();
  });

  it("shows the schedule on a phone and on a desktop without serious accessibility violations", async () => {
    for (const [label, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      const session = demo.sessions.attendee;
      const { context, page } = await openSchedule(viewport, session);
      await page.getByTestId("presentation-card").first().getByTestId("card-expand").click();
      await screenshot(page, `schedule-logged-in-${label}`);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await context.close();
    }
  });
});

describe("the schedule on a phone", () => {
  /** The least width and height of the element, in CSS pixels. */
  const sizeOf = (page: Page, testId: string) =>
    page
      .getByTestId(testId)
      .first()
      .evaluate((element) => {
        const box = element.getBoundingClientRect();
        return Math.min(box.width, box.height);
      });

  it("folds every card of the first day into at most 260 px, with its toolbar in view and nothing wider than the screen", async () => {
    const { context, page } = await openSchedule(PHONE, demo.sessions.attendee);
    // Opened at its top: the title, the search box and the filters, not scrolled away to today.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    for (const shown of [
      page.getByRole("heading", { level: 2, name: "Programme" }),
      page.getByTestId("schedule-search"),
    ]) {
      const box = await shown.boundingBox();
      expect(box?.y).toBeGreaterThanOrEqual(0);
      expect((box?.y ?? PHONE.height) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
    }
    const firstDay = page
      .locator("section[aria-labelledby]")
      .filter({ has: page.getByTestId("day-header") })
      .first();
    const heights = await firstDay
      .getByTestId("presentation-card")
      .evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().height)));
    expect(heights.length).toBeGreaterThan(5);
    expect(Math.max(...heights)).toBeLessThanOrEqual(260);
    // Chips and buttons stay on one row each: they scroll sideways inside the card, never the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, "schedule-cards-phone");
    await context.close();
  });

  it("gives every control a target of at least 44 px: chevrons, bookmarks, the language switch and Today", async () => {
    const { context, page } = await openSchedule(PHONE, demo.sessions.attendee);
    expect(await sizeOf(page, "card-expand")).toBeGreaterThanOrEqual(44);
    expect(await sizeOf(page, "my-schedule-toggle")).toBeGreaterThanOrEqual(44);
    expect(await sizeOf(page, "today-jump")).toBeGreaterThanOrEqual(44);
    const actions = await page
      .getByTestId("presentation-card")
      .first()
      // A speaker's name is a link inside the speakers' line of text: WCAG 2.5.8 exempts inline
      // links, and the talk's page lists its speakers as 44 px targets.
      .locator("a:not([data-testid=card-speaker-link]), button")
      .evaluateAll((found) => found.map((element) => Math.round(element.getBoundingClientRect().height)));
    expect(Math.min(...actions)).toBeGreaterThanOrEqual(44);
    const languages = await page
      .locator("button[lang]")
      .evaluateAll((found) =>
        found.map((element) => Math.min(element.getBoundingClientRect().width, element.getBoundingClientRect().height)),
      );
    expect(languages.length).toBe(2);
    expect(Math.min(...languages)).toBeGreaterThanOrEqual(44);
    await context.close();
  });

  it("says 'Ajouté à mon programme' and 'Retiré de mon programme' as the bookmark changes, in English too", async () => {
    const session = demo.sessions.attendee;
    await clearMySchedule(baseUrl, session);
    const { context, page } = await openSchedule(PHONE, session);
    const toast = page.getByRole("status").getByTestId("my-schedule-toast");
    const toggle = cardNamed(page, "Sécurité des API").getByTestId("my-schedule-toggle");
    await toggle.click();
    await expect.poll(() => toast.textContent()).toBe("Ajouté à mon programme");
    await screenshot(page, "schedule-bookmark-toast-phone");
    await expect.poll(() => toggle.getAttribute("aria-busy")).toBeNull();
    await toggle.click();
    await expect.poll(() => toast.textContent()).toBe("Retiré de mon programme");
    await expect.poll(() => toggle.getAttribute("aria-busy")).toBeNull();

    await page.locator("button[lang=en]").click();
    await toggle.click();
    await expect.poll(() => toast.textContent()).toBe("Added to my schedule");
    await expect.poll(() => toggle.getAttribute("aria-busy")).toBeNull();
    await toggle.click();
    await expect.poll(() => toast.textContent()).toBe("Removed from my schedule");
    // Gone by itself after a moment.
    await expect.poll(() => toast.count(), { timeout: 5_000 }).toBe(0);
    await page.locator("button[lang=fr]").click();
    await context.close();
  });

  it("asks for every card's quiz status in one call, not one per card", async () => {
    const { context, page } = await openPage(demo.browser, PHONE);
    const eventCalls: string[] = [];
    const talkCalls: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === "/api/quiz/statuses") eventCalls.push(request.url());
      if (/^\/api\/quiz\/\d+\/status$/.test(pathname)) talkCalls.push(request.url());
    });
    await page.goto(`${baseUrl}/demo`);
    await page.getByTestId("quiz-entry-note").first().waitFor();
    // Down the whole programme: every card's entry is read from the one answer.
    for (let step = 0; step < 30; step++) await page.mouse.wheel(0, 800);
    await page.getByTestId("presentation-card").last().getByText(/quiz/i).first().waitFor();
    expect(await page.locator('[data-testid="quiz-entry-pending"]').count()).toBe(0);
    expect(eventCalls).toHaveLength(1);
    expect(new URL(eventCalls[0] ?? "").searchParams.get("slug")).toBe("demo");
    expect(talkCalls).toEqual([]);
    await context.close();
  });
});

describe("the schedule's first screen", () => {
  it("shows the first cards before the app has run, then hands the page over with what was typed", async () => {
    const { context, page } = await openPage(demo.browser, PHONE);
    // The app's entry held back: what shows meanwhile is the page the Worker drew.
    let releaseApp = () => {};
    const appHeld = new Promise<void>((resolve) => {
      releaseApp = resolve;
    });
    await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
      await appHeld;
      await route.continue();
    });
    // Not until DOMContentLoaded: it waits for the held module script.
    await page.goto(`${baseUrl}/demo`, { waitUntil: "commit" });
    const firstCards = page.getByTestId("first-screen-card");
    await firstCards.first().waitFor();
    expect(await firstCards.count()).toBeGreaterThan(0);
    const schedule = (await (await page.request.get(`${baseUrl}/api/public/schedule/demo`)).json())
      .data as PublicSchedule;
    // The list opens on its first day, the event running or not, as the app does.
    const opening = [...new Set(schedule.presentations.map((p) => p.date))].sort()[0];
    const firstTalk = schedule.presentations
      .filter((p) => p.date === opening)
      .sort((a, b) => a.time - b.time || a.end_time - b.end_time)[0];
    expect(await firstCards.first().textContent()).toContain(firstTalk?.name);
    await screenshot(page, "schedule-first-screen-phone");
    await page.locator("#first-screen-search").fill("robot");

    releaseApp();
    await page.getByTestId("presentation-card").first().waitFor();
    expect(await page.getByTestId("first-screen").count()).toBe(0);
    expect(await page.getByTestId("schedule-search").inputValue()).toBe("robot");
    await expect
      .poll(() => page.getByTestId("presentation-card").allInnerTexts())
      .toSatisfy((texts: string[]) => texts.every((text) => text.toLowerCase().includes("robot")));
    await context.close();
  });
});

describe("the my-schedule page", () => {
  it("lists my presentations with the calendar subscription, its copy and the .ics download", async () => {
    const session = demo.sessions.attendee;
    await clearMySchedule(baseUrl, session);
    const { context, page } = await openSchedule(DESKTOP, session);
    for (const name of ["Sécurité des API", "Ouverture"]) {
      const scheduled = page.waitForResponse((r) => r.request().method() === "PATCH");
      await cardNamed(page, name).getByTestId("my-schedule-toggle").click();
      await scheduled;
    }
    await page.goto(`${baseUrl}/demo/my-schedule`);
    await page.getByTestId("calendar-subscribe").waitFor();
    await expect.poll(() => page.getByTestId("presentation-card").count()).toBe(2);
    expect(await page.getByTestId("calendar-subscribe").getAttribute("href")).toMatch(
      /^webcal:\/\/.+\/api\/calendar\/[0-9a-f]{64}\.ics$/,
    );
    const feedUrl = await page.getByTestId("calendar-download").getAttribute("href");
    expect(await page.getByTestId("calendar-url").inputValue()).toBe(feedUrl);
    const feed = await (await fetch(feedUrl as string)).text();
    expect(feed).toContain("BEGIN:VCALENDAR");
    expect(feed).toContain("Sécurité des API");
    await screenshot(page, "my-schedule-desktop");
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Removing from this page takes the card away.
    await cardNamed(page, "Ouverture").getByTestId("my-schedule-toggle").click();
    await expect.poll(() => page.getByTestId("presentation-card").count()).toBe(1);
    await context.close();
  });

  it("on a phone, copies the subscription link", async () => {
    const session = demo.sessions.attendee;
    const opened = await openPage(demo.browser, PHONE);
    await opened.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    await storeSession(opened.context, session);
    await opened.page.goto(`${baseUrl}/demo/my-schedule`);
    await opened.page.getByTestId("calendar-more").click();
    await opened.page.getByTestId("calendar-copy").click();
    await opened.page.getByText("Lien copié.").waitFor();
    const copied = await opened.page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await opened.page.getByTestId("calendar-url").inputValue());
    await screenshot(opened.page, "my-schedule-phone");
    expect(await seriousAccessibilityViolations(opened.page)).toEqual([]);
    await opened.context.close();
  });

  it("asks an anonymous visitor to log in", async () => {
    const { context, page } = await openPage(demo.browser, PHONE);
    await page.goto(`${baseUrl}/demo/my-schedule`);
    await page.getByTestId("my-schedule-login").waitFor();
    await page.getByTestId("my-schedule-login-action").click();
    await expect.poll(() => new URL(page.url()).searchParams.get("login")).toBe("true");
    expect(await page.evaluate(() => localStorage.getItem("redirect-path"))).toBe("/demo/my-schedule");
    await context.close();
  });
});
