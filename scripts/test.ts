// npm test: type check, lint, then every vitest project (unit, integration, e2e), and a plain
// "N passed, N failed" line at the end.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PROCESSOR_PACKAGES } from "../processor/system-packages";
import { buildSpa } from "./lib/build-spa";
import { ROOT } from "./lib/local-server";
import { ensureDebianPackages } from "./lib/system-packages";

const bin = (name: string) => join(ROOT, "node_modules", ".bin", name);
// The SPA is built once below; the e2e setup need not build it again.
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", E2E_SKIP_BUILD: "1" };

function step(title: string, command: string, args: string[]): boolean {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env });
  if (result.status !== 0) console.error(`✗ ${title} failed (exit ${result.status})`);
  return result.status === 0;
}

ensureDebianPackages([{ path: "/usr/bin/chromium", packageName: "chromium" }, ...PROCESSOR_PACKAGES]);

let ok = true;
for (const runtime of ["core", "worker", "web", "node", "sw"]) {
  // The web builds first the Worker's route declarations it references (tsconfig.api.json).
  const mode = runtime === "web" ? "-b" : "-p";
  ok = step(`Type check (${runtime})`, bin("tsc"), [mode, `tsconfig.${runtime}.json`]) && ok;
}
ok = step("Lint and format check", bin("biome"), ["check", "."]) && ok;
buildSpa();

const report = join(ROOT, "test-results", "vitest.json");
mkdirSync(join(ROOT, "test-results"), { recursive: true });
ok =
  step("Unit, integration and end-to-end tests", bin("vitest"), [
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
  ]) && ok;

try {
  const results = JSON.parse(readFileSync(report, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
  };
  console.log(
    `\n${results.numPassedTests} passed, ${results.numFailedTests} failed, ${results.numPendingTests} skipped`,
  );
} catch {
  console.log("\n0 passed, 1 failed");
  ok = false;
}
process.exit(ok ? 0 : 1);
