import type { TestProject } from "vitest/node";
import { buildSpa } from "../../scripts/lib/build-spa";
import { startDemoApps } from "../../scripts/lib/demo-apps";
import { ensureDebianPackage } from "../../scripts/lib/system-packages";
import { TEST_CHROMIUM } from "./browser";
import { E2E_LANES } from "./lane-count";

declare module "vitest" {
  export interface ProvidedContext {
    /** One started app per lane, in lane order (lane k is VITEST_POOL_ID k). */
    baseUrls: string[];
  }
}

/**
 * One app per lane: e2e files run a lane each at a time, so a file only ever shares its app with
 * the files before it in its lane, never with one running beside it (tests/e2e/lanes.ts).
 */
export default async function setup(project: TestProject) {
  ensureDebianPackage(TEST_CHROMIUM.path, TEST_CHROMIUM.packageName);
  if (process.env.E2E_SKIP_BUILD !== "1") buildSpa();
  const apps = await startDemoApps(E2E_LANES);
  project.provide("baseUrls", apps.urls);
  return apps.stop;
}
