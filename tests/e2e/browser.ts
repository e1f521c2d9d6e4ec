import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

export const SCREENSHOT_DIR = join(import.meta.dirname, "..", "..", "test-results", "screenshots");

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1440, height: 900 };

/**
 * Debian's Chromium, headless, with the flags this offline machine needs. Playwright gives
 * every launch a fresh temporary profile (it refuses an explicit --user-data-dir).
 */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
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
