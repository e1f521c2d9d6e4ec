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

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** The started app, as `npm start` runs it, on its own fresh database with the demo seed. */
export default async function setup(project: TestProject) {
  ensureDebianPackage("/usr/bin/chromium", "chromium");
  if (process.env.E2E_SKIP_BUILD !== "1") buildSpa();
  const { adminToken, processorToken } = ensureDevVars();
  const stateDir = mkdtempSync(join(tmpdir(), "e2e-state-"));
  applyLocalMigrations(stateDir);
  const server = await startLocalServer({ port: await freePort(), stateDir, quiet: true });
  await seedDemo(new AdminClient(server.url, adminToken), server.url);
  // Uploaded versions get processed, as under npm start.
  const processor = startLocalProcessor({ api: server.url, token: processorToken, quiet: true });
  project.provide("baseUrl", server.url);
  return async () => {
    await processor.stop();
    await server.stop();
    rmSync(stateDir, { recursive: true, force: true });
  };
}
