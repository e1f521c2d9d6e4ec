// npm run process -- <video> [--slides <pdf|pptx>] [--out <dir>] [--min-chapter <s>] [--json]
// The version pipeline on local files, with no server: prints the video's duration, the
// slides' page count and the chapters. With --json, stdout carries only the JSON.
import { constants } from "node:os";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { nodeStepDeps } from "./node-deps";
import { processVersion } from "./pipeline";
import { sandboxProblems } from "./sandbox-check";
import { DEFAULT_CHAPTER_OPTIONS } from "./steps/chapters";

const usage =
  "Usage: npm run process -- <video> [--slides <pdf|ppt|pptx>] [--out <dir>] [--min-chapter <seconds>] [--json]";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function readArguments() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        slides: { type: "string" },
        out: { type: "string" },
        "min-chapter": { type: "string" },
        json: { type: "boolean", default: false },
      },
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n${usage}`);
  }
}

const { values, positionals } = readArguments();
const [video] = positionals;
if (!video || positionals.length > 1) fail(usage);
const minChapterSeconds = Number(values["min-chapter"] ?? DEFAULT_CHAPTER_OPTIONS.minChapterSeconds);
if (!Number.isFinite(minChapterSeconds) || minChapterSeconds < 0) fail(usage);

// Exiting (rather than dying of the signal) lets node-deps kill the running ffmpeg or soffice.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.once(signal, () => process.exit(128 + constants.signals[signal]));
}

const deps = nodeStepDeps();
const sandbox = await sandboxProblems(deps.run);
if (sandbox.length > 0)
  fail(`The processor's sandbox does not hold (docs/processor.md#sandbox):\n  ${sandbox.join("\n  ")}`);
for (const path of [video, values.slides]) {
  if (path && !(await deps.files.exists(path))) fail(`No such file: ${path}`);
}
// Without --out the thumbnails and converted files are scratch, removed at the end.
const workDirectory = values.out ? resolve(values.out) : await deps.files.makeTemporaryDirectory("process-");
await deps.files.makeDirectory(workDirectory);

const started = deps.now();
const outcome = await processVersion(
  { video: resolve(video), slides: values.slides ? resolve(values.slides) : undefined },
  workDirectory,
  deps,
  // One rewritten line on a terminal, one line per report in a log.
  ({ status, percent, stage }) =>
    process.stderr.write(
      process.stderr.isTTY ? `\r${status} ${percent}% ${stage}   ` : `${status} ${percent}% ${stage}\n`,
    ),
  { ...DEFAULT_CHAPTER_OPTIONS, minChapterSeconds },
);
if (process.stderr.isTTY) process.stderr.write("\n");
if (!values.out) await deps.files.remove(workDirectory);

if (outcome.status !== "success") {
  fail(`${outcome.status}${outcome.stage ? ` at ${outcome.stage}` : ""}: ${outcome.message}`);
}
const summary = {
  duration: outcome.durationSeconds,
  pages: outcome.pages.length,
  chapters: outcome.chapters.map(({ time, page, title }) => ({ time, page, title })),
};
if (values.json) {
  process.stdout.write(`${JSON.stringify(summary)}\n`);
} else {
  console.log(`Duration: ${summary.duration?.toFixed(1)} s, ${summary.pages} page(s)`);
  for (const chapter of outcome.chapters) {
    const page = chapter.page === null ? "" : ` (page ${chapter.page})`;
    console.log(`  ${chapter.time.toFixed(2).padStart(8)} s  ${chapter.title}${page}`);
  }
  if (values.out) console.log(`Thumbnails and converted files in ${workDirectory}`);
  console.log(`Processed in ${((deps.now() - started) / 1000).toFixed(1)} s`);
}
