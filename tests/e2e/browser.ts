import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

export const SCREENSHOT_DIR = join(import.meta.dirname, "..", "..", "test-results", "screenshots");

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1440, height: 900 };

/**
 * Debian's headless shell of Chromium: the same Blink and V8 without the desktop browser around
 * them, as Playwright's own headless runs use. The e2e tests spent half as much CPU in it as in
 * the full `chromium --headless` (372 s against 687 s over the whole e2e project), and the e2e
 * tests are what keeps both cores busy. `E2E_CHROMIUM` points them at another build.
 */
export const TEST_CHROMIUM = { path: "/usr/bin/chromium-headless-shell", packageName: "chromium-headless-shell" };

/**
 * That Chromium with the flags this offline machine needs. Playwright gives every launch a fresh
 * temporary profile (it refuses an explicit --user-data-dir).
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.E2E_CHROMIUM ?? TEST_CHROMIUM.path,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...extraArgs,
    ],
  });
  return withReducedMotion(browser);
}

/**
 * Every page the tests open asks for reduced motion, as a reader may: endless animations (the
 * quiz's waiting dots, a live dot, loading shimmers) then stop, instead of keeping software
 * rendering busy repainting for the whole test. A test that needs motion passes its own value.
 */
function withReducedMotion(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options) => newContext({ reducedMotion: "reduce", ...options });
  browser.newPage = (options) => newPage({ reducedMotion: "reduce", ...options });
  return browser;
}

export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: "fr-FR" });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Screenshots are for people to look at, not assertions: `npm test` skips them (each costs a
 * render and a PNG encode, and the accounts journey switched viewports only to take them).
 * `E2E_SCREENSHOTS=1` takes them into test-results/screenshots.
 */
export const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS === "1";

/** Takes `name` after `settleMs` (entrance animations ending), only with E2E_SCREENSHOTS=1. */
export async function screenshot(page: Page, name: string, settleMs = 0): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  if (settleMs > 0) await page.waitForTimeout(settleMs);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: false });
}
