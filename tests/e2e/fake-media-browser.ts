import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser";
import { laneBaseUrl } from "./lanes";
import { type DemoSession, logIn } from "./schedule-helpers";

/**
 * Debian's Chromium with fake media: a test pattern camera, a beeping microphone, and a screen
 * share granted without a picker (the fake UI flag answers getDisplayMedia with the whole screen).
 */
function launchFakeMediaBrowser(): Promise<Browser> {
  return launchBrowser([
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
    "--autoplay-policy=no-user-gesture-required",
  ]);
}

/** A test file's fake-media Chromium and its demo logins, as setUpDemoBrowser makes them. */
export function setUpFakeMediaBrowser<Name extends string>(accounts: Record<Name, string>) {
  const demo = {
    baseUrl: laneBaseUrl(),
    browser: undefined as unknown as Browser,
    sessions: {} as Record<Name, DemoSession>,
  };
  beforeAll(async () => {
    demo.browser = await launchFakeMediaBrowser();
    for (const [name, email] of Object.entries(accounts) as [Name, string][])
      demo.sessions[name] = await logIn(demo.baseUrl, email);
  });
  afterAll(async () => {
    await demo.browser?.close();
  });
  return demo;
}
