import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, openPage, screenshot } from "./browser";
import { laneBaseUrl } from "./lanes";
import { type DemoSession, logIn, seriousAccessibilityViolations, storeSession } from "./schedule-helpers";

const baseUrl = laneBaseUrl();
// The demo speaker account is linked to Émilie Durand, who gives 3 presentations (scripts/demo/demo-schedule.ts).
const SPEAKER_NAME = "Émilie Durand";
let browser: Browser;
// One login per account for the whole file: the API rate-limits repeated logins of one account.
let speaker: DemoSession;
let attendee: DemoSession;

beforeAll(async () => {
  browser = await launchBrowser();
  speaker = await logIn(baseUrl, "speaker@demo.test");
  attendee = await logIn(baseUrl, "attendee@demo.test");
});
afterAll(async () => {
  await browser.close();
});

describe("my presentations", () => {
  it("a speaker reaches their presentations from the menu, each with its MY VIDEOS and FORUM links; an attendee has no such entry", async () => {
    const asSpeaker = await openPage(browser, DESKTOP);
    await storeSession(asSpeaker.context, speaker);
    await asSpeaker.page.goto(`${baseUrl}/demo`);
    await asSpeaker.page.getByTestId("menu-my-presentations").click();
    await asSpeaker.page.waitForURL(/\/demo\/my-presentations$/);
    const cards = asSpeaker.page.getByTestId("my-presentation-card");
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(3);
    for (const card of await cards.all()) {
      expect(await card.textContent()).toContain(SPEAKER_NAME);
      const id = await card.getAttribute("data-presentation-id");
      expect(await card.getByTestId("forum-link").getAttribute("href")).toBe(`/demo/${id}/forum`);
      expect(await card.getByTestId("my-videos").getAttribute("href")).toBe(`/demo/my-presentations/${id}/videos`);
    }
    expect(await seriousAccessibilityViolations(asSpeaker.page)).toEqual([]);
    await screenshot(asSpeaker.page, "my-presentations-desktop");
    await asSpeaker.context.close();

    const asAttendee = await openPage(browser, DESKTOP);
    await storeSession(asAttendee.context, attendee);
    await asAttendee.page.goto(`${baseUrl}/demo`);
    await asAttendee.page.getByTestId("menu-my-schedule").waitFor();
    expect(await asAttendee.page.getByTestId("menu-my-presentations").count()).toBe(0);
    await asAttendee.context.close();
  });
});
