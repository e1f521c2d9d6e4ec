// npm run bench:schedule — throughput and latency of GET /api/public/schedule/{slug} for an
// event of 1,000 presentations in 20 rooms over 3 days, next to a static file of the same
// bytes served by the same server (the ceiling). Load comes from wrk on loopback.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describeImport } from "../lib/admin-client";
import { ROOT } from "../lib/local-server";
import { ensureDebianPackage } from "../lib/system-packages";
import { startBenchServer } from "./bench-server";
import { buildLargeSchedule } from "./generate-schedule";

const SLUG = "bench";
const DURATION = process.env.BENCH_DURATION ?? "10s";
// Four connections keep both cores of this machine busy without queueing; BENCH_CONNECTIONS=16 shows the queueing.
const CONNECTIONS = process.env.BENCH_CONNECTIONS ?? "4";

interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

/** wrk's `--latency` report: "Requests/sec: N" and the "50%" / "99%" percentile lines. */
function parseWrk(output: string): LoadResult {
  const toMs = (value: string, unit: string) => Number(value) * ({ us: 0.001, ms: 1, s: 1000 }[unit] ?? Number.NaN);
  const percentile = (p: string) => {
    const match = output.match(new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`));
    return match ? toMs(match[1] as string, match[2] as string) : Number.NaN;
  };
  const errors = [...output.matchAll(/(?:Non-2xx or 3xx responses|Socket errors):.*?(\d+)/g)].reduce(
    (sum, match) => sum + Number(match[1]),
    0,
  );
  return {
    requestsPerSecond: Number(output.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? Number.NaN),
    p50Ms: percentile("50"),
    p99Ms: percentile("99"),
    errors,
  };
}

function load(url: string): LoadResult {
  // Warm-up, then the measured run.
  // Browsers always accept gzip; the load generator says so too.
  const args = ["-t1", `-c${CONNECTIONS}`, "-H", "Accept-Encoding: gzip"];
  spawnSync("wrk", [...args, "-d2s", url], { encoding: "utf8" });
  const run = spawnSync("wrk", [...args, `-d${DURATION}`, "--latency", url], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr}`);
  return parseWrk(run.stdout);
}

ensureDebianPackage("/usr/bin/wrk", "wrk");
const staticDir = join(ROOT, "web", "dist", "bench-static");
const bench = await startBenchServer();
try {
  // First run: import the event and capture the exact response body.
  const schedule = buildLargeSchedule({ presentations: 1000, rooms: 20, days: 3, start: new Date() });
  const report = await bench.admin.importSchedule(SLUG, schedule);
  console.log(describeImport(SLUG, report));
  const response = await fetch(`${bench.server.url}/api/public/schedule/${SLUG}`, {
    headers: { "accept-encoding": "identity" },
  });
  const body = await response.text();

  // The same bytes as a static asset (assets are read when the server starts), so both sides
  // move the same payload.
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(join(staticDir, "schedule.json"), body);
  const server = await bench.restart();
  const api = load(`${server.url}/api/public/schedule/${SLUG}`);
  const ceiling = load(`${server.url}/bench-static/schedule.json`);
  const ratio = api.requestsPerSecond / ceiling.requestsPerSecond;
  const row = (name: string, r: LoadResult) =>
    `| ${name} | ${r.requestsPerSecond.toFixed(0)} | ${r.p50Ms.toFixed(2)} | ${r.p99Ms.toFixed(2)} | ${r.errors} |`;
  console.log(`
Schedule of ${report.presentations.created} presentations, ${(body.length / 1024).toFixed(0)} KiB (gzip on the wire); wrk -t1 -c${CONNECTIONS} -d${DURATION}
| endpoint | req/s | p50 ms | p99 ms | errors |
|---|---|---|---|---|
${row(`GET /api/public/schedule/${SLUG}`, api)}
${row("static file, same bytes", ceiling)}
API / static throughput: ${(ratio * 100).toFixed(0)} % (target ≥ 50 %); API p99 ${api.p99Ms.toFixed(1)} ms (target < 50 ms)
${ratio >= 0.5 && api.p99Ms < 50 ? "Targets met." : "Targets NOT met."}`);
} finally {
  rmSync(staticDir, { recursive: true, force: true });
  await bench.dispose();
}
