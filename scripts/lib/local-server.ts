import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export const ROOT = join(import.meta.dirname, "..", "..");
const bin = (name: string) => join(ROOT, "node_modules", ".bin", name);
export const DEFAULT_STATE_DIR = join(ROOT, ".wrangler", "state");

const quietEnv = { ...process.env, WRANGLER_SEND_METRICS: "false", NO_COLOR: "1" };

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

/** Applies the migrations of migrations/ to the local D1 database kept in `stateDir`. */
export function applyLocalMigrations(stateDir = DEFAULT_STATE_DIR): void {
  const result = spawnSync(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir], {
    cwd: ROOT,
    env: { ...quietEnv, CI: "true" },
    encoding: "utf8",
  });
  if (result.status !== 0) {
    throw new Error(`Applying the migrations failed:\n${result.stdout}\n${result.stderr}`);
  }
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
 * Runs the Worker with `wrangler dev` (workerd, local D1/R2/Durable Objects in `stateDir`),
 * serving the built SPA from web/dist. It runs as development (the dev mailbox on) whatever
 * .dev.vars says, and its mailed links point at `publicUrl` (its own URL unless given).
 */
export async function startLocalServer(options: {
  port: number;
  stateDir?: string;
  quiet?: boolean;
  publicUrl?: string;
}): Promise<LocalServer> {
  const stateDir = options.stateDir ?? DEFAULT_STATE_DIR;
  const url = `http://127.0.0.1:${options.port}`;
  // wrangler's devtools port is 9229 unless told: a second server (e2e lanes, npm test beside
  // npm start) would find it taken and exit.
  const inspectorPort = await freePort();
  const child = spawn(
    bin("wrangler"),
    [
      "dev",
      "--port",
      String(options.port),
      "--inspector-port",
      String(inspectorPort),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      stateDir,
      "--log-level",
      options.quiet ? "error" : "warn",
      "--show-interactive-dev-session=false",
      "--var",
      "ENVIRONMENT:development",
      "--var",
      `PUBLIC_URL:${options.publicUrl ?? url}`,
    ],
    { cwd: ROOT, env: quietEnv, stdio: ["ignore", options.quiet ? "ignore" : "inherit", "inherit"] },
  );
  let stopping = false;
  child.once("exit", (code, signal) => {
    if (!stopping) console.error(`The local server exited unexpectedly (code ${code}, signal ${signal}).`);
  });
  const stop = async () => {
    stopping = true;
    if (child.exitCode !== null) return;
    child.kill("SIGTERM");
    await Promise.race([new Promise((resolve) => child.once("exit", resolve)), sleep(5_000)]);
    if (child.exitCode === null) child.kill("SIGKILL");
  };
  try {
    await waitForHealth(url, 90_000, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
