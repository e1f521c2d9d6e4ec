import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_QUIZ } from "../../scripts/demo/demo-quiz";
import { DESKTOP, openPage, PHONE, screenshot } from "./browser";
import { setUpDemoBrowser } from "./demo-browser";
import {
  clearMySchedule,
  type DemoSession,
  logIn,
  seriousAccessibilityViolations,
  storeSession,
} from "./schedule-helpers";

const demo = setUpDemoBrowser({ attendee: "attendee@demo.test" });
const { baseUrl } = demo;

async function openSynopsis(viewport: { width: number; height: number }, session?: DemoSession, slug = "demo") {
  const opened = await openPage(demo.browser, viewport);
  if (session) await storeSession(opened.context, session, slug);
  await opened.page.goto(`${baseUrl}/${slug}/synopsis`);
  return opened;
}

/** The zoom's percentage as shown, its narrow no-break space read as a space. */
const zoomValue = async (page: Page) => (await page.getByTestId("zoom-value").textContent())?.replace(/\s/gu, " ");

/** The height a whole day (00:00 to 24:00) would take at the zoom: the columns start at the rail's start. */
const roomHeight = (page: Page) =>
  page
    .getByTestId("synopsis-day")
    .first()
    .getByTestId("hour-label")
    .evaluateAll((labels) => {
      const [first, second] = labels.map((label) => label.getBoundingClientRect().top);
      return Math.round(((second ?? 0) - (first ?? 0)) * 24);
    });

