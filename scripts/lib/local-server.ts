import { type ChildProcess, execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from "wrangler";

export const ROOT = join(import.meta.dirname, "..", "..");
const bin = (name: string) => join(ROOT, "node_modules", ".bin", name);
export const DEFAULT_STATE_DIR = join(ROOT, ".wrangler", "state");

const quietEnv = { ...process.env, WRANGLER_SEND_METRICS: "false", NO_COLOR: "1" };
const execFileAsync = promisify(execFile);

export async function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs wrangler with these arguments in the checkout, without blocking the event loop (two e2e
 * lanes prepare their servers at once); throws with its output when it fails.
 */
async function runWrangler(args: string[], failure: string): Promise<void> {
  try {
    await execFileAsync(bin("wrangler"), args, {
      cwd: ROOT,
      env: { ...quietEnv, CI: "true" },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${failure}:\n${stdout ?? ""}\n${stderr ?? String(error)}`);
  }
}

/** Runs the SQL of `file` on the local D1 database kept in `stateDir` (a benchmark's bulk rows). */
export async function executeLocalSql(file: string, stateDir: string): Promise<void> {
  await runWrangler(
    ["d1", "execute", "DB", "--local", "--persist-to", stateDir, "--file", file, "--yes"],
    `Running ${file} failed`,
  );
}

/** Applies the migrations of migrations/ to the local D1 database kept in `stateDir`. */
export async function applyLocalMigrations(stateDir = DEFAULT_STATE_DIR): Promise<void> {
  await runWrangler(
    ["d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir],
    "Applying the migrations failed",
  );
}

export async function waitForHealth(url: string, timeoutMs = 60_000, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`${url} did not become healthy within ${timeoutMs / 1000} s`);
}

export interface LocalServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * How often wrangler.toml's cron runs, for the local server's timers: every N minutes for a
 * "every N minutes" cron (a step in the minute field), hourly for a fixed minute. Another form is
 * refused rather than run at a wrong rate.
 */
export function cronIntervalMs(cron: string): number {
  const everyMinutes = cron.match(/^\*\/(\d+) \* \* \* \*$/);
  if (everyMinutes) return Number(everyMinutes[1]) * 60_000;
  if (/^\d+ \* \* \* \*$/.test(cron)) return 3_600_000;
  throw new Error(`The local server cannot run the cron "${cron}": teach cronIntervalMs its rate.`);
}

/**
 * Runs the Worker in workerd through Miniflare, the engine `wrangler dev` runs inside, with local
 * D1, R2 and Durable Objects kept in `stateDir` (the layout of `wrangler --persist-to`) and the
 * built SPA of web/dist. It runs as development (the dev mailbox on) whatever .dev.vars says,
 * and its mailed links point at `publicUrl` (its own URL unless given).
 *
 * Not `wrangler dev`, for what it puts around the Worker (docs/operations.md, "The local server"):
 * - its proxy, a second workerd in front, answered requests with its own English
 *   `503 Your worker restarted mid-request` under load, or reset the connection, where the Worker
 *   had answered a JSON 413 or nothing unusual at all (a bodiless log-out), and it holds about 3.3
 *   file descriptors per WebSocket, aborting at the open-file limit with 5,000 quiz players;
 * - its file watcher restarts the Worker on any edit in the checkout, dropping every WebSocket;
 * - its inspector streams every request's devtools events to the wrangler process.
 * Requests still enter through Miniflare's own front, which routes /assets/* to the static files
 * and the rest to the Worker as Cloudflare does (wrangler.toml's `run_worker_first`).
 */
export async function startLocalServer(options: {
  port: number;
  stateDir?: string;
  quiet?: boolean;
  publicUrl?: string;
  /**
   * Benchmarks only: clients reach the Worker on a socket of its own, not through Miniflare's
   * front (which relays every WebSocket frame once more and negotiates each WebSocket's
   * compression by itself); the Worker then serves /assets/* too. Also BENCH_DIRECT=1.
   */
  direct?: boolean;
  /** Variables over .dev.vars's, e.g. a mail provider (tests/e2e/mail-delivery.test.ts). */
  vars?: Record<string, string>;
  /** Each line the Worker and its rooms print (benchmarks read the rooms' timings); else printed as usual. */
  onOutputLine?: (line: string) => void;
}): Promise<LocalServer & { runScheduled(): Promise<void> }> {
  const stateDir = options.stateDir ?? DEFAULT_STATE_DIR;
  const url = `http://127.0.0.1:${options.port}`;
  const bundleDir = await workerBundle();
  const config = unstable_readConfig({ config: join(ROOT, "wrangler.toml") });
  const direct = options.direct || process.env.BENCH_DIRECT === "1";
  const { workerOptions } = unstable_getMiniflareWorkerOptions(config);
  const miniflare = new Miniflare({
    host: "127.0.0.1",
    port: direct ? 0 : options.port,
    defaultPersistRoot: join(stateDir, "v3"),
    // No network here: the placeholder `request.cf` instead of fetching it.
    cf: false,
    log: new Log(options.quiet ? LogLevel.ERROR : LogLevel.WARN),
    ...(options.onOutputLine ? { handleRuntimeStdio: linesTo(options.onOutputLine) } : {}),
    // BENCH_INSPECTOR_PORT=9229: attach Chrome's devtools (or a CPU profiler) to the Worker and its rooms.
    inspectorPort: process.env.BENCH_INSPECTOR_PORT ? Number(process.env.BENCH_INSPECTOR_PORT) : undefined,
    workers: [
      {
        ...workerOptions,
        name: config.name,
        modules: true,
        modulesRoot: bundleDir,
        scriptPath: join(bundleDir, "index.js"),
        bindings: {
          ...workerOptions.bindings,
          ENVIRONMENT: "development",
          PUBLIC_URL: options.publicUrl ?? url,
          // `QUIZ_RELAY_PLAYERS=2 npm start` (or the e2e tests) runs every live quiz sharded (docs/operations.md).
          ...(process.env.QUIZ_RELAY_PLAYERS ? { QUIZ_RELAY_PLAYERS: process.env.QUIZ_RELAY_PLAYERS } : {}),
          ...options.vars,
        },
        ...(direct ? { unsafeDirectSockets: [{ host: "127.0.0.1", port: options.port }] } : {}),
      },
    ],
  });
  // Miniflare runs no cron by itself: the local server runs wrangler.toml's at their rates, so mail
  // is retried and unfinished uploads expire locally as they do once deployed.
  const crons: string[] = config.triggers.crons ?? [];
  const timers = crons.map((cron) =>
    setInterval(() => void runScheduled(miniflare, cron), cronIntervalMs(cron)).unref(),
  );
  const stop = async () => {
    for (const timer of timers) clearInterval(timer);
    await miniflare.dispose();
  };
  try {
    await miniflare.ready;
    await waitForHealth(url, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    stop,
    runScheduled: async () => {
      for (const cron of crons) await runScheduled(miniflare, cron);
    },
  };
}

/** The runtime's standard output and error, line by line, to `onLine`. */
function linesTo(onLine: (line: string) => void) {
  return (stdout: Readable, stderr: Readable) => {
    for (const stream of [stdout, stderr]) createInterface({ input: stream }).on("line", onLine);
  };
}

async function runScheduled(miniflare: Miniflare, cron: string): Promise<void> {
  const worker = await miniflare.getWorker();
  const result = await worker.scheduled({ cron });
  if (result.outcome !== "ok") console.error(`The scheduled task "${cron}" ended with "${result.outcome}".`);
}

let sharedBundle: Promise<string> | undefined;

/**
 * The Worker's bundle, made once per process: the servers a process starts (two e2e lanes, a
 * test's servers with other settings, a benchmark's restarts) run the same code. Removed when
 * the process exits.
 */
function workerBundle(): Promise<string> {
  sharedBundle ??= bundleWorker().then(
    (bundleDir) => {
      process.once("exit", () => rmSync(bundleDir, { recursive: true, force: true }));
      return bundleDir;
    },
    (error: Error) => {
      sharedBundle = undefined;
      throw error;
    },
  );
  return sharedBundle;
}

/** The Worker bundled by wrangler itself, as `wrangler deploy` would upload it; returns its folder. */
async function bundleWorker(): Promise<string> {
  const bundleDir = mkdtempSync(join(tmpdir(), "worker-bundle-"));
  try {
    await runWrangler(["deploy", "--dry-run", "--outdir", bundleDir], "Bundling the Worker failed");
  } catch (error) {
    rmSync(bundleDir, { recursive: true, force: true });
    throw error;
  }
  return bundleDir;
}
