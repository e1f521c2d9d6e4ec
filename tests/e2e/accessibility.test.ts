import type { PublicSchedule } from "@core/schedule/public-schedule";
import { describe, expect, it } from "vitest";
import { DESKTOP, openPage, PHONE } from "./browser";
import { setUpDemoBrowser } from "./demo-browser";
import { seriousAccessibilityViolations, storeSession } from "./schedule-helpers";

const demo = setUpDemoBrowser({ attendee: "attendee@demo.test" });

/** The pages a visitor and an attendee reach, each waited for by something it always shows. */
async function pages(): Promise<{ path: string; ready: string; at?: Date }[]> {
  const schedule = (await (await fetch(`${demo.baseUrl}/api/public/schedule/demo`)).json()) as { data: PublicSchedule };
  const talk = schedule.data.presentations[0]?._id;
  return [
    { path: "/demo", ready: "presentation-card" },
    { path: "/demo/synopsis", ready: "synopsis-card" },
    { path: "/demo/my-schedule", ready: "schedule-list" },
    { path: "/demo/tutorial", ready: "tutorial" },
    { path: `/demo/${talk}`, ready: "presentation-header" },
    { path: `/demo/${talk}/forum`, ready: "forum-live" },
    { path: "/demo/quiz-live", ready: "quiz-login" },
    // A month before the event no talk runs, whatever the hour the test runs at (a talk in
    // progress would take the shortcut to its own quiz instead).
    { path: "/demo/podium", ready: "quiz-shortcut-none", at: new Date(Date.now() - 30 * 24 * 3600 * 1000) },
  ];
}

describe("accessibility of every main page", () => {
  it("has no serious or critical axe violation, in French and English, on a phone and a desktop", {
    timeout: 300_000,
  }, async () => {
    const found: string[] = [];
    for (const { path, ready, at } of await pages()) {
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
