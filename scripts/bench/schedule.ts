// npm run bench:schedule — throughput and latency of GET /api/public/schedule/{slug} for an
// event of 1,000 presentations in 20 rooms over 3 days, next to a static file of the same
// bytes served by the same server (the ceiling). Load comes from wrk on loopback.
// npm run bench:schedule -- --search — the search inside talks instead: the same event, each
// talk with an online version of 40 slide pages, and GET /api/presentation/slide-search for
// words from common to absent (target p99 ≤ 50 ms).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describeImport } from "../lib/admin-client";
import { executeLocalSql, ROOT } from "../lib/local-server";
import { ensureDebianPackage } from "../lib/system-packages";
import { startBenchServer } from "./bench-server";
import { buildLargeSchedule } from "./generate-schedule";
import { cpuMs } from "./process-usage";
import { slidePagesSql } from "./slide-pages-sql";

const SLUG = "bench";
const DURATION = process.env.BENCH_DURATION ?? "10s";
// Four connections keep both cores of this machine busy without queueing; BENCH_CONNECTIONS=16 shows the queueing.
const CONNECTIONS = process.env.BENCH_CONNECTIONS ?? "4";

interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** The server's CPU per request (workerd's user + system time over the measured run): what the
   * machine's load does not inflate as it does latency. */
  serverCpuMsPerRequest: number;
}

/** wrk's `--latency` report: "Requests/sec: N" and the "50%" / "99%" percentile lines. */
function parseWrk(output: string): Omit<LoadResult, "serverCpuMsPerRequest"> & { requests: number } {
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
    requests: Number(output.match(/(\d+) requests in/)?.[1] ?? Number.NaN),
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
  const cpuBefore = cpuMs().server;
  const run = spawnSync("wrk", [...args, `-d${DURATION}`, "--latency", url], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr}`);
  const { requests, ...result } = parseWrk(run.stdout);
  return { ...result, serverCpuMsPerRequest: (cpuMs().server - cpuBefore) / requests };
}

const row = (name: string, r: LoadResult) =>
  `| ${name} | ${r.requestsPerSecond.toFixed(0)} | ${r.p50Ms.toFixed(2)} | ${r.p99Ms.toFixed(2)} | ${r.serverCpuMsPerRequest.toFixed(2)} | ${r.errors} |`;

const PAGES_PER_TALK = 40;
/** From the most common words to none: a short word on most pages, two words, a rare term, an absent one. */
const SEARCHES = ["de", "réseau", "sécurité données", "validation humaine", "terme12345", "introuvable"];

/**
 * A fetch to the restarted server: the first may be sent on a kept-alive connection to the
 * server before the restart (same port), which is closed: it is sent again once.
 */
async function fetchAfterRestart(url: string): Promise<Response> {
  try {
    return await fetch(url);
  } catch {
    return fetch(url);
  }
}

async function searchMode(bench: Awaited<ReturnType<typeof startBenchServer>>, schedule: unknown) {
  const report = await bench.admin.importSchedule(SLUG, schedule);
  const listed = (await (await fetch(`${bench.server.url}/api/public/schedule/${SLUG}`)).json()) as {
    data: { presentations: { _id: number }[] };
  };
  const ids = listed.data.presentations.map((presentation) => presentation._id);
  const directory = mkdtempSync(join(tmpdir(), "bench-slides-"));
  try {
    const file = join(directory, "slide-pages.sql");
    writeFileSync(file, slidePagesSql(ids, PAGES_PER_TALK));
    const started = performance.now();
    await executeLocalSql(file, bench.stateDir);
    console.log(
      `${report.presentations.created} talks, ${ids.length * PAGES_PER_TALK} slide pages indexed in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  const server = await bench.restart();
  const url = (search: string) =>
    `${server.url}/api/presentation/slide-search?slug=${SLUG}&search=${encodeURIComponent(search)}`;
  const rows: string[] = [];
  let worstP99 = 0;
  for (const search of SEARCHES) {
    const answer = (await (await fetchAfterRestart(url(search))).json()) as {
      data: { hits: unknown[]; complete: boolean };
    };
    const result = load(url(search));
    worstP99 = Math.max(worstP99, result.p99Ms);
    const cut = answer.data.complete ? "" : ", pages read cut";
    rows.push(row(`"${search}" (${answer.data.hits.length} talks${cut})`, result));
  }
  // The schedule's own search under the same load, for scale: what a call costs on this machine now.
  const filter = load(`${server.url}/api/presentation/filter?slug=${SLUG}&search=${encodeURIComponent("réseau")}`);
  rows.push(row('schedule search "réseau" (GET /api/presentation/filter, for scale)', filter));
  // The harness's floor: a route that does one D1 round trip and nothing else (select 1).
  rows.push(row("floor: GET /api/health (one D1 round trip)", load(`${server.url}/api/health`)));
  console.log(`
Search inside talks: ${ids.length} talks × ${PAGES_PER_TALK} pages; wrk -t1 -c${CONNECTIONS} -d${DURATION}
| search | req/s | p50 ms | p99 ms | server CPU ms/req | errors |
|---|---|---|---|---|---|
${rows.join("\n")}
Worst p99 ${worstP99.toFixed(1)} ms (target ≤ 50 ms): ${worstP99 <= 50 ? "target met." : "target NOT met."}`);
}

ensureDebianPackage("/usr/bin/wrk", "wrk");
const staticDir = join(ROOT, "web", "dist", "bench-static");
const bench = await startBenchServer();
try {
  const schedule = buildLargeSchedule({ presentations: 1000, rooms: 20, days: 3, start: new Date() });
  if (process.argv.includes("--search")) await searchMode(bench, schedule);
  else await scheduleMode(bench, schedule);
} finally {
  rmSync(staticDir, { recursive: true, force: true });
  await bench.dispose();
}

async function scheduleMode(bench: Awaited<ReturnType<typeof startBenchServer>>, schedule: unknown) {
  // First run: import the event and capture the exact response body.
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
  console.log(`
Schedule of ${report.presentations.created} presentations, ${(body.length / 1024).toFixed(0)} KiB (gzip on the wire); wrk -t1 -c${CONNECTIONS} -d${DURATION}
| endpoint | req/s | p50 ms | p99 ms | server CPU ms/req | errors |
|---|---|---|---|---|---|
${row(`GET /api/public/schedule/${SLUG}`, api)}
${row("static file, same bytes", ceiling)}
API / static throughput: ${(ratio * 100).toFixed(0)} % (target ≥ 50 %); API p99 ${api.p99Ms.toFixed(1)} ms (target < 50 ms)
${ratio >= 0.5 && api.p99Ms < 50 ? "Targets met." : "Targets NOT met."}`);
}
