import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from "wrangler";
import { type LocalServer, ROOT, waitForHealth } from "./local-server";

/**
 * Runs the Worker in a single workerd process through Miniflare, as `wrangler dev` does inside,
 * without what `wrangler dev` adds around it for development, which thousands of WebSockets
 * cannot survive (measured with 5,000 quiz players, docs/benchmarks.md):
 * - its file watcher rebuilds and restarts the Worker on every edit anywhere in the checkout,
 *   which drops every WebSocket of a running benchmark (11 restarts in one 6-minute run);
 * - its proxy, a second workerd in front of the Worker, holds about 3.3 file descriptors per
 *   WebSocket and more after each restart's reconnections, and aborts at the 20,000 open-file
 *   limit (`accept: Too many open files`): the port is then closed, hence ECONNREFUSED;
 * - its inspector streams every request's devtools events to the wrangler process.
 * The Worker is bundled once by wrangler itself and runs with wrangler.toml's bindings and
 * .dev.vars, on the state directory `wrangler --persist-to` uses (local D1, R2, Durable Objects).
 */
export async function startWorkerdServer(options: {
  port: number;
  stateDir: string;
  quiet?: boolean;
  /** Clients reach the Worker on a socket of its own (also BENCH_DIRECT=1); see below. */
  direct?: boolean;
}): Promise<LocalServer> {
  const bundleDir = mkdtempSync(join(tmpdir(), "bench-bundle-"));
  const bundled = spawnSync(
    join(ROOT, "node_modules", ".bin", "wrangler"),
    ["deploy", "--dry-run", "--outdir", bundleDir],
    { cwd: ROOT, env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false", NO_COLOR: "1" }, encoding: "utf8" },
  );
  if (bundled.status !== 0) {
    rmSync(bundleDir, { recursive: true, force: true });
    throw new Error(`Bundling the Worker failed:\n${bundled.stdout}\n${bundled.stderr}`);
  }

  const config = unstable_readConfig({ config: join(ROOT, "wrangler.toml") });
  // Direct: clients reach the Worker on a socket of its own, not through Miniflare's entry worker
  // (a development front that production does not have: it relays every WebSocket frame once
  // more, and negotiates each WebSocket's compression by itself, whatever the Worker answers).
  const direct = options.direct || process.env.BENCH_DIRECT === "1";
  const { workerOptions } = unstable_getMiniflareWorkerOptions(config);
  const miniflare = new Miniflare({
    host: "127.0.0.1",
    port: direct ? 0 : options.port,
    // Same layout as `wrangler dev --persist-to <stateDir>` and `wrangler d1 migrations apply`.
    defaultPersistRoot: join(options.stateDir, "v3"),
    // No network here: use the placeholder `request.cf` instead of fetching it.
    cf: false,
    log: new Log(options.quiet ? LogLevel.ERROR : LogLevel.WARN),
    // BENCH_INSPECTOR_PORT=9229: attach Chrome's devtools (or a CPU profiler) to the Worker and its rooms.
    inspectorPort: process.env.BENCH_INSPECTOR_PORT ? Number(process.env.BENCH_INSPECTOR_PORT) : undefined,
    workers: [
      {
        ...workerOptions,
        name: config.name,
        modules: true,
        modulesRoot: bundleDir,
        scriptPath: join(bundleDir, "index.js"),
        ...(direct ? { unsafeDirectSockets: [{ host: "127.0.0.1", port: options.port }] } : {}),
      },
    ],
  });
  const stop = async () => {
    try {
      await miniflare.dispose();
    } finally {
      rmSync(bundleDir, { recursive: true, force: true });
    }
  };
  const url = `http://127.0.0.1:${options.port}`;
  try {
    await miniflare.ready;
    await waitForHealth(url, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
