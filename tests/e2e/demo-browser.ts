import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser";
import { laneBaseUrl } from "./lanes";
import { type DemoSession, logIn } from "./schedule-helpers";

/**
 * A test file's Chromium and its logins on the demo event, made once in `beforeAll` (the API
 * rate-limits repeated logins of one account) and closed after the file. Read the fields inside
 * tests and hooks only: they are set when the file starts.
 */
export function setUpDemoBrowser<Name extends string>(accounts: Record<Name, string>) {
  const demo = {
    baseUrl: laneBaseUrl(),
    browser: undefined as unknown as Browser,
    sessions: {} as Record<Name, DemoSession>,
  };
  beforeAll(async () => {
    demo.browser = await launchBrowser();
    for (const [name, email] of Object.entries(accounts) as [Name, string][])
      demo.sessions[name] = await logIn(demo.baseUrl, email);
  });
  afterAll(async () => {
    await demo.browser?.close();
  });
  return demo;
}
