import { describe, expect, it } from "vitest";
import { DESKTOP, openPage, PHONE, screenshot } from "./browser";
import { setUpDemoBrowser } from "./demo-browser";
import { seriousAccessibilityViolations, storeSession } from "./schedule-helpers";

// Day 0 of the demo (yesterday) at 09:00, given by Émilie Durand, the demo speaker: it has started.
const TALK_NAME = "Ouverture : l'innovation au service de tous";
const demo = setUpDemoBrowser({ speaker: "speaker@demo.test", attendee: "attendee@demo.test" });

async function talkId(baseUrl: string): Promise<number> {
  const schedule = (await (await fetch(`${baseUrl}/api/public/schedule/demo`)).json()) as {
    data: { presentations: { _id: number; name: string }[] };
  };
  const talk = schedule.data.presentations.find((presentation) => presentation.name === TALK_NAME);
  if (!talk) throw new Error(`the demo schedule has no talk "${TALK_NAME}"`);
  return talk._id;
}

describe("talk feedback", () => {
  it("an attendee rates a started talk in French and edits it; the speaker reads the summary in English without the attendee's name", {
    timeout: 120_000,
  }, async () => {
    const id = await talkId(demo.baseUrl);
    const first = `Très clair ${Date.now()}`;
    const edited = `Très clair, un peu rapide ${Date.now()}`;

    const attendee = await openPage(demo.browser, PHONE);
    await storeSession(attendee.context, demo.sessions.attendee);
    const { page } = attendee;
    await page.goto(`${demo.baseUrl}/demo/${id}`);
    const form = page.getByTestId("feedback-form");
    await form.waitFor();
    expect(await form.getByRole("heading").textContent()).toBe("Votre avis");
    await page.getByTestId("feedback-star-4").click();
    expect(await page.getByRole("radio", { name: "4 étoiles sur 5" }).isChecked()).toBe(true);
    await page.getByTestId("feedback-comment").fill(first);
    await page.getByTestId("feedback-save").click();
    const outcome = page.getByTestId("feedback-saved").or(page.getByTestId("feedback-error"));
    expect(await outcome.textContent()).toContain("votre avis est enregistré");

    await page.getByTestId("feedback-star-2").click();
    await page.getByTestId("feedback-comment").fill(edited);
    const saved = page.waitForResponse((response) => response.request().method() === "PUT" && response.ok());
    await page.getByTestId("feedback-save").click();
    await saved;
    await page.reload();
    await page.getByTestId("feedback-comment").waitFor();
    expect(await page.getByTestId("feedback-comment").inputValue()).toBe(edited);
    expect(await page.getByRole("radio", { name: "2 étoiles sur 5" }).isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    expect(await seriousAccessibilityViolations(page, { targetSize: true })).toEqual([]);
    await screenshot(page, "talk-feedback-phone");
    await attendee.context.close();

    const speaker = await openPage(demo.browser, DESKTOP);
    await storeSession(speaker.context, demo.sessions.speaker);
    await speaker.context.addInitScript(() => localStorage.setItem("locale", "en"));
    await speaker.page.goto(`${demo.baseUrl}/demo/my-presentations`);
    const summary = speaker.page.locator(`[data-presentation-id="${id}"]`).getByTestId("feedback-summary");
    await summary.getByTestId("feedback-summary-comments").waitFor();
    const text = (await summary.textContent()) ?? "";
    expect(text).toContain("Attendee feedback");
    expect(text).toContain(edited);
    expect(text).not.toContain(first);
    expect(text).not.toContain(demo.sessions.attendee.user.name);
    expect(await seriousAccessibilityViolations(speaker.page)).toEqual([]);
    await screenshot(speaker.page, "talk-feedback-my-presentations-desktop");
    await speaker.context.close();
  });
});
