import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AdminClient } from "../lib/admin-client";
import { startWorkerdServer } from "../lib/bench-workerd-server";
import { buildSpa } from "../lib/build-spa";
import { ensureDevVars } from "../lib/dev-vars";
import { applyLocalMigrations, freePort, type LocalServer, startLocalServer } from "../lib/local-server";

/**
 * A local server on a fresh, throw-away database, as benchmarks need it: `wrangler dev` by
 * default, or the Worker in workerd alone (`runtime: "workerd"`) for thousands of WebSockets,
 * which `wrangler dev`'s proxy and file watcher cannot hold (see bench-workerd-server.ts).
 */
export async function startBenchServer(
  options: {
    runtime?: "wrangler-dev" | "workerd";
    /** workerd only: clients reach the Worker on its own socket, as in production (bench-workerd-server.ts). */
    direct?: boolean;
  } = {},
): Promise<{
  server: LocalServer;
  admin: AdminClient;
  restart(): Promise<LocalServer>;
  dispose(): Promise<void>;
}> {
  const { adminToken } = ensureDevVars();
  const stateDir = mkdtempSync(join(tmpdir(), "bench-state-"));
  buildSpa();
  applyLocalMigrations(stateDir);
  const port = await freePort();
  // BENCH_VERBOSE=1 shows the server's own warnings and errors.
  const quiet = process.env.BENCH_VERBOSE !== "1";
  const direct = options.direct ?? false;
  const start =
    options.runtime === "workerd"
      ? (serverOptions: { port: number; stateDir: string; quiet: boolean }) =>
          startWorkerdServer({ ...serverOptions, direct })
      : startLocalServer;
  let server = await start({ port, stateDir, quiet });
  return {
    server,
    admin: new AdminClient(server.url, adminToken),
    async restart() {
      await server.stop();
      server = await start({ port, stateDir, quiet });
      return server;
    },
    async dispose() {
      await server.stop();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}
