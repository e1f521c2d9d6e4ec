import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, openPage, PHONE, screenshot } from "./browser";
import { setUpDemoBrowser } from "./demo-browser";
import { DEMO_VERSION_TIMEOUT_MS, demoTalkWithVersion } from "./demo-talk";
import { seriousAccessibilityViolations, storeSession } from "./schedule-helpers";

const demo = setUpDemoBrowser({ attendee: "attendee@demo.test", speaker: "speaker@demo.test" });
let talk: number;

beforeAll(async () => {
  talk = await demoTalkWithVersion(demo.baseUrl);
}, DEMO_VERSION_TIMEOUT_MS);

const plays = async () =>
  ((await (await fetch(`${demo.baseUrl}/api/presentation/${talk}/plays`)).json()) as { data: number }).data;

async function currentTime(page: Page) {
  return page.getByTestId("main-video").evaluate((video: HTMLVideoElement) => video.currentTime);
}

describe("watching a talk", () => {
  it("an attendee watches the demo talk, clicks a slide and lands at its time; the play counts once, not again on reload", async () => {
    const { context, page } = await openPage(demo.browser, DESKTOP);
    await storeSession(context, demo.sessions.attendee);
    const before = await plays();
    await page.goto(`${demo.baseUrl}/demo/${talk}`);
    await page.getByTestId("public-video-page").waitFor();
    const slides = page.getByTestId("slide");
    await slides.nth(1).waitFor();
    const slideTime = Number(await slides.nth(1).getAttribute("data-time")) / 1000;
    await slides.nth(1).click();
    await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(slideTime);
    expect(await currentTime(page)).toBeLessThan(slideTime + 3);
    await expect.poll(() => slides.nth(1).getAttribute("aria-current"), { timeout: 2_000 }).toBe("true");
    await expect.poll(plays, { timeout: 10_000 }).toBe(before + 1);
    await expect.poll(() => page.getByTestId("video-views").textContent()).toContain(String(before + 1));
    await page.getByTestId("forum-toggle").click();
    await page.getByTestId("forum-panel").waitFor();
    await screenshot(page, "watch-public-1440-fr");

    // The same browser again: its viewer id is kept, so the play is not counted twice today.
    await page.reload();
    await page.getByTestId("player-toggle").click();
    await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThan(0.5);
    await page.waitForTimeout(500);
    expect(await plays()).toBe(before + 1);

    // Keyboard: l skips 10 s; typing in a field does not.
    const at = await currentTime(page);
    await page.keyboard.press("l");
    expect(await currentTime(page)).toBeGreaterThan(at + 5);
    await page.keyboard.press("?");
    await page.getByTestId("keyboard-help").waitFor();
    // Nothing in the dialog touches its edges.
    const padding = await page
      .getByTestId("keyboard-help")
      .evaluate((dialog) =>
        ["Top", "Right", "Bottom", "Left"].map((side) =>
          parseFloat(getComputedStyle(dialog).getPropertyValue(`padding-${side.toLowerCase()}`)),
        ),
      );
    for (const side of padding) expect(side).toBeGreaterThanOrEqual(16);
    await screenshot(page, "keyboard-help-1440-fr");

    // A speaker's watch address is no attendee's: 'No video', not a failure to retry.
    await page.goto(`${demo.baseUrl}/demo/my-presentations/${talk}/video/${"a".repeat(64)}/watch`);
    await page.getByTestId("watch-no-video").waitFor();
    await context.close();
  });

  it("the page at 375 px in English and the speaker's watch page", async () => {
    const phone = await openPage(demo.browser, PHONE);
    await phone.context.addInitScript(() => localStorage.setItem("locale", "en"));
    await phone.page.goto(`${demo.baseUrl}/demo/${talk}`);
    await phone.page.getByTestId("slide").first().waitFor();
    await screenshot(phone.page, "watch-public-375-en");
    expect(await seriousAccessibilityViolations(phone.page)).toEqual([]);
    await phone.page.keyboard.press("?");
    await phone.page.getByTestId("keyboard-help").waitFor();
    expect(
      await phone.page
        .getByTestId("keyboard-help")
        .evaluate((dialog) => parseFloat(getComputedStyle(dialog).paddingLeft)),
    ).toBeGreaterThanOrEqual(16);
    await screenshot(phone.page, "keyboard-help-375-en");
    await phone.page.keyboard.press("Escape");
    await phone.context.close();

    const speaker = await openPage(demo.browser, DESKTOP);
    await storeSession(speaker.context, demo.sessions.speaker);
    const versions = (await (
      await fetch(`${demo.baseUrl}/api/speaker-data/presentation/${talk}`, {
        headers: { authorization: `Bearer ${demo.sessions.speaker.token}` },
      })
    ).json()) as { data: { versions: { versionId: string }[] } };
    const versionId = versions.data.versions[0]?.versionId;
    await speaker.page.goto(`${demo.baseUrl}/demo/my-pres/${talk}/video/${versionId}/watch`);
    await speaker.page.getByTestId("speaker-watch-page").waitFor();
    await speaker.page.getByTestId("slide").first().waitFor();
    expect(speaker.page.url()).toContain(`/demo/my-presentations/${talk}/video/${versionId}/watch`);
    await screenshot(speaker.page, "watch-speaker-1440-fr");
    await speaker.page.setViewportSize(PHONE);
    await speaker.page.evaluate(() => localStorage.setItem("locale", "en"));
    await speaker.page.reload();
    await speaker.page.getByTestId("slide").first().waitFor();
    await screenshot(speaker.page, "watch-speaker-375-en");
    await speaker.page.goto(`${demo.baseUrl}/demo/my-presentations/${talk}/video/not-a-version/watch`);
    await speaker.page.getByTestId("watch-no-video").waitFor();
    await speaker.context.close();
  });

  it("a theater layout: at 1440 px the video takes at least 60 % of the window and the event's name shows once; at 375 px nothing overflows and the video, the slides and the forum come in that order, in French and English", async () => {
    const versions = (await (
      await fetch(`${demo.baseUrl}/api/speaker-data/presentation/${talk}`, {
        headers: { authorization: `Bearer ${demo.sessions.speaker.token}` },
      })
    ).json()) as { data: { versions: { versionId: string }[] } };
    const pages = [
      { name: "public", path: `/demo/${talk}`, testId: "public-video-page", session: demo.sessions.attendee },
      {
        name: "speaker",
        path: `/demo/my-presentations/${talk}/video/${versions.data.versions[0]?.versionId}/watch`,
        testId: "speaker-watch-page",
        session: demo.sessions.speaker,
      },
    ];
    for (const { name, path, testId, session } of pages) {
      for (const [size, viewport] of [
        ["375", PHONE],
        ["1440", DESKTOP],
      ] as const) {
        for (const locale of ["fr", "en"] as const) {
          const { context, page } = await openPage(demo.browser, viewport);
          await context.addInitScript((chosen) => localStorage.setItem("locale", chosen), locale);
          await storeSession(context, session);
          await page.goto(`${demo.baseUrl}${path}`);
          await page.getByTestId(testId).waitFor();
          await page.getByTestId("slide").first().waitFor();
          const video = await page.getByTestId("main-video").boundingBox();
          const watchPage = page.getByTestId(testId);
          // The shell shows the event's logo and name; the page does not repeat them.
          expect(await watchPage.getByText("Salon de l'Innovation 2026").count()).toBe(0);
          if (viewport === DESKTOP) {
            expect(video?.width).toBeGreaterThanOrEqual(0.6 * DESKTOP.width);
            // What sits on the event's own background (the shortcuts button) is read against it.
            if (locale === "fr") expect(await seriousAccessibilityViolations(page)).toEqual([]);
          } else {
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
            const slides = await page.getByTestId("slide").first().boundingBox();
            expect(video && slides && video.y + video.height <= slides.y).toBe(true);
            if (name === "public") {
              await page.getByTestId("forum-toggle").click();
              await page.getByTestId("forum-panel").waitFor();
              // Both measured now: the click may have scrolled the page, and boxes are relative to it.
              const slidesNow = await page.getByTestId("slide").first().boundingBox();
              const forum = await page.getByTestId("forum-panel").boundingBox();
              expect(slidesNow && forum && slidesNow.y + slidesNow.height <= forum.y).toBe(true);
              expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
              await page.evaluate(() => window.scrollTo(0, 0));
            }
          }
          await screenshot(page, `watch-theater-${name}-${size}-${locale}`);
          await context.close();
        }
      }
    }
  });
});
