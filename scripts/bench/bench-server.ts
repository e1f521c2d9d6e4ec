import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AdminClient } from "../lib/admin-client";
import { buildSpa } from "../lib/build-spa";
import { ensureDevVars } from "../lib/dev-vars";
import { applyLocalMigrations, freePort, type LocalServer, startLocalServer } from "../lib/local-server";

/** A local server (the one of `npm start`) on a fresh, throw-away database, as benchmarks need it. */
export async function startBenchServer(
  options: {
    /** Clients reach the Worker on its own socket, as in production (local-server.ts). */
    direct?: boolean;
    /** Settings over .dev.vars's (bench:quiz's QUIZ_RELAY_PLAYERS). */
    vars?: Record<string, string>;
    /** Each line the Worker and its rooms print (local-server.ts). */
    onOutputLine?: (line: string) => void;
  } = {},
): Promise<{
  server: LocalServer;
  admin: AdminClient;
  /** Where its D1, R2 and rooms are kept (wrangler's --persist-to). */
  stateDir: string;
  restart(): Promise<LocalServer>;
  dispose(): Promise<void>;
}> {
  const { adminToken } = ensureDevVars();
  const stateDir = mkdtempSync(join(tmpdir(), "bench-state-"));
  buildSpa();
  await applyLocalMigrations(stateDir);
  const port = await freePort();
  // BENCH_VERBOSE=1 shows the server's own warnings and errors.
  const quiet = process.env.BENCH_VERBOSE !== "1";
  const direct = options.direct ?? false;
  const start = (serverOptions: { port: number; stateDir: string; quiet: boolean }) =>
    startLocalServer({ ...serverOptions, direct, vars: options.vars, onOutputLine: options.onOutputLine });
  let server = await start({ port, stateDir, quiet });
  return {
    server,
    admin: new AdminClient(server.url, adminToken),
    stateDir,
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
