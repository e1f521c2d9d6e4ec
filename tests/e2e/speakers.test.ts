import { readFileSync } from "node:fs";
import type { PublicPresentation, PublicSchedule } from "@core/schedule/public-schedule";
import { scheduleOverlaps } from "@core/schedule/schedule-overlaps";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, openPage, PHONE, screenshot } from "./browser";
import { setUpDemoBrowser } from "./demo-browser";
import { clearMySchedule, type DemoSession, storeSession } from "./schedule-helpers";

const demo = setUpDemoBrowser({ attendee: "attendee@demo.test" });

const LOCALES = ["fr", "en"] as const;
type Locale = (typeof LOCALES)[number];
const VIEWPORTS = [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const;

/** A page of the demo event in `locale`, logged in when a session is given. */
async function open(path: string, viewport: { width: number; height: number }, locale: Locale, session?: DemoSession) {
  const opened = await openPage(demo.browser, viewport);
  await opened.context.addInitScript((chosen) => localStorage.setItem("locale", chosen), locale);
  if (session) await storeSession(opened.context, session);
  await opened.page.goto(`${demo.baseUrl}${path}`);
  return opened;
}

/** Nothing wider than the screen: the page never scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The smaller side of each element matched, in CSS pixels. */
const targetSizes = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((found) =>
      found.map((element) => Math.min(element.getBoundingClientRect().width, element.getBoundingClientRect().height)),
    );

async function demoSchedule(): Promise<PublicSchedule> {
  return ((await (await fetch(`${demo.baseUrl}/api/public/schedule/demo`)).json()) as { data: PublicSchedule }).data;
}

const TEXTS = {
  fr: { title: "Intervenants", one: "1 intervenant", back: "Tous les intervenants", talks: "Ses présentations" },
  en: { title: "Speakers", one: "1 speaker", back: "All speakers", talks: "Talks" },
};

describe("the speakers pages", () => {
  for (const locale of LOCALES) {
    for (const [device, viewport] of VIEWPORTS) {
      it(`lists the speakers and finds 'Hélène Moreau' by typing 'helene moreau', ${locale} at ${viewport.width} px`, async () => {
        const { context, page } = await open("/demo/speakers", viewport, locale);
        await page.getByTestId("speaker-item").first().waitFor();
        await page.getByRole("heading", { level: 2, name: TEXTS[locale].title }).waitFor();
        const everyone = await page.getByTestId("speaker-item").count();
        expect(everyone).toBeGreaterThan(20);
        const first = page.getByTestId("speaker-item").first();
        // Photo, name, association and talks count on each entry.
        expect(await first.locator("img, [aria-hidden=true]").count()).toBeGreaterThan(0);
        expect(await first.textContent()).toMatch(locale === "fr" ? /présentations?/ : /talks?/);
        expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
        expect(
          Math.min(...(await targetSizes(page, "[data-testid=speaker-item], [data-testid=speakers-search]"))),
        ).toBeGreaterThanOrEqual(44);
        await screenshot(page, `speakers-list-${device}-${locale}`);
        await page.screenshot({ path: `/tmp/sp/speakers-list-${viewport.width}-${locale}.png` });

        await page.getByTestId("speakers-search").fill("helene moreau");
        await expect.poll(() => page.getByTestId("speaker-item").count(), { timeout: 10_000 }).toBe(1);
        expect(await page.getByTestId("speaker-item").textContent()).toContain("Hélène Moreau");
        expect(await page.getByTestId("speakers-summary").textContent()).toBe(TEXTS[locale].one);
        // Organisations are searched too, without their accents.
        await page.getByTestId("speakers-search").fill("reseau femmes");
        await expect.poll(() => page.getByTestId("speaker-item").count()).toBeGreaterThan(0);
        for (const text of await page.getByTestId("speaker-item").allTextContents()) {
          expect(text).toContain("Réseau Femmes & Numérique");
        }
        await page.getByTestId("speakers-search").fill("zzzz personne");
        await page.getByTestId("speakers-no-match").waitFor();
        await context.close();
      });

      it(`opens a speaker's page: biography, links and talk cards, then back to the list, ${locale} at ${viewport.width} px`, async () => {
        const { context, page } = await open("/demo/speakers", viewport, locale);
        await page.getByTestId("speakers-search").fill("emilie durand");
        await expect.poll(() => page.getByTestId("speaker-item").count(), { timeout: 10_000 }).toBe(1);
        await page.getByTestId("speaker-item").click();
        await page.waitForURL(/\/demo\/speakers\/\d+$/);
        await page.getByTestId("speaker-profile").waitFor();
        expect(await page.getByTestId("speaker-name").textContent()).toBe("Émilie Durand");
        // The sidebar (a desktop's) says where the reader is: under the speakers.
        if (device === "desktop")
          expect(await page.getByTestId("menu-speakers").getAttribute("aria-current")).toBe("page");
        expect(await page.getByTestId("speaker-biography").textContent()).toContain("Directrice de l'innovation");
        expect(await page.getByTestId("speaker-link").allTextContents()).toEqual(["Site personnel", "Mastodon"]);
        expect(await page.getByTestId("speaker-link").first().getAttribute("rel")).toContain("noopener");
        await page.getByRole("heading", { level: 2, name: TEXTS[locale].talks }).waitFor();
        const cards = page.getByTestId("presentation-card");
        await cards.first().waitFor();
        for (const text of await cards.allTextContents()) expect(text).toContain("Émilie Durand");
        expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
        expect(
          Math.min(...(await targetSizes(page, "[data-testid=speakers-back], [data-testid=speaker-link]"))),
        ).toBeGreaterThanOrEqual(44);
        await screenshot(page, `speaker-page-${device}-${locale}`);
        await page.screenshot({ path: `/tmp/sp/speaker-page-${viewport.width}-${locale}.png` });

        await page.getByTestId("speakers-back").click();
        await page.waitForURL(/\/demo\/speakers$/);
        await page.getByRole("heading", { level: 2, name: TEXTS[locale].title }).waitFor();
        await context.close();
      });
    }
  }

  it("leads from a talk card's speaker name and from a talk page's speakers to the speaker's page", async () => {
    const { context, page } = await open("/demo", DESKTOP, "fr");
    const link = page.getByTestId("card-speaker-link").first();
    await link.waitFor();
    const name = (await link.textContent()) ?? "";
    await link.click();
    await page.waitForURL(/\/demo\/speakers\/\d+$/);
    expect(await page.getByTestId("speaker-name").textContent()).toBe(name);

    const talk = (await demoSchedule()).presentations.find((p) => p.speakers.length > 0) as PublicPresentation;
    await page.goto(`${demo.baseUrl}/demo/${talk._id}`);
    await page.getByTestId("presentation-speaker-link").first().click();
    await page.waitForURL(new RegExp(`/demo/speakers/${talk.speakers[0]?._id}$`));
    await page.getByTestId("speaker-profile").waitFor();
    await context.close();
  });

  it("comes drawn by the Worker before the app runs: the speakers as links, at 375 and 1440 px", async () => {
    for (const [device, viewport] of VIEWPORTS) {
      const context = await demo.browser.newContext({ viewport, locale: "fr-FR", javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${demo.baseUrl}/demo/speakers`);
      const firstScreen = page.locator("#first-screen");
      await firstScreen.getByRole("heading", { level: 2, name: "Intervenants" }).waitFor();
      const links = firstScreen.locator('a[href^="/demo/speakers/"]');
      expect(await links.count()).toBe(15);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      expect(Math.min(...(await targetSizes(page, '#first-screen a[href^="/demo/speakers/"]')))).toBeGreaterThanOrEqual(
        44,
      );
      await screenshot(page, `speakers-first-screen-${device}`);
      await context.close();
    }
  });

  it("says an unknown speaker is not found", async () => {
    const { context, page } = await open("/demo/speakers/999999", PHONE, "fr");
    await page.getByTestId("speaker-not-found").waitFor();
    expect(await page.getByTestId("speaker-not-found").textContent()).toBe("Cet intervenant est introuvable.");
    await context.close();
  });
});

describe("conflicts in my schedule", () => {
  /** Two talks of the demo that overlap each other, and one that overlaps neither. */
  async function conflictingTalks() {
    const { presentations, event } = await demoSchedule();
    const overlaps = scheduleOverlaps(presentations);
    const [firstId, others] = [...overlaps].find(([, list]) => list.length > 0) ?? [];
    const first = presentations.find((p) => p._id === firstId) as PublicPresentation;
    const second = others?.[0] as PublicPresentation;
    const free = presentations.find(
      (p) => p.date !== first.date && !overlaps.get(p._id)?.some((o) => o._id === first._id || o._id === second._id),
    ) as PublicPresentation;
    return { eventId: event._id, first, second, free };
  }

  async function schedule(session: DemoSession, eventId: number, ids: number[]) {
    await clearMySchedule(demo.baseUrl, session);
    for (const id of ids) {
      const response = await fetch(`${demo.baseUrl}/api/speaker-data/${id}/my-schedule/${eventId}`, {
        method: "PATCH",
        headers: { authorization: `Bearer ${session.token}`, "content-type": "application/json" },
        body: JSON.stringify({ id: session.user.id }),
      });
      expect(response.status).toBe(200);
    }
  }

  for (const locale of LOCALES) {
    for (const [device, viewport] of VIEWPORTS) {
      it(`marks the two overlapping talks with each other's title, not the third, ${locale} at ${viewport.width} px`, async () => {
        const session = demo.sessions.attendee;
        const { eventId, first, second, free } = await conflictingTalks();
        await schedule(session, eventId, [first._id, second._id, free._id]);
        const { context, page } = await open("/demo/my-schedule", viewport, locale, session);
        await page.getByTestId("presentation-card").first().waitFor();
        // Cards below the fold are drawn as they come near: scroll down to have them all.
        await expect
          .poll(
            async () => {
              await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
              return page.getByTestId("presentation-card").count();
            },
            { timeout: 10_000 },
          )
          .toBe(3);
        const card = (talk: PublicPresentation) => page.locator(`[data-presentation-id="${talk._id}"]`);
        const word = locale === "fr" ? "Chevauche « " : "Overlaps “";
        await card(first).getByTestId("overlap-notice").waitFor();
        expect(await card(first).getByTestId("overlap-notice").textContent()).toContain(`${word}${second.name}`);
        expect(await card(second).getByTestId("overlap-notice").textContent()).toContain(`${word}${first.name}`);
        expect(await card(free).getByTestId("overlap-notice").count()).toBe(0);
        const toggle = card(first).getByTestId("my-schedule-toggle");
        expect(await toggle.getAttribute("aria-label")).toContain(
          locale === "fr" ? `chevauche « ${second.name} »` : `overlaps “${second.name}”`,
        );
        expect(await card(free).getByTestId("my-schedule-toggle").getAttribute("aria-label")).not.toMatch(
          /chevauche|overlaps/,
        );
        expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
        expect(
          Math.min(...(await targetSizes(page, "[data-testid=my-schedule-toggle], [data-testid=calendar-alarm]"))),
        ).toBeGreaterThanOrEqual(44);
        await card(first).scrollIntoViewIfNeeded();
        await screenshot(page, `my-schedule-overlap-${device}-${locale}`);
        await page.screenshot({ path: `/tmp/sp/my-schedule-overlap-${viewport.width}-${locale}.png` });

        // Taking one out of the schedule ends the conflict on the other.
        await toggle.click();
        await expect.poll(() => page.getByTestId("overlap-notice").count(), { timeout: 10_000 }).toBe(0);
        await context.close();
      });
    }
  }

  it("says the overlap under the synopsis card's calendar button", async () => {
    const session = demo.sessions.attendee;
    const { context, page } = await open("/demo/synopsis", DESKTOP, "fr", session);
    await page.getByTestId("synopsis-card").first().waitFor();
    // Two overlapping talks that the day the timetable opens on draws as cards of their own.
    const shown = new Set(
      (
        await page
          .getByTestId("synopsis-card")
          .evaluateAll((cards) => cards.map((c) => c.getAttribute("data-presentation-id")))
      ).map(Number),
    );
    const { presentations, event } = await demoSchedule();
    const overlaps = scheduleOverlaps(presentations.filter((p) => shown.has(p._id)));
    const [firstId, others] = [...overlaps][0] ?? [];
    const second = others?.[0];
    if (firstId === undefined || !second) throw new Error("no overlapping talks drawn as cards");
    await schedule(session, event._id, [firstId, second._id]);
    await page.reload();
    const card = page.locator(`[data-testid=synopsis-card][data-presentation-id="${firstId}"]`);
    await card.getByTestId("synopsis-card-expand").click();
    const notice = card.getByTestId("overlap-notice");
    await notice.waitFor();
    expect(await notice.textContent()).toBe(`Chevauche « ${second.name} »`);
    await page.screenshot({ path: "/tmp/sp/synopsis-card-overlap-1440-fr.png" });
    await clearMySchedule(demo.baseUrl, session);
    await context.close();
  });

  it("keeps the calendar reminder chosen in the calendar card: 10 minutes by default, then 5", async () => {
    const session = demo.sessions.attendee;
    const { eventId, first } = await conflictingTalks();
    await schedule(session, eventId, [first._id]);
    const { context, page } = await open("/demo/my-schedule", PHONE, "en", session);
    // The calendar card leaves the phone's first screen to the talk: its other ways in are folded.
    await page.getByTestId("calendar-subscribe").waitFor();
    const firstTalk = page.getByTestId("presentation-card").first();
    await firstTalk.waitFor();
    expect(await firstTalk.evaluate((card) => card.getBoundingClientRect().top)).toBeLessThan(PHONE.height - 100);
    expect(await page.getByTestId("calendar-alarm").isVisible()).toBe(false);
    await page.getByTestId("calendar-more").click();
    const alarm = page.getByTestId("calendar-alarm");
    await alarm.waitFor();
    expect(await alarm.inputValue()).toBe("10");
    expect(await alarm.locator("option").allTextContents()).toEqual([
      "No reminder",
      "5 minutes before",
      "10 minutes before",
      "15 minutes before",
    ]);
    await alarm.selectOption("5");
    await expect.poll(() => page.getByTestId("calendar-alarm-status").textContent()).toContain("Reminder saved");
    const url = await page.getByTestId("calendar-url").inputValue();
    expect(await (await fetch(url.replace(/^https?:\/\/[^/]+/, demo.baseUrl))).text()).toContain(
      "TRIGGER;RELATED=START:-PT5M",
    );
    await page.reload();
    // A talk's own .ics file from its card carries the same reminder.
    await firstTalk.getByTestId("card-expand").click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      firstTalk.getByTestId("add-to-calendar").click(),
    ]);
    expect(readFileSync(await download.path(), "utf8")).toContain("TRIGGER;RELATED=START:-PT5M");
    await page.getByTestId("calendar-more").click();
    await expect.poll(() => page.getByTestId("calendar-alarm").inputValue()).toBe("5");
    await page.getByTestId("calendar-alarm").selectOption("10");
    await expect.poll(() => page.getByTestId("calendar-alarm-status").textContent()).toContain("Reminder saved");
    await context.close();
  });
});
