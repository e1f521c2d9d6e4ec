import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, PHONE, screenshot, TAKE_SCREENSHOTS } from "./browser";
import { laneBaseUrl } from "./lanes";
import { type DemoSession, logIn } from "./schedule-helpers";

const baseUrl = laneBaseUrl();
/**
 * How long a change may take to show in another browser here. The page never polls, so a change
 * that shows came through the room; the 1 s promise itself is measured by `npm run bench:forum -- --qa`.
 */
const LIVE_TIMEOUT_MS = 5_000;

let browser: Browser;
let talk: number;
const sessions = {} as Record<"attendee" | "moderator", DemoSession>;

/** A browser of its own in `locale`, logged in as the login overlay leaves it, on the talk's Questions tab. */
async function openAs(session: DemoSession, viewport: { width: number; height: number }, locale: "fr" | "en" = "fr") {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(
    ([stored, chosen]) => {
      localStorage.setItem("session:demo", stored as string);
      localStorage.setItem("locale", chosen as string);
    },
    [JSON.stringify(session), locale],
  );
  const page = await context.newPage();
  await page.goto(`${baseUrl}/demo/${talk}/questions`);
  await page.locator('[data-testid="qa-live"][data-live]').waitFor();
  return page;
}

/** The ids of the open questions as the page lists them, top first. */
const shownOrder = (page: Page) =>
  page
    .getByTestId("qa-open-list")
    .getByTestId("qa-question")
    .evaluateAll((items) => items.map((item) => Number(item.getAttribute("data-question-id"))));