describe("the synopsis on a desktop", () => {
  it("shows the days in order with their long date, a column per room with pills, and the hour rail", async () => {
    const { context, page } = await openSynopsis(DESKTOP);
    await page.getByTestId("synopsis-card").first().waitFor();
    // The first day is drawn at once, the next ones right after.
    await expect.poll(() => page.getByTestId("synopsis-day-title").count()).toBe(3);
    const titles = await page.getByTestId("synopsis-day-title").allInnerTexts();
    expect(titles.map((title) => title.split(/\s+/).slice(0, 2).join(" ").toLowerCase())).toEqual([
      "jour 1",
      "jour 2",
      "jour 3",
    ]);
    expect(titles[0]).toMatch(/\d{4}$/);
    const firstDay = page.getByTestId("synopsis-day").first();
    expect(await firstDay.getByTestId("room-pill").count()).toBe(4);
    expect(await firstDay.getByTestId("synopsis-room").count()).toBe(4);
    // The rail starts an hour before the day's first talk and runs to 24:00.
    const labels = await firstDay.getByTestId("hour-label").allTextContents();
    const firstHour = Number(labels[0]?.slice(0, 2));
    expect(firstHour).toBeGreaterThan(1);
    expect(labels).toHaveLength(25 - firstHour);
    expect(labels.at(-1)).toMatch(/^24:00/);
    // Day 1 is yesterday: every hour is past.
    expect(await firstDay.locator("[data-testid=hour-label][data-past=true]").count()).toBe(labels.length);
    expect(await page.getByTestId("synopsis-day").nth(2).locator("[data-past=true]").count()).toBe(0);
    await screenshot(page, "synopsis-desktop");
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  it("zooms from 50 % with the keyboard: 75 %, 100 %, then 0 %, at the spec's day heights", async () => {
    const { context, page } = await openSynopsis(DESKTOP);
    await page.getByTestId("synopsis-card").first().waitFor();
    expect(await zoomValue(page)).toBe("50 %");
    expect(await roomHeight(page)).toBe(1080);
    await page.getByTestId("zoom-slider").focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => zoomValue(page)).toBe("75 %");
    expect(await roomHeight(page)).toBe(1880);
    await page.keyboard.press("End");
    await expect.poll(() => zoomValue(page)).toBe("100 %");
    expect(await roomHeight(page)).toBe(2380);
    await screenshot(page, "synopsis-zoom-100-desktop");
    await page.keyboard.press("Home");
    await expect.poll(() => zoomValue(page)).toBe("0 %");
    expect(await roomHeight(page)).toBe(800);
    await screenshot(page, "synopsis-zoom-0-desktop");
    await context.close();
  });

  it("filters with 'Filter...' accent-insensitively and says when nothing matches", async () => {
    const { context, page } = await openSynopsis(DESKTOP);
    await page.getByTestId("synopsis-card").first().waitFor();
    await page.getByTestId("synopsis-filter").fill("securite");
    // The days after the first are drawn after it: on a loaded machine that takes over a second.
    // Text content, not inner text: cards away from the screen are not laid out (content-visibility),
    // and the grid opens scrolled to the current time, which at night is far above the talks.
    await expect
      .poll(async () => (await page.getByTestId("synopsis-card").allTextContents()).join("|"), { timeout: 10_000 })
      .toContain("Sécurité des API");
    await page.getByTestId("synopsis-filter").fill("zzzz introuvable");
    await page.getByTestId("synopsis-no-match").waitFor();
    expect(await page.getByTestId("synopsis-no-match").textContent()).toBe(
      "Aucune présentation ne correspond à vos critères.",
    );
    await page.getByTestId("synopsis-filter").fill("");
    await page.getByTestId("synopsis-scope").selectOption("my-presentations");
    // The attendee is no speaker: none of the presentations is theirs.
    await page.getByTestId("synopsis-no-match").waitFor();
    await context.close();
  });

  it("expands a card to its details with FORUM and QUIZ links that keep the query string", async () => {
    const { context, page } = await openPage(demo.browser, DESKTOP);
    await page.goto(`${baseUrl}/demo/synopsis?viewmode=virtual`);
    const card = page.getByTestId("synopsis-card").first();
    await card.getByTestId("synopsis-card-expand").click();
    await card.getByTestId("synopsis-card-details").waitFor();
    const id = await card.getAttribute("data-presentation-id");
    // Anonymous: the links ask for a login, then lead to the page with the query kept.
    await card.getByTestId("synopsis-quiz").click();
    await expect.poll(() => new URL(page.url()).searchParams.get("login")).toBe("true");
    expect(await page.evaluate(() => localStorage.getItem("redirect-path"))).toBe(
      `/demo/${id}/quiz-moderator?viewmode=virtual`,
    );
    await context.close();

    const session = demo.sessions.attendee;
    const loggedIn = await openSynopsis(DESKTOP, session);
    const first = loggedIn.page.getByTestId("synopsis-card").first();
    await first.getByTestId("synopsis-card-expand").click();
    expect(await first.getByTestId("synopsis-forum").getAttribute("href")).toMatch(/^\/demo\/\d+\/forum$/);
    await screenshot(loggedIn.page, "synopsis-card-expanded-desktop");
    expect(await seriousAccessibilityViolations(loggedIn.page)).toEqual([]);
    await loggedIn.context.close();
  });

  it("opens an 'N Presentations' group in a focus-trapped side drawer, adds and removes a presentation", async () => {
    const session = demo.sessions.attendee;
    await clearMySchedule(baseUrl, session);
    const { context, page } = await openSynopsis(DESKTOP, session);
    const group = page.getByTestId("synopsis-group").first();
    await group.waitFor();
    expect(await group.textContent()).toMatch(/5 présentations/);
    await group.click();
    const drawer = page.getByTestId("group-drawer");
    await drawer.waitFor();
    expect(await drawer.getByTestId("drawer-presentation").count()).toBe(5);
    expect(await drawer.textContent()).toContain("Jour 2");

    const toggle = drawer.getByTestId("calendar-toggle").first();
    expect(await toggle.textContent()).toMatch(/^Ajouter à mon calendrier/);
    const added = page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().includes("/my-schedule/"));
    await toggle.click();
    expect((await added).status()).toBe(200);
    await expect.poll(() => toggle.textContent()).toMatch(/^Retirer de mon calendrier/);
    await screenshot(page, "synopsis-drawer-desktop");
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Focus stays in the drawer however far one tabs.
    for (let press = 0; press < 15; press++) {
      await page.keyboard.press("Tab");
      expect(await drawer.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
    const removed = page.waitForResponse((r) => r.request().method() === "DELETE" && r.url().includes("/my-schedule/"));
    await toggle.click();
    expect((await removed).status()).toBe(200);
    await expect.poll(() => toggle.getAttribute("data-scheduled")).toBe("false");
    await page.keyboard.press("Escape");
    await expect.poll(() => drawer.count()).toBe(0);
    expect(await group.evaluate((button) => button === document.activeElement)).toBe(true);
    await context.close();
  });

  it("only warns an anonymous visitor who adds from the drawer", async () => {
    const { context, page } = await openSynopsis(DESKTOP);
    let changes = 0;
    page.on("request", (request) => {
      if (request.url().includes("/my-schedule/")) changes++;
    });
    await page.getByTestId("synopsis-group").first().click();
    await page.getByTestId("group-drawer").getByTestId("calendar-toggle").first().click();
    await page.getByTestId("my-schedule-warning").waitFor();
    expect(
      await page.getByTestId("group-drawer").getByTestId("calendar-toggle").first().getAttribute("data-scheduled"),
    ).toBe("false");
    expect(changes).toBe(0);
    await context.close();
  });
});

describe("the 'active quizzes only' filter", () => {
  const HOUR = 3_600_000;
  let moderator: DemoSession;
  let talkId: number;
  let original: Record<string, unknown>;

  /** The moderator's quiz settings call, as the sidebar of the question editor makes it. */
  const putSettings = async (settings: Record<string, unknown>) => {
    const response = await fetch(`${baseUrl}/api/quiz/${talkId}/settings`, {
      method: "PUT",
      headers: { authorization: `Bearer ${moderator.token}`, "content-type": "application/json" },
      body: JSON.stringify(settings),
    });
    expect(response.status).toBe(200);
  };
  const shownIds = (page: Page) =>
    page
      .getByTestId("synopsis-card")
      .evaluateAll((cards) => cards.map((card) => card.getAttribute("data-presentation-id")));

  beforeAll(async () => {
    moderator = await logIn(baseUrl, "moderator@demo.test");
    const schedule = (await (await fetch(`${baseUrl}/api/public/schedule/demo`)).json()) as {
      data: { presentations: { _id: number; name: string }[] };
    };
    const talk = schedule.data.presentations.find((presentation) => presentation.name === DEMO_QUIZ.presentationName);
    if (!talk) throw new Error("the demo quiz's presentation is not in the demo schedule");
    talkId = talk._id;
    const current = await fetch(`${baseUrl}/api/quiz/${talkId}/settings`, {
      headers: { authorization: `Bearer ${moderator.token}` },
    });
    const { live, timer, questions_from_time, questions_to_time, results_from_time, results_to_time } = (
      (await current.json()) as { data: Record<string, unknown> }
    ).data;
    original = { live, timer, questions_from_time, questions_to_time, results_from_time, results_to_time };
  });
  afterAll(async () => {
    // The live quiz tests expect the demo's quiz as the seed left it.
    await putSettings(original);
  });

  /** A self-paced quiz whose questions are open from an hour ago to an hour from now. */
  const openQuestionsAroundNow = () => {
    const now = Date.now();
    return putSettings({
      ...original,
      live: false,
      questions_from_time: new Date(now - HOUR).toISOString(),
      questions_to_time: new Date(now + HOUR).toISOString(),
      results_from_time: new Date(now + HOUR).toISOString(),
      results_to_time: new Date(now + 2 * HOUR).toISOString(),
    });
  };

  it("keeps the presentations whose self-paced questions are open, and follows the moderator without a reload", async () => {
    await openQuestionsAroundNow();
    const listed = (await (await fetch(`${baseUrl}/api/quiz/active?slug=demo`)).json()) as {
      data: { presentations: { id: number; non_live_questions_active: boolean }[] };
    };
    const open = listed.data.presentations.filter((p) => p.non_live_questions_active).map((p) => String(p.id));
    expect(open).toContain(String(talkId));

    const { context, page } = await openSynopsis(DESKTOP, demo.sessions.attendee);
    await page.getByTestId("synopsis-card").first().waitFor();
    // On a desktop too the filters beyond the text and the scope fold behind one button.
    await page.getByTestId("synopsis-filters-button").click();
    const filter = page.getByTestId("active-quizzes");
    await expect.poll(() => filter.isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByTestId("active-quizzes-count").textContent()).toBe(String(open.length));
    await filter.check();
    await expect.poll(async () => (await shownIds(page)).sort()).toEqual([...open].sort());
    await screenshot(page, "synopsis-active-quizzes-desktop");
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The moderator closes the window: the open page drops the presentation by itself.
    await putSettings(original);
    await expect.poll(() => shownIds(page), { timeout: 10_000 }).not.toContain(String(talkId));
    await expect.poll(() => page.getByTestId("active-quizzes-count").textContent()).toBe(String(open.length - 1));
    if (open.length === 1) await page.getByTestId("synopsis-no-match").waitFor();
    await context.close();
  });

  it("is a labelled switch on a phone, in English too", async () => {
    await openQuestionsAroundNow();
    const { context, page } = await openPage(demo.browser, PHONE);
    await storeSession(context, demo.sessions.attendee);
    await context.addInitScript(() => localStorage.setItem("locale", "en"));
    await page.goto(`${baseUrl}/demo/synopsis`);
    // On a phone the filters are folded behind one button.
    await page.getByRole("button", { name: "Filters" }).click();
    const filter = page.getByRole("checkbox", { name: "Active quizzes only" });
    await expect.poll(() => filter.isEnabled(), { timeout: 10_000 }).toBe(true);
    await filter.focus();
    await page.keyboard.press("Space");
    await expect.poll(() => filter.isChecked()).toBe(true);
    await page.locator(`[data-testid="synopsis-card"][data-presentation-id="${talkId}"]`).waitFor();
    await screenshot(page, "synopsis-active-quizzes-phone-en");
    await context.close();
  });
});

describe("the synopsis on a phone", () => {
  it("shows one day and one room at a time with previous and next arrows, opening on today", async () => {
    const session = demo.sessions.attendee;
    const { context, page } = await openSynopsis(PHONE, session);
    // The demo runs: its second day is today.
    await expect.poll(() => page.getByTestId("day-label").textContent()).toMatch(/^Jour 2/);
    expect(await page.getByTestId("synopsis-room").count()).toBe(1);
    await page.getByTestId("day-previous").click();
    await expect.poll(() => page.getByTestId("day-label").textContent()).toMatch(/^Jour 1/);
    expect(await page.getByTestId("day-previous").isDisabled()).toBe(true);
    expect(await page.getByTestId("room-label").textContent()).toContain("Salle 1 sur 4");
    await screenshot(page, "synopsis-phone");

    await page.getByTestId("room-next").click();
    await expect.poll(() => page.getByTestId("room-label").textContent()).toContain("Salle 2 sur 4");
    await page.getByTestId("day-next").click();
    await expect.poll(() => page.getByTestId("day-label").textContent()).toMatch(/^Jour 2/);
    // A new day starts at its first room.
    expect(await page.getByTestId("room-label").textContent()).toContain("Salle 1 sur 4");
    await page.getByTestId("day-next").click();
    await expect.poll(() => page.getByTestId("day-label").textContent()).toMatch(/^Jour 3/);
    expect(await page.getByTestId("day-next").isDisabled()).toBe(true);
    expect(await page.getByTestId("synopsis-room").count()).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  it("opens a group as a full-screen list", async () => {
    const session = demo.sessions.attendee;
    const { context, page } = await openSynopsis(PHONE, session);
    // The synopsis opens on today, the demo's day 2.
    await expect.poll(() => page.getByTestId("day-label").textContent()).toMatch(/^Jour 2/);
    // The demo's group of lightning talks is in its fourth room on day 2.
    for (let room = 0; room < 3 && (await page.getByTestId("synopsis-group").count()) === 0; room++) {
      await page.getByTestId("room-next").click();
    }
    await page.getByTestId("synopsis-group").first().click();
    const drawer = page.getByTestId("group-drawer");
    await drawer.waitFor();
    const box = await drawer.boundingBox();
    expect(box?.width).toBe(PHONE.width);
    expect(box?.height).toBe(PHONE.height);
    await screenshot(page, "synopsis-drawer-phone");
    await drawer.getByTestId("drawer-close").click();
    await expect.poll(() => drawer.count()).toBe(0);
    await context.close();
  });
});

describe("synopsis access", () => {
  it("asks for a login where the event has no anonymous access", async () => {
    const opened = await openPage(demo.browser, PHONE);
    await opened.context.addInitScript(() => localStorage.setItem("event-password:demo-private", "salon2026"));
    await opened.page.goto(`${baseUrl}/demo-private/synopsis`);
    await opened.page.getByTestId("synopsis-login").waitFor({ state: "attached" });
    expect(await opened.page.getByTestId("synopsis").count()).toBe(0);
    await opened.context.close();
  });
});
