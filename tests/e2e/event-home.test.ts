import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot } from "./browser";

const baseUrl = inject("baseUrl");
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
    await context.close();
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

describe("a protected event", () => {
  it("asks for the password, refuses a wrong one and shows the schedule with the right one", async () => {
    const { context, page } = await openPage(browser, PHONE);
    await page.goto(`${baseUrl}/demo-private`);
    await page.getByTestId("password-input").waitFor();
    await screenshot(page, "password-prompt-phone");
    await page.getByTestId("password-input").fill("wrong-password");
    await page.getByTestId("password-submit").click();
    await page.getByTestId("invalid-password").waitFor();
    expect(await page.getByTestId("invalid-password").textContent()).toContain("Mot de passe invalide");
    await page.getByTestId("password-input").fill("salon2026");
    await page.getByTestId("password-submit").click();
    await page.getByTestId("presentation-card").first().waitFor();
    await screenshot(page, "private-schedule-phone");
    await page.reload();
    await page.getByTestId("presentation-card").first().waitFor();
    await context.close();
  });
});
