import { describe, expect, it } from "vitest";
import { DESKTOP, openPage, PHONE } from "./browser";
import { setUpDemoBrowser } from "./demo-browser";
import { seriousAccessibilityViolations, storeSession } from "./schedule-helpers";

/** A page of the sweep, waited for by something it always shows; `at` fixes the page's clock. */
export interface SweptPage {
  path: string;
  ready: string;
  at?: Date;
}

/**
 * Each page, as an attendee, in French and English, on a phone and a desktop, has no serious or
 * critical axe violation. The pages are dealt over several files so the two e2e lanes share the
 * sweep's 32 page loads instead of one lane carrying them all at the end.
 */
export function describeAccessibilitySweep(name: string, pages: (baseUrl: string) => Promise<SweptPage[]>): void {
  const demo = setUpDemoBrowser({ attendee: "attendee@demo.test" });

  describe(`accessibility of ${name}`, () => {
    it("has no serious or critical axe violation, in French and English, on a phone and a desktop", {
      timeout: 180_000,
    }, async () => {
      const found: string[] = [];
      for (const { path, ready, at } of await pages(demo.baseUrl)) {
        for (const viewport of [PHONE, DESKTOP]) {
          for (const locale of ["fr", "en"]) {
            const { context, page } = await openPage(demo.browser, viewport);
            await storeSession(context, demo.sessions.attendee);
            await context.addInitScript((chosen) => localStorage.setItem("locale", chosen), locale);
            if (at) await page.clock.setFixedTime(at);
            await page.goto(`${demo.baseUrl}${path}`);
            const shown = await page
              .getByTestId(ready)
              .first()
              .waitFor({ timeout: 20_000 })
              .then(() => true)
              .catch(() => false);
            if (!shown) found.push(`${path} ${viewport.width} ${locale}: '${ready}' never showed`);
            for (const violation of await seriousAccessibilityViolations(page))
              found.push(`${path} ${viewport.width} ${locale}: ${violation}`);
            await context.close();
          }
        }
      }
      expect(found).toEqual([]);
    });
  });
}
