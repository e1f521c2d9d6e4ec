import { describe, it } from "vitest";
import { DESKTOP, openPage, PHONE, screenshot } from "./browser";
import { setUpDemoBrowser } from "./demo-browser";

const demo = setUpDemoBrowser({});

describe("shots", () => {
  it("first screen then app", { timeout: 120_000 }, async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      for (const locale of ["fr", "en"]) {
        const { context, page } = await openPage(demo.browser, viewport);
        await context.addCookies([{ name: "locale", value: locale, url: demo.baseUrl }]);
        await context.addInitScript((value) => localStorage.setItem("locale", value), locale);
        let release = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
          await held;
          await route.continue();
        });
        await page.goto(`${demo.baseUrl}/demo/synopsis`, { waitUntil: "commit" });
        await page.getByTestId("first-screen-card").first().waitFor();
        await screenshot(page, `tmp-first-${viewport.width}-${locale}`);
        release();
        await page.getByTestId("synopsis-card").first().waitFor();
        await page.waitForTimeout(800);
        await screenshot(page, `tmp-app-${viewport.width}-${locale}`);
        await context.close();
      }
    }
  });
});
