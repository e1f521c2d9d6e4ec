import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot } from "./browser";
import { laneBaseUrl } from "./lanes";
import { logIn, storeSession } from "./schedule-helpers";

const baseUrl = laneBaseUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe("the event home", () => {
  for (const [label, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`shows the demo schedule with day headers and presentation names on a ${label}`, async () => {
      const { context, page } = await openPage(browser, viewport);
      await page.goto(`${baseUrl}/demo`);
      await page.getByTestId("presentation-card").first().waitFor();
      expect(await page.getByTestId("presentation-card").count()).toBeGreaterThanOrEqual(40);
      expect(await page.getByTestId("day-header").count()).toBe(3);
      await expect.poll(() => page.getByText("Jour 1").first().isVisible()).toBe(true);
      await screenshot(page, `event-home-fr-${label}`);
      await context.close();
    });
  }

  it("switches to English and back, and remembers the choice after a reload", async () => {
    const { context, page } = await openPage(browser, DESKTOP);
    await page.goto(`${baseUrl}/demo`);
    await page.getByTestId("presentation-card").first().waitFor();
    await page.getByTestId("locale-en").click();
    await page.getByText("Day 1").first().waitFor();
    await screenshot(page, "event-home-en-desktop");
    await page.reload();
    await page.getByText("Day 1").first().waitFor();
    await page.getByTestId("locale-fr").click();
    await page.getByText("Jour 1").first().waitFor();
    await context.close();
  });

  it("shows the Invalid link screen without an event slug", async () => {
    const { context, page } = await openPage(browser, PHONE);
    await page.goto(`${baseUrl}/`);
    await page.getByTestId("invalid-link").waitFor();
    await screenshot(page, "invalid-link-phone");
    // No event named: no schedule to go back to.
    expect(await page.getByTestId("invalid-link-back").count()).toBe(0);
    await context.close();
  });

  it("draws the Invalid link screen in the event's colours when the path names an event", async () => {
    for (const [name, viewport] of [
      ["375", PHONE],
      ["1440", DESKTOP],
    ] as const) {
      const { context, page } = await openPage(browser, viewport);
      await page.goto(`${baseUrl}/visio/record/demo/not-a-recording-link`);
      await page.getByTestId("invalid-link").waitFor();
      // The demo's background, once its basics are in, behind the message.
      await expect
        .poll(() =>
          page.locator("main").evaluate((main) => getComputedStyle(main.parentElement as Element).backgroundColor),
        )
        .toBe("rgb(11, 57, 84)");
      await screenshot(page, `invalid-link-event-${name}-fr`);
      // The event it names is a way back.
      await page.getByTestId("invalid-link-back").click();
      await page.getByTestId("presentation-card").first().waitFor();
      expect(new URL(page.url()).pathname).toBe("/demo");
      await context.close();
    }
  });
});

describe("the real runtime", () => {
  it("answers a login with an unknown e-mail like a wrong password, never with a 500", async () => {
    const response = await fetch(`${baseUrl}/api/event-engagement/demo/user-login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-locale": "en", "cf-connecting-ip": "198.51.100.7" },
      body: JSON.stringify({ email: "nobody-here@example.org", password: "whatever-pass" }),
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      "Invalid Username or Password",
    );
  });
});

describe("a protected event that lets no one in anonymously (demo-private)", () => {
  const PASSWORD = "salon2026";

  it("asks for the password, refuses a wrong one, then asks for a login and shows the schedule to a member", async () => {
    const { context, page } = await openPage(browser, PHONE);
    await page.goto(`${baseUrl}/demo-private`);
    await page.getByTestId("password-input").waitFor();
    await screenshot(page, "password-prompt-phone");
    await page.getByTestId("password-input").fill("wrong-password");
    await page.getByTestId("password-submit").click();
    await page.getByTestId("invalid-password").waitFor();
    expect(await page.getByTestId("invalid-password").textContent()).toContain("Mot de passe invalide");
    await page.getByTestId("password-input").fill(PASSWORD);
    await page.getByTestId("password-submit").click();
    // The right password is not enough: the programme is for members, so the login is forced.
    await page.getByTestId("login-overlay").waitFor();
    expect(await page.getByTestId("login-close").count()).toBe(0);
    expect(await page.getByTestId("presentation-card").count()).toBe(0);
    await screenshot(page, "private-login-phone");
    await page.getByTestId("login-email").fill("attendee@demo.test");
    await page.getByTestId("login-password").fill("demo-pass");
    await page.getByTestId("login-submit").click();
    await page.getByTestId("presentation-card").first().waitFor();
    expect(await page.getByTestId("login-overlay").count()).toBe(0);
    await screenshot(page, "private-schedule-phone");
    await page.reload();
    await page.getByTestId("presentation-card").first().waitFor();
    await context.close();
  });

  it("lets a member download a talk's .ics file, and says why when the download is refused", async () => {
    const { context, page } = await openPage(browser, PHONE);
    await storeSession(context, await logIn(baseUrl, "speaker@demo.test", "demo-private"), "demo-private");
    await page.goto(`${baseUrl}/demo-private`);
    await page.getByTestId("password-input").fill(PASSWORD);
    await page.getByTestId("password-submit").click();
    const card = page.getByTestId("presentation-card").first();
    await card.getByTestId("card-expand").click();
    const [download] = await Promise.all([page.waitForEvent("download"), card.getByTestId("add-to-calendar").click()]);
    expect(download.suggestedFilename()).toMatch(/^demo-private-\d+\.ics$/);
    const file = await download.path();
    expect(readFileSync(file, "utf8")).toContain("BEGIN:VCALENDAR");
    expect(await card.getByTestId("add-to-calendar-error").count()).toBe(0);
    await screenshot(page, "private-card-calendar-phone");

    // A refused download (the session ended meanwhile, say) says so in the reader's language.
    await page.route("**/calendar.ics*", (route) =>
      route.fulfill({
        status: 401,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "login-required", message: "members only" } }),
      }),
    );
    await card.getByTestId("add-to-calendar").click();
    await card.getByTestId("add-to-calendar-error").waitFor();
    expect(await card.getByTestId("add-to-calendar-error").textContent()).toContain("réservé à ses membres");
    await screenshot(page, "private-card-calendar-error-phone");
    await context.close();
  });
});
