// npm run record:test-durations: after an `npm test`, writes tests/test-durations.json, the seconds
// each test file of at least MIN_SECONDS took, which the test runs use to start the slowest files
// first (tests/longest-first-sequencer.ts). Worth running again when a file grows or shrinks much.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./lib/local-server";

/** Faster files gain nothing from going first; leaving them out keeps the record short. */
const MIN_SECONDS = 3;
const REPORTS = ["unit-integration.json", "e2e.json"];

interface Report {
  testResults: { name: string; startTime: number; endTime: number }[];
}

const seconds: Record<string, number> = {};
for (const name of REPORTS) {
  const report = JSON.parse(readFileSync(join(ROOT, "test-results", name), "utf8")) as Report;
  for (const file of report.testResults) {
    // From tests/ on: a report written in another clone (bench:test's) names the same files.
    const path = file.name.slice(file.name.lastIndexOf("/tests/") + 1);
    const took = Math.round((file.endTime - file.startTime) / 1000);
    // A file run by two projects (the quiz's, sharded and not) counts its longer run.
    if (took >= MIN_SECONDS) seconds[path] = Math.max(seconds[path] ?? 0, took);
  }
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([, a], [, b]) => b - a));
writeFileSync(join(ROOT, "tests", "test-durations.json"), `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`tests/test-durations.json: ${Object.keys(sorted).length} files of at least ${MIN_SECONDS} s`);
