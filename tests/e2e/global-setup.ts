import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { AdminClient } from "../../scripts/lib/admin-client";
import { buildSpa } from "../../scripts/lib/build-spa";
import { ensureDevVars } from "../../scripts/lib/dev-vars";
import { startLocalProcessor } from "../../scripts/lib/local-processor";
import { applyLocalMigrations, freePort, startLocalServer } from "../../scripts/lib/local-server";
import { ensureDebianPackage } from "../../scripts/lib/system-packages";
import { seedDemo } from "../../scripts/seed";
import { E2E_LANES } from "./lane-count";

declare module "vitest" {
  export interface ProvidedContext {
    /** One started app per lane, in lane order (lane k is VITEST_POOL_ID k). */
    baseUrls: string[];
  }
}

/** The started app, as `npm start` runs it, on its own fresh database with the demo seed. */
async function startLane(tokens: { adminToken: string; processorToken: string }) {
  const stateDir = mkdtempSync(join(tmpdir(), "e2e-state-"));
  await applyLocalMigrations(stateDir);
  const server = await startLocalServer({ port: await freePort(), stateDir, quiet: true });
  await seedDemo(new AdminClient(server.url, tokens.adminToken), server.url);
  // Uploaded versions get processed, as under npm start.
  const processor = startLocalProcessor({ api: server.url, token: tokens.processorToken, quiet: true });
  return {
    url: server.url,
    async stop() {
      await processor.stop();
      await server.stop();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

/**
 * One app per lane: e2e files run a lane each at a time, so a file only ever shares its app with
 * the files before it in its lane, never with one running beside it (tests/e2e/lanes.ts).
 */
export default async function setup(project: TestProject) {
  ensureDebianPackage("/usr/bin/chromium", "chromium");
  if (process.env.E2E_SKIP_BUILD !== "1") buildSpa();
  const tokens = ensureDevVars();
  const started = await Promise.allSettled(Array.from({ length: E2E_LANES }, () => startLane(tokens)));
  const lanes = started.flatMap((lane) => (lane.status === "fulfilled" ? [lane.value] : []));
  const failure = started.find((lane) => lane.status === "rejected");
  if (failure) {
    // No server may outlive a failed setup: vitest would wait on its output forever.
    await Promise.all(lanes.map((lane) => lane.stop()));
    throw failure.reason;
  }
  project.provide(
    "baseUrls",
    lanes.map((lane) => lane.url),
  );
  return async () => {
    await Promise.all(lanes.map((lane) => lane.stop()));
  };
}
