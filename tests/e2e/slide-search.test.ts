// Search inside talks, as a visitor sees it: a word of a slide finds the talk, the card says on
// which slide and when ("diapo 3 · 00:14"), and the link starts the video there. The server's
// rules (visibility, folding, bad input) are proven in tests/integration/slide-search.test.ts.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, openPage, PHONE, screenshot } from "./browser";
import { setUpDemoBrowser } from "./demo-browser";
import { DEMO_VERSION_TIMEOUT_MS, demoTalkWithVersion } from "./demo-talk";

const demo = setUpDemoBrowser({});
let talk: number;

beforeAll(async () => {
  talk = await demoTalkWithVersion(demo.baseUrl);
}, DEMO_VERSION_TIMEOUT_MS);

/** The demo deck's third slide says "Limites, journaux, validation humaine", on no talk's card. */
async function searchSlides(page: Page) {
  await page.goto(`${demo.baseUrl}/demo`);
  await page.getByTestId("schedule-search").fill("validation humaine");
  const hit = page.locator(`[data-presentation-id="${talk}"]`).getByTestId("slide-hit");
  await hit.waitFor();
  return hit;
}

describe("search inside talks", () => {
  it("a word of a slide finds its talk, says which slide and when, and the link starts the video there", async () => {
    const { context, page } = await openPage(demo.browser, DESKTOP);
    const hit = await searchSlides(page);
    expect(await page.getByTestId("presentation-card").count()).toBe(1);
    const label = (await hit.textContent()) ?? "";
    expect(label).toMatch(/^diapo 3 · 00:1\d$/);
    await screenshot(page, "slide-search-1440-fr");
    const second = Number(label.slice(-2));
    await hit.click();
    await page.getByTestId("public-video-page").waitFor();
    expect(new URL(page.url()).searchParams.get("t")).toBe(String(second));
    await expect
      .poll(() => page.getByTestId("main-video").evaluate((video: HTMLVideoElement) => video.currentTime), {
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(second);
    await context.close();
  });

  it("in English on a phone the hit reads 'slide 3', and a search cut at its page cap says so", async () => {
    const { context, page } = await openPage(demo.browser, PHONE);
    await context.addInitScript(() => localStorage.setItem("locale", "en"));
    // The answer as it comes for a word on more pages than a search reads (2,000: too many to
    // upload here; the cut itself is proven in tests/integration/slide-search.test.ts).
    await page.route("**/api/presentation/slide-search?*", async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { data: { complete: boolean } };
      const complete = !new URL(route.request().url()).searchParams.get("search")?.includes("validation");
      await route.fulfill({ response: answer, json: { ...body, data: { ...body.data, complete } } });
    });
    const hit = await searchSlides(page);
    expect(await hit.textContent()).toMatch(/^slide 3 · 00:1\d$/);
    expect(await page.getByTestId("slide-search-partial").textContent()).toMatch(/^These words are on too many slides/);
    await screenshot(page, "slide-search-375-en");
    await page.getByTestId("schedule-search").fill("journaux");
    await page.getByTestId("slide-search-partial").waitFor({ state: "detached" });
    await context.close();
  });
});
