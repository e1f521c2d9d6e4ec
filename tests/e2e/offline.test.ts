import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot } from "./browser";
import { setUpDemoBrowser } from "./demo-browser";
import { type DemoSession, logIn, storeSession } from "./schedule-helpers";

const PHONE = { width: 375, height: 812 };
const demo = setUpDemoBrowser({ moderator: "moderator@demo.test", attendee: "attendee@demo.test" });

async function scheduledIds(session: DemoSession): Promise<number[]> {
  const response = await fetch(`${demo.baseUrl}/api/me/schedule`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  return ((await response.json()) as { data: { presentationIds: number[] } }).data.presentationIds;
}

/** Puts `presentationId` in the user's schedule, or takes it out, through the API. */
async function setScheduled(session: DemoSession, presentationId: number, scheduled: boolean): Promise<void> {
  const basics = (await (await fetch(`${demo.baseUrl}/api/public/schedule-basic/demo`)).json()) as {
    data: { event: { _id: number } };
  };
  const path = `${demo.baseUrl}/api/speaker-data/${presentationId}/my-schedule/${basics.data.event._id}`;
  const headers = { authorization: `Bearer ${session.token}`, "content-type": "application/json" };
  const response = scheduled
    ? await fetch(path, { method: "PATCH", headers, body: JSON.stringify({ id: session.user.id }) })
    : await fetch(`${path}/${session.user.id}`, { method: "DELETE", headers });
  // Taking out a talk that is not in the schedule may answer 404.
  if (!response.ok && scheduled) throw new Error(`scheduling failed: ${response.status}`);
}

/** Every cached answer of a personal read (`/api/me/*`), in any cache of the page's origin. */
function personalCopies(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const found: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys())
        if (new URL(request.url).pathname.startsWith("/api/me/")) found.push(`${name}: ${request.url}`);
    }
    return found;
  });
}

/** Every cached answer of the programme of `slug` (`/api/public/schedule/{slug}…`), in any cache of the page's origin. */
function programmeCopies(page: Page, slug: string): Promise<string[]> {
  return page.evaluate(async (base) => {
    const found: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        const { pathname } = new URL(request.url);
        if (pathname === base || pathname.startsWith(`${base}/`)) found.push(`${name}: ${request.url}`);
      }
    }
    return found;
  }, `/api/public/schedule/${slug}`);
}

/** Waits until the page's next personal schedule read is answered (by the network or a copy) or fails. */
function personalScheduleRead(page: Page): Promise<unknown> {
  const isIt = (url: string) => new URL(url).pathname === "/api/me/schedule";
  return Promise.race([
    page.waitForResponse((response) => isIt(response.url())),
    page.waitForEvent("requestfailed", (request) => isIt(request.url())),
  ]);
}

/**
 * A member of the demo's event for members only, behind its password, on a phone whose service
 * worker controls the page and has kept a copy of the programme.
 */
async function memberOfPrivateEventOnPhone() {
  const slug = "demo-private";
  const member = await logIn(demo.baseUrl, "attendee@demo.test", slug);
  const context = await demo.browser.newContext({ viewport: PHONE, locale: "fr-FR" });
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "webdriver", { get: () => false }));
  const page = await context.newPage();
  await page.goto(`${demo.baseUrl}/${slug}`);
  await page.evaluate(
    ([key, session]) => {
      localStorage.setItem(`event-password:${key}`, "salon2026");
      localStorage.setItem(`session:${key}`, session as string);
    },
    [slug, JSON.stringify(member)],
  );
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.getByTestId("presentation-card").first().waitFor();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect.poll(() => programmeCopies(page, slug), { timeout: 10_000 }).not.toEqual([]);
  return { slug, member, context, page };
}

