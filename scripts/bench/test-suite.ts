// npm run bench:test [-- --runs 3] [--with-server]: `npm test` as a new contributor meets it,
// from `git clone` of this checkout's HEAD to the final "N passed, N failed" line, `--runs`
// times in a row, each in a fresh clone. `--with-server` keeps an `npm start` serving from this
// checkout meanwhile (the suite must not flake beside it). Prints each run's time, its lines of
// work and its counts, and the machine's load.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { freePort, ROOT, waitForHealth } from "../lib/local-server";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "1" }, "with-server": { type: "boolean", default: false } },
});
const runs = Number(values.runs);
const load = () => loadavg()[0]?.toFixed(1);

interface RunResult {
  seconds: number;
  counts: string;
  exitCode: number | null;
  steps: string[];
}

/** One fresh clone's `npm test`, its output kept in `log`. */
async function cloneAndTest(directory: string, log: string): Promise<RunResult> {
  const startedAt = Date.now();
  const clone = spawnSync("git", ["clone", "--quiet", ROOT, directory], { encoding: "utf8" });
  if (clone.status !== 0) throw new Error(`git clone failed: ${clone.stderr}`);
  const output = createWriteStream(log);
  const child = spawn("npm", ["test"], { cwd: directory, env: { ...process.env, CI: "true" } });
  let counts = "";
  let endedAt = 0;
  let pending = "";
  const read = (chunk: Buffer) => {
    output.write(chunk);
    pending += chunk.toString();
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      if (/^\d+ passed, \d+ failed/.test(line)) {
        counts = line;
        endedAt = Date.now();
      }
    }
  };
  child.stdout.on("data", read);
  child.stderr.on("data", read);
  const exitCode = await new Promise<number | null>((resolve) => child.once("close", resolve));
  await new Promise((resolve) => output.end(resolve));
  const steps = readFileSync(log, "utf8")
    .split("\n")
    .filter((line) => /^[✓✗] .*\(\d+ s\)$/.test(line));
  return { seconds: ((endedAt || Date.now()) - startedAt) / 1000, counts, exitCode, steps: [...new Set(steps)] };
}

async function startServer(): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn("npm", ["start"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
    stdio: "ignore",
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, 300_000);
  return { child, url };
}

const server = values["with-server"] ? await startServer() : undefined;
if (server) console.log(`npm start serving beside the runs at ${server.url}`);
const results: RunResult[] = [];
try {
  for (let run = 1; run <= runs; run++) {
    const directory = mkdtempSync(join(tmpdir(), "bench-test-"));
    const log = join(tmpdir(), `bench-test-${run}.log`);
    const loadBefore = load();
    const result = await cloneAndTest(join(directory, "clone"), log);
    results.push(result);
    console.log(
      `run ${run}: ${result.seconds.toFixed(0)} s from git clone to "${result.counts || "no count line"}" ` +
        `(exit ${result.exitCode}; load ${loadBefore} → ${load()}; log ${log})`,
    );
    for (const step of result.steps) console.log(`  ${step}`);
    rmSync(directory, { recursive: true, force: true });
  }
} finally {
  if (server?.child.pid) process.kill(-server.child.pid, "SIGTERM");
}
const failed = results.filter((result) => result.exitCode !== 0).length;
console.log(`${runs} run(s), ${failed} failed${server ? ", beside npm start" : ""}`);
process.exit(failed === 0 ? 0 : 1);
