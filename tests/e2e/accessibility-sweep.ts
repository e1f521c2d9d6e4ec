import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, openPage, PHONE } from "./browser";
import { setUpDemoBrowser } from "./demo-browser";
import { type DemoSession, seriousAccessibilityViolations, storeSession } from "./schedule-helpers";

/**
 * A page of the sweep, waited for by something it always shows; `at` fixes the page's clock;
 * `as` the account that opens it (an attendee unless said).
 */
export interface SweptPage {
  path: string;
  ready: string;
  at?: Date;
  as?: SweepAccount;
}

type SweepAccount = "attendee" | "speaker";

/**
 * What sticks out past the right edge of the screen (the page scrolls sideways), or null. Names
 * the widest element so a failure says what to fix.
 */
async function horizontalOverflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return null;
    let widest: Element | undefined;
    let right = width;
    for (const element of Array.from(document.body.querySelectorAll("*"))) {
      const box = element.getBoundingClientRect();
      if (box.right > right + 0.5) {
        right = box.right;
        widest = element;
      }
    }
    const name = widest
      ? `${widest.tagName.toLowerCase()}${widest.getAttribute("data-testid") ? `[data-testid=${widest.getAttribute("data-testid")}]` : ""}.${Array.from(widest.classList).join(".")}`
      : "?";
    return `scrolls sideways: ${document.documentElement.scrollWidth} px wide on a ${width} px screen (${name} ends at ${Math.round(right)} px)`;
  });
}

/**
 * Each page, as an attendee (or the account it names), in French and English, on a phone and a
 * desktop, has no serious or critical axe violation; on the phone, no target under WCAG 2.2's
 * size and no sideways scroll.
 * The pages are dealt over several files so the two e2e lanes share the sweep's 32 page loads
 * instead of one lane carrying them all at the end.
 */
export function describeAccessibilitySweep(
  name: string,
  pages: (baseUrl: string, sessions: Record<SweepAccount, DemoSession>) => Promise<SweptPage[]>,
): void {
  const demo = setUpDemoBrowser({ attendee: "attendee@demo.test", speaker: "speaker@demo.test" });

  describe(`accessibility of ${name}`, () => {
    let swept: SweptPage[] = [];
    beforeAll(async () => {
      swept = await pages(demo.baseUrl, demo.sessions);
    });

    // One test per screen size and language, so that each has its own time for the pages it loads.
    for (const [viewport, locale] of [
      [PHONE, "fr"],
      [PHONE, "en"],
      [DESKTOP, "fr"],
      [DESKTOP, "en"],
    ] as const) {
      const onPhone = viewport === PHONE;
      it(`has no serious or critical axe violation, in ${locale} at ${viewport.width} px${onPhone ? ", no target too small and no sideways scroll" : ""}`, {
        timeout: 120_000,
      }, async () => {
        const found: string[] = [];
        for (const { path, ready, at, as = "attendee" } of swept) {
          const { context, page } = await openPage(demo.browser, viewport);
          await storeSession(context, demo.sessions[as]);
          await context.addInitScript((chosen) => localStorage.setItem("locale", chosen), locale);
          if (at) await page.clock.setFixedTime(at);
          await page.goto(`${demo.baseUrl}${path}`);
          const shown = await page
            .getByTestId(ready)
            .first()
            .waitFor({ timeout: 20_000 })
            .then(() => true)
            .catch(() => false);
          const where = `${path} ${viewport.width} ${locale}`;
          if (!shown) found.push(`${where}: '${ready}' never showed`);
          // On a phone, WCAG 2.2's target size too, and nothing wider than the screen.
          for (const violation of await seriousAccessibilityViolations(page, { targetSize: onPhone }))
            found.push(`${where}: ${violation}`);
          if (onPhone) {
            const overflow = await horizontalOverflow(page);
            if (overflow) found.push(`${where}: ${overflow}`);
          }
          await context.close();
        }
        expect(found).toEqual([]);
      });
    }
  });
}
