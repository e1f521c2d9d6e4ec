import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDevVars } from "../../scripts/lib/dev-vars";
import { DESKTOP, launchBrowser, openPage } from "./browser";
import { laneBaseUrl } from "./lanes";

const baseUrl = laneBaseUrl();
const { adminToken } = ensureDevVars();
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

interface StoredReport {
  kind: string;
  message: string;
  route: string | null;
  release: string | null;
  userAgent: string | null;
}

async function reportsMatching(text: string): Promise<StoredReport[]> {
  const answer = await fetch(`${baseUrl}/api/admin/client-errors?limit=50`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const { data } = (await answer.json()) as { data: StoredReport[] };
  return data.filter((report) => report.message.includes(text));
}

describe("the app's error reports", () => {
  it("sends an uncaught error and an unhandled rejection once each, with the route's pattern and no token", async () => {
    const { context, page } = await openPage(browser, DESKTOP);
    await page.goto(`${baseUrl}/demo?resettoken=e2e-secret-token`);
    await page.getByTestId("presentation-card").first().waitFor();
    const probe = `e2e probe ${Date.now()}`;
    await page.evaluate((message) => {
      setTimeout(() => {
        throw new Error(`${message} thrown`);
      });
      void Promise.reject(new Error(`${message} rejected`));
      // The same error again is not sent again.
      void Promise.reject(new Error(`${message} rejected`));
    }, probe);

    await expect.poll(async () => (await reportsMatching(probe)).length, { timeout: 10_000 }).toBe(2);
    const reports = await reportsMatching(probe);
    expect(reports.map((report) => report.kind).sort()).toEqual(["error", "unhandledrejection"]);
    for (const report of reports) {
      expect(report.route).toBe("/$slug/");
      expect(report.release).toMatch(/^[\w.+-]+$/);
      expect(report.userAgent).toMatch(/Chrome/);
      expect(JSON.stringify(report)).not.toContain("e2e-secret-token");
    }
    await context.close();
  });
});