describe("the event offline", () => {
  it("keeps the schedule and the synopsis readable with the network cut, queues a my-schedule change and sends it when the network is back", async () => {
    const session = demo.sessions.moderator;
    const context = await demo.browser.newContext({ viewport: PHONE, locale: "fr-FR" });
    // The app leaves the service worker out under automation; this browser stands for a person's.
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "webdriver", { get: () => false }));
    await storeSession(context, session);
    const page = await context.newPage();
    await page.goto(`${demo.baseUrl}/demo`);
    await page.getByTestId("presentation-card").first().waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Once the worker controls the page, its reads (and the synopsis' code) are kept for later.
    await page.reload();
    await page.getByTestId("presentation-card").first().waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.goto(`${demo.baseUrl}/demo/synopsis`);
    await page.getByTestId("synopsis-card").first().waitFor();
    await page.goto(`${demo.baseUrl}/demo`);
    const card = page.getByTestId("presentation-card").first();
    const presentationId = Number(await card.getAttribute("data-presentation-id"));
    const toggle = () => page.locator(`[data-presentation-id="${presentationId}"]`).getByTestId("my-schedule-toggle");
    await toggle().waitFor();
    const wasScheduled = (await scheduledIds(session)).includes(presentationId);
    expect(await toggle().getAttribute("data-scheduled")).toBe(String(wasScheduled));

    // The synopsis' last copy as a build before an update of the app wrote it: it names an entry
    // script the precache no longer holds. Offline, the app shell stands in for it.
    await page.evaluate(async (url) => {
      const pages = await caches.open("pages");
      const copy = await pages.match(url);
      if (!copy) throw new Error(`no last copy of ${url}`);
      const original = await copy.text();
      const html = original.replace(/src="\/assets\/app-/, 'src="/assets/app-of-an-older-build-');
      if (html === original) throw new Error("the copy names no entry script");
      await pages.put(url, new Response(html, { headers: copy.headers }));
    }, `${demo.baseUrl}/demo/synopsis`);

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId("presentation-card").first().waitFor();
    await page.getByTestId("offline-banner").waitFor();
    expect(await page.getByTestId("offline-banner").textContent()).toContain("Hors ligne");
    await toggle().click();
    expect(await toggle().getAttribute("data-scheduled")).toBe(String(!wasScheduled));
    await screenshot(page, "offline-schedule-phone");
    // Still queued after a reload offline, and not on the server yet.
    await page.reload();
    await expect.poll(() => toggle().getAttribute("data-scheduled"), { timeout: 10_000 }).toBe(String(!wasScheduled));
    expect((await scheduledIds(session)).includes(presentationId)).toBe(wasScheduled);
    await page.goto(`${demo.baseUrl}/demo/synopsis`);
    await page.getByTestId("synopsis-card").first().waitFor();

    await context.setOffline(false);
    await page.getByTestId("offline-banner").waitFor({ state: "detached" });
    await expect
      .poll(async () => (await scheduledIds(session)).includes(presentationId), { timeout: 10_000 })
      .toBe(!wasScheduled);
    await context.close();
  });

  it("forgets a user's schedule and their calendar files at log-out: the next person on the phone never sees them, offline or online", async () => {
    const [leaving, next] = [demo.sessions.attendee, demo.sessions.moderator];
    const context = await demo.browser.newContext({ viewport: PHONE, locale: "fr-FR" });
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "webdriver", { get: () => false }));
    const page = await context.newPage();
    const signIn = (session: DemoSession) =>
      page.evaluate((value) => localStorage.setItem("session:demo", value), JSON.stringify(session));
    await page.goto(`${demo.baseUrl}/demo`);
    const card = page.getByTestId("presentation-card").nth(1);
    await card.waitFor();
    const presentationId = Number(await card.getAttribute("data-presentation-id"));
    await setScheduled(leaving, presentationId, true);
    await setScheduled(next, presentationId, false);
    const toggle = () => page.locator(`[data-presentation-id="${presentationId}"]`).getByTestId("my-schedule-toggle");
    await signIn(leaving);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => toggle().getAttribute("data-scheduled"), { timeout: 10_000 }).toBe("true");
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // The service worker keeps its copy after it has answered the page: wait for it to be written.
    await expect.poll(() => personalCopies(page), { timeout: 10_000 }).toHaveLength(1);
    // The talk's calendar file fetched with the member's token carries their reminder: it is kept
    // as theirs, under their session, never with the copies every reader of the phone gets.
    const calendarCopies = async () =>
      (await programmeCopies(page, "demo")).filter((copy) => copy.includes("/calendar.ics"));
    await page.evaluate(
      async ({ url, token }) => {
        await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      },
      { url: `/api/public/schedule/demo/${presentationId}/calendar.ics`, token: leaving.token },
    );
    await expect
      .poll(calendarCopies, { timeout: 10_000 })
      .toEqual([expect.stringMatching(/^personal-reads: .*\/calendar\.ics\?offline-copy-of=[0-9a-f]{64}$/)]);

    await page.getByRole("button", { name: /menu/i }).first().click();
    await page.getByTestId("menu-logout").click();
    await page.getByTestId("login-overlay").waitFor();
    await expect.poll(() => personalCopies(page), { timeout: 10_000 }).toEqual([]);
    expect(await calendarCopies()).toEqual([]);
    // The programme of an event open to everyone stays readable offline.
    expect(await programmeCopies(page, "demo")).not.toEqual([]);

    // Someone else signs in on the same phone, with the network cut: their schedule is unknown, not the last one's.
    await signIn(next);
    await context.setOffline(true);
    let read = personalScheduleRead(page);
    await page.goto(`${demo.baseUrl}/demo`);
    await read;
    await page.getByTestId("offline-banner").waitFor();
    await page.waitForTimeout(500);
    expect(await toggle().getAttribute("data-scheduled")).toBe("false");

    await context.setOffline(false);
    read = personalScheduleRead(page);
    await page.goto(`${demo.baseUrl}/demo`);
    await read;
    await toggle().waitFor();
    await page.waitForTimeout(500);
    expect(await toggle().getAttribute("data-scheduled")).toBe("false");
    await context.close();
  });

  it("forgets the programme of an event for members only, behind a password, at log-out: offline the phone no longer shows it", async () => {
    const { slug, context, page } = await memberOfPrivateEventOnPhone();

    await page.getByRole("button", { name: /menu/i }).first().click();
    await page.getByTestId("menu-logout").click();
    await page.getByTestId("login-overlay").waitFor();
    await expect.poll(() => programmeCopies(page, slug), { timeout: 10_000 }).toEqual([]);

    await context.setOffline(true);
    await page.reload();
    // The programme's read ends in the retry offer (no copy), or in the talks (a copy was left).
    await page.locator('[data-testid="retry"], [data-testid="presentation-card"]').first().waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("presentation-card").count()).toBe(0);
    await screenshot(page, "offline-closed-event-after-logout-phone");
    await context.close();
  });

  it("forgets the programme of an event for members only when its session ends elsewhere: the refused read deletes the copies, and offline the phone no longer shows it", async () => {
    const { slug, member, context, page } = await memberOfPrivateEventOnPhone();

    // The session ends on another device (every session of the account ends); this phone never logged out.
    const elsewhere = await fetch(`${demo.baseUrl}/api/logout`, {
      method: "POST",
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(elsewhere.status).toBe(200);
    await page.reload();
    await expect.poll(() => programmeCopies(page, slug), { timeout: 10_000 }).toEqual([]);

    await context.setOffline(true);
    await page.reload();
    await page
      .locator('[data-testid="retry"], [data-testid="presentation-card"], [data-testid="login-overlay"]')
      .first()
      .waitFor({ timeout: 15_000 });
    await page.waitForTimeout(500);
    expect(await page.getByTestId("presentation-card").count()).toBe(0);
    await context.close();
  });
});