async function askThroughApi(session: DemoSession, question: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/qa/${talk}/questions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${session.token}` },
    body: JSON.stringify({ question }),
  });
  if (response.status !== 201) throw new Error(`ask: ${response.status}`);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const schedule = (await (await fetch(`${baseUrl}/api/public/schedule/demo`)).json()) as {
    data: { presentations: { _id: number }[] };
  };
  const chosen = schedule.data.presentations[6];
  if (!chosen) throw new Error("the demo schedule has too few presentations");
  talk = chosen._id;
  sessions.attendee = await logIn(baseUrl, "attendee@demo.test");
  sessions.moderator = await logIn(baseUrl, "moderator@demo.test");
});

afterAll(async () => {
  await browser.close();
});

describe("the Questions tab, live in two browsers", () => {
  it("a question asked in one browser shows in the other, and a vote re-sorts the list there", async () => {
    const attendee = await openAs(sessions.attendee, DESKTOP);
    const moderator = await openAs(sessions.moderator, PHONE);
    const first = await askThroughApi(sessions.moderator, `Première question ${Date.now()}`);

    const text = `Les slides seront-elles en ligne ? ${Date.now()}`;
    await attendee.getByTestId("qa-ask-text").fill(text);
    const seen = moderator.getByTestId("qa-question").filter({ hasText: text }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await attendee.getByTestId("qa-ask-submit").click();
    await seen;
    const asked = Number(
      await moderator.getByTestId("qa-question").filter({ hasText: text }).getAttribute("data-question-id"),
    );
    const question = (page: Page, id = asked) => page.locator(`[data-testid="qa-question"][data-question-id="${id}"]`);

    // Before anyone votes, the asker rewords it in place; the other browser reads the new words live.
    await question(attendee).scrollIntoViewIfNeeded();
    await screenshot(attendee, "qa-own-question-desktop-fr");
    await question(attendee).getByTestId("qa-edit").click();
    await attendee.getByTestId("qa-edit-form").scrollIntoViewIfNeeded();
    await screenshot(attendee, "qa-edit-desktop-fr");
    const reworded = `Les slides seront-elles en ligne, en PDF ? ${Date.now()}`;
    await attendee.getByTestId("qa-edit-text").fill(reworded);
    const rewordSeen = question(moderator).filter({ hasText: reworded }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await attendee.getByTestId("qa-edit-save").click();
    await rewordSeen;
    expect(await question(attendee).getByTestId("qa-text").textContent()).toBe(reworded);
    // Nobody else is offered to edit it.
    expect(await question(moderator).getByTestId("qa-edit").count()).toBe(0);

    // Equal votes: the older question first.
    await expect.poll(() => shownOrder(attendee)).toEqual(expect.arrayContaining([first, asked]));
    const before = await shownOrder(attendee);
    expect(before.indexOf(first)).toBeLessThan(before.indexOf(asked));

    await question(moderator).getByTestId("qa-vote").click();
    await expect
      .poll(
        async () => {
          const order = await shownOrder(attendee);
          return order.indexOf(asked) < order.indexOf(first);
        },
        { timeout: LIVE_TIMEOUT_MS },
      )
      .toBe(true);
    // The voter's own button turns on when the room's change reaches their page too.
    await expect
      .poll(() => question(moderator).getByTestId("qa-vote").getAttribute("data-voted"), { timeout: LIVE_TIMEOUT_MS })
      .toBe("true");
    // A vote given to its words, the asker may no longer change them.
    await expect.poll(() => question(attendee).getByTestId("qa-edit").count(), { timeout: LIVE_TIMEOUT_MS }).toBe(0);

    await screenshot(attendee, "qa-attendee-desktop-fr");
    await screenshot(moderator, "qa-moderator-phone-fr");
    // The moderator's four lists keep one line each on a phone (the list scrolls sideways).
    const tabs = moderator.getByRole("tab");
    expect(await tabs.count()).toBe(4);
    const linesPerTab = await tabs.evaluateAll((items) =>
      items.map((item) => {
        const text = document.createRange();
        text.selectNodeContents(item);
        return new Set(Array.from(text.getClientRects(), (line) => Math.round(line.top))).size;
      }),
    );
    expect(linesPerTab).toEqual([1, 1, 1, 1]);
    await tabs.first().evaluate((tab) => tab.scrollIntoView({ block: "center" }));
    await screenshot(moderator, "qa-moderator-tabs-phone-fr");
    // In English too, a question's time is on the 24-hour clock.
    const inEnglish = await openAs(sessions.attendee, PHONE, "en");
    expect(await question(inEnglish).locator("time").textContent()).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
    if (TAKE_SCREENSHOTS) {
      // The moderator's own question (asked first, no vote) has Edit beside the decisions.
      await question(moderator, first).scrollIntoViewIfNeeded();
      await screenshot(moderator, "qa-own-question-phone-fr");
      await question(moderator, first).getByTestId("qa-edit").click();
      await moderator.getByTestId("qa-edit-form").scrollIntoViewIfNeeded();
      await screenshot(moderator, "qa-edit-phone-fr");
      const own = await askThroughApi(sessions.attendee, `Is there a recording of this talk? ${Date.now()}`);
      const english = await openAs(sessions.attendee, PHONE, "en");
      await screenshot(english, "qa-attendee-phone-en");
      await question(english, own).scrollIntoViewIfNeeded();
      await screenshot(english, "qa-own-question-phone-en");
      await question(english, own).getByTestId("qa-edit").click();
      await english.getByTestId("qa-edit-form").scrollIntoViewIfNeeded();
      await screenshot(english, "qa-edit-phone-en");
      // A vote comes first: the server's reason shows under the box, the question keeps its words.
      await fetch(`${baseUrl}/api/qa/questions/${own}/vote`, {
        method: "POST",
        headers: { authorization: `Bearer ${sessions.moderator.token}` },
      });
      // The vote re-sorts the list: wait for it, so the press lands on Save and not mid-move.
      await question(english, own).getByTestId("qa-votes").filter({ hasText: "1" }).waitFor();
      await english.getByTestId("qa-edit-text").fill("Reworded too late?");
      await english.getByTestId("qa-edit-save").click();
      await english.getByTestId("qa-edit-error").filter({ hasText: "can no longer be edited" }).waitFor();
      await english.getByTestId("qa-edit-error").scrollIntoViewIfNeeded();
      await screenshot(english, "qa-edit-locked-phone-en");
      await english.getByTestId("qa-edit-text").press("Escape");
      expect(await question(english, own).getByTestId("qa-text").textContent()).toMatch(/^Is there a recording/);
      const englishModerator = await openAs(sessions.moderator, DESKTOP, "en");
      await screenshot(englishModerator, "qa-moderator-desktop-en");
      await question(englishModerator, first).scrollIntoViewIfNeeded();
      await screenshot(englishModerator, "qa-own-question-desktop-en");
      await question(englishModerator, first).getByTestId("qa-edit").click();
      await englishModerator.getByTestId("qa-edit-form").scrollIntoViewIfNeeded();
      await screenshot(englishModerator, "qa-edit-desktop-en");
      await englishModerator.goto(`${baseUrl}/demo/${talk}/qa-presenter`);
      await englishModerator.getByTestId("qa-presenter-question").first().waitFor();
      await screenshot(englishModerator, "qa-presenter-desktop-en");
      // The featured question on the quiz's big-screen link.
      const auth = { authorization: `Bearer ${sessions.moderator.token}`, "content-type": "application/json" };
      await fetch(`${baseUrl}/api/qa/${talk}/featured`, {
        method: "PUT",
        headers: auth,
        body: JSON.stringify({ questionId: asked }),
      });
      const link = (await (await fetch(`${baseUrl}/api/quiz/${talk}/screen-link`, { headers: auth })).json()) as {
        token: string;
      };
      await englishModerator.goto(`${baseUrl}/screen_link/${link.token}`);
      await englishModerator.getByTestId("qa-screen-featured").waitFor();
      await screenshot(englishModerator, "qa-big-screen-desktop-en", 500);
      await fetch(`${baseUrl}/api/qa/${talk}/featured`, { method: "PUT", headers: auth, body: '{"questionId":null}' });
    }
  });

  it("the asker alone sees their question awaiting approval, with Edit and no vote, until it is approved", async () => {
    const auth = { authorization: `Bearer ${sessions.moderator.token}`, "content-type": "application/json" };
    const approval = (requireApproval: boolean) =>
      fetch(`${baseUrl}/api/qa/${talk}/settings`, {
        method: "PUT",
        headers: auth,
        body: JSON.stringify({ requireApproval, allowAnonymous: false }),
      });
    await approval(true);
    try {
      const attendee = await openAs(sessions.attendee, PHONE);
      const text = `Une question à valider ? ${Date.now()}`;
      await attendee.getByTestId("qa-ask-text").fill(text);
      await attendee.getByTestId("qa-ask-submit").click();
      const mine = attendee.getByTestId("qa-question").filter({ hasText: text });
      await mine.getByTestId("qa-pending").waitFor();
      await attendee.getByTestId("qa-pending-note").waitFor();
      expect(await mine.getByTestId("qa-edit").count()).toBe(1);
      expect(await mine.getByTestId("qa-vote").count()).toBe(0);
      await mine.scrollIntoViewIfNeeded();
      await screenshot(attendee, "qa-own-pending-phone-fr");
      const id = Number(await mine.getAttribute("data-question-id"));
      if (TAKE_SCREENSHOTS) {
        const desktop = await openAs(sessions.attendee, DESKTOP, "en");
        await desktop.getByTestId("qa-pending").first().waitFor();
        await desktop.getByTestId("qa-pending").first().scrollIntoViewIfNeeded();
        await screenshot(desktop, "qa-own-pending-desktop-en");
      }
      // Approved, the room's push turns the asker's copy open: one item, no longer marked.
      await fetch(`${baseUrl}/api/qa/questions/${id}`, { method: "PATCH", headers: auth, body: '{"status":"open"}' });
      await expect.poll(() => mine.getByTestId("qa-pending").count(), { timeout: LIVE_TIMEOUT_MS }).toBe(0);
      expect(await attendee.locator(`[data-question-id="${id}"]`).count()).toBe(1);
      expect(await mine.getByTestId("qa-vote").count()).toBe(1);
    } finally {
      await approval(false);
    }
  });
});
