// npm test: type checks, lint, then every vitest project (unit, integration, e2e), and a plain
// "N passed, N failed" line at the end.
//
// Two phases, each keeping both cores busy without crowding them: first the static checks (one
// process at a time) beside the unit and integration tests (three files at a time), then the e2e
// tests (three lanes, each with an app of its own). The e2e tests alone fill both cores: run beside
// the others, the slowest tests of each side ran past their time limits. Each line of work
// writes to its own log under test-results/logs/, printed whole when it ends, so their lines
// never interleave.
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { PROCESSOR_PACKAGES } from "../processor/system-packages";
import { TEST_CHROMIUM } from "../tests/e2e/browser";
import { buildSpa } from "./lib/build-spa";
import { ROOT } from "./lib/local-server";
import { ensureDebianPackages } from "./lib/system-packages";

const bin = (name: string) => join(ROOT, "node_modules", ".bin", name);
// The SPA is built once below; the e2e setup need not build it again.
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", E2E_SKIP_BUILD: "1" };
const RESULTS = join(ROOT, "test-results");
const LOGS = join(RESULTS, "logs");
const startedAt = Date.now();
const seconds = (since: number) => `${Math.round((Date.now() - since) / 1000)} s`;

interface Step {
  title: string;
  command: string;
  args: string[];
}

/** Runs `step` with its output in `log`; answers whether it exited 0. */
function run(step: Step, log: NodeJS.WritableStream): Promise<boolean> {
  return new Promise((resolve) => {
    log.write(`\n▶ ${step.title}\n`);
    const since = Date.now();
    const child = spawn(step.command, step.args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.once("error", (error) => {
      log.write(`✗ ${step.title}: ${error.message}\n`);
      resolve(false);
    });
    // On exit, and close (the pipes drained) or 2 s: a server a test left running would keep
    // the pipes open long after the run itself has ended.
    child.once("exit", async (code) => {
      await Promise.race([new Promise((drained) => child.once("close", drained)), sleep(2_000)]);
      for (const stream of [child.stdout, child.stderr]) {
        stream.unpipe(log);
        stream.destroy();
      }
      const ok = code === 0;
      log.write(ok ? `✓ ${step.title} (${seconds(since)})\n` : `✗ ${step.title} failed (exit ${code})\n`);
      console.log(`${ok ? "✓" : "✗"} ${step.title} (${seconds(since)})`);
      resolve(ok);
    });
  });
}

/** Runs `steps` one after the other into one log, printed when the last ends. */
async function lineOfWork(name: string, steps: Step[]): Promise<boolean> {
  const path = join(LOGS, `${name}.log`);
  const log = createWriteStream(path);
  let ok = true;
  for (const step of steps) ok = (await run(step, log)) && ok;
  await new Promise((resolve) => log.end(resolve));
  process.stdout.write(`\n━━━━ ${name} (test-results/logs/${name}.log) ━━━━\n${readFileSync(path, "utf8")}`);
  return ok;
}

const vitest = (title: string, report: string, projects: string[]): Step => ({
  title,
  command: bin("vitest"),
  args: [
    "run",
    ...projects.flatMap((project) => ["--project", project]),
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${join(RESULTS, report)}`,
  ],
});

const typeChecks: Step[] = ["core", "worker", "web", "node", "sw"].map((runtime) => ({
  title: `Type check (${runtime})`,
  command: bin("tsc"),
  // The web builds first the Worker's route declarations it references (tsconfig.api.json).
  args: [["web", "worker", "node"].includes(runtime) ? "-b" : "-p", `tsconfig.${runtime}.json`],
}));

ensureDebianPackages([TEST_CHROMIUM, ...PROCESSOR_PACKAGES]);
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(LOGS, { recursive: true });
buildSpa();
console.log(
  `Built the web app (${seconds(startedAt)}); the static checks and the unit and integration tests now run at once, the e2e tests after them.`,
);

const REPORTS = ["unit-integration.json", "e2e.json"];
const outcomes = await Promise.all([
  lineOfWork("static", [
    ...typeChecks,
    { title: "Lint and format check", command: bin("biome"), args: ["check", "."] },
  ]),
  lineOfWork("unit-integration", [
    vitest("Unit and integration tests", REPORTS[0] as string, ["unit", "integration", "integration-sharded"]),
  ]),
]);
outcomes.push(await lineOfWork("e2e", [vitest("End-to-end tests", REPORTS[1] as string, ["e2e"])]));
let ok = outcomes.every(Boolean);

const totals = { passed: 0, failed: 0, skipped: 0 };
for (const report of REPORTS) {
  try {
    const results = JSON.parse(readFileSync(join(RESULTS, report), "utf8")) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
    };
    totals.passed += results.numPassedTests;
    totals.failed += results.numFailedTests;
    totals.skipped += results.numPendingTests;
  } catch {
    // A run that wrote no report (it could not start) counts as one failure.
    totals.failed += 1;
    ok = false;
  }
}
console.log(`\nnpm test took ${seconds(startedAt)}${ok ? "" : "; something failed, see above"}.`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
