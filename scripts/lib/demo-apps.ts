import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedDemo } from "../seed";
import { AdminClient } from "./admin-client";
import { ensureDevVars } from "./dev-vars";
import { startLocalProcessor } from "./local-processor";
import { applyLocalMigrations, freePort, startLocalServer } from "./local-server";

export interface DemoApps {
  urls: string[];
  stop(): Promise<void>;
}

/** The app as `npm start` runs it, on a fresh database of its own with the demo seed and a processor. */
async function startDemoApp(tokens: { adminToken: string; processorToken: string }) {
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
 * `count` apps at once, one per e2e lane (tests/e2e/lanes.ts, started by the e2e global setup),
 * with the built SPA of web/dist.
 */
export async function startDemoApps(count: number): Promise<DemoApps> {
  const tokens = ensureDevVars();
  const started = await Promise.allSettled(Array.from({ length: count }, () => startDemoApp(tokens)));
  const apps = started.flatMap((app) => (app.status === "fulfilled" ? [app.value] : []));
  const stop = async () => {
    await Promise.all(apps.map((app) => app.stop()));
  };
  const failure = started.find((app) => app.status === "rejected");
  if (failure) {
    // No server may outlive a failed start: the run would wait on it forever.
    await stop();
    throw failure.reason;
  }
  return { urls: apps.map((app) => app.url), stop };
}
