// npm run bench:chapters [-- --minutes 10 --talks 4]
// The chapter step measured against known answers (docs/benchmarks.md, "Slide chapters"):
// generated talks (scripts/bench/make-talk.ts: with and without a webcam picture-in-picture,
// one at a variable frame rate) go through `npm run -s process -- talk.mp4 --slides deck.pdf
// --json`, and the chapters it prints are scored against each talk's truth.json: precision and
// recall of the change times within ±0.5 s and ±1 s, the median boundary error, the share of
// chapters on the right page, the detection's speed as a multiple of real time and the whole
// job's time. Exits 1 when a target is missed.
import { spawn } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { makeTalk, type TalkOptions, type Truth } from "./make-talk";

const TARGETS = { within05: 0.95, within1: 0.98, pages: 0.98, demo: 1, speed: 15, jobSpeed: 15, jobSeconds: 60 };

interface Output {
  duration: number;
  pages: number;
  chapters: Array<{ time: number; page: number | null; title: string }>;
}

/** One-to-one pairs of predicted and true change times no further apart than `tolerance`. */
export function pairChanges(predicted: readonly number[], truth: readonly number[], tolerance: number): number[] {
  const candidates: Array<{ p: number; t: number; error: number }> = [];
  predicted.forEach((p, i) => {
    truth.forEach((t, j) => {
      if (Math.abs(p - t) <= tolerance) candidates.push({ p: i, t: j, error: Math.abs(p - t) });
    });
  });
  candidates.sort((a, b) => a.error - b.error);
  const usedP = new Set<number>();
  const usedT = new Set<number>();
  const errors: number[] = [];
  for (const { p, t, error } of candidates) {
    if (usedP.has(p) || usedT.has(t)) continue;
    usedP.add(p);
    usedT.add(t);
    errors.push(error);
  }
  return errors;
}

/** True chapters showing no page (a live demo) whose middle falls in a predicted chapter with no page. */
function demoScore(output: Output, truth: Truth): { demos: number; right: number } {
  let demos = 0;
  let right = 0;
  truth.chapters.forEach((chapter, i) => {
    if (chapter.page !== null) return;
    demos++;
    const end = truth.chapters[i + 1]?.time ?? truth.duration;
    const middle = (chapter.time + end) / 2;
    if (output.chapters.filter((c) => c.time <= middle).at(-1)?.page === null) right++;
  });
  return { demos, right };
}

/** The share of true chapters (a demo's included) whose middle falls in a predicted chapter on the same page. */
function pageAccuracy(output: Output, truth: Truth): number {
  let right = 0;
  truth.chapters.forEach((chapter, i) => {
    const end = truth.chapters[i + 1]?.time ?? truth.duration;
    const middle = (chapter.time + end) / 2;
    const shown = output.chapters.filter((c) => c.time <= middle).at(-1);
    if (shown?.page === chapter.page) right++;
  });
  return right / truth.chapters.length;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : (sorted[Math.floor((sorted.length - 1) / 2)] as number);
};

/** Runs the processor as a client would, timing the whole job and the chapter step. */
function processTalk(
  video: string,
  pdf: string,
): Promise<{ output: Output; jobSeconds: number; chapterSeconds: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let chaptersStarted: number | undefined;
    const child = spawn("npm", ["run", "-s", "process", "--", video, "--slides", pdf, "--json"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk;
      if (chaptersStarted === undefined && /\bchapters\b/.test(String(chunk))) chaptersStarted = performance.now();
    });
    child.on("close", (code) => {
      const ended = performance.now();
      if (code !== 0) return reject(new Error(`process exited ${code}: ${stderr.slice(-2000)}`));
      resolve({
        output: JSON.parse(stdout) as Output,
        jobSeconds: (ended - started) / 1000,
        chapterSeconds: (ended - (chaptersStarted ?? started)) / 1000,
      });
    });
  });
}

interface Score {
  name: string;
  changes: number;
  predicted: number;
  matched05: number;
  matched1: number;
  errors: number[];
  pagesRight: number;
  chapters: number;
  demos: number;
  demosRight: number;
  duration: number;
  chapterSeconds: number;
  jobSeconds: number;
  /** Durations over job times; for the overall row, over the sum of the talks' job times. */
  jobSpeed?: number;
}

const percent = (part: number, whole: number) => (whole === 0 ? "–" : `${((100 * part) / whole).toFixed(1)} %`);

function row(score: Score): string {
  return [
    score.name.padEnd(18),
    `${String(score.changes).padStart(4)}`,
    percent(score.matched05, score.predicted).padStart(8),
    percent(score.matched05, score.changes).padStart(8),
    percent(score.matched1, score.predicted).padStart(8),
    percent(score.matched1, score.changes).padStart(8),
    `${(median(score.errors) * 1000).toFixed(0)} ms`.padStart(8),
    percent(score.pagesRight, score.chapters).padStart(8),
    (score.demos === 0 ? "–" : `${score.demosRight}/${score.demos}`).padStart(5),
    `${(score.duration / score.chapterSeconds).toFixed(1)}×`.padStart(7),
    `${(score.jobSpeed ?? score.duration / score.jobSeconds).toFixed(1)}×`.padStart(7),
    `${score.jobSeconds.toFixed(1)} s`.padStart(8),
  ].join(" ");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { minutes: { type: "string", default: "10" }, talks: { type: "string", default: "6" } },
  });
  const seconds = Math.round(Number(values.minutes) * 60);
  const talks: TalkOptions[] = [
    { seed: 1, seconds, webcam: false, vfr: false, fourThree: false },
    { seed: 2, seconds, webcam: true, vfr: false, fourThree: false },
    { seed: 3, seconds, webcam: false, vfr: true, fourThree: false },
    { seed: 4, seconds, webcam: true, vfr: false, fourThree: false },
    { seed: 5, seconds, webcam: true, vfr: false, fourThree: true },
    { seed: 6, seconds, webcam: true, vfr: false, fourThree: false, demo: true },
  ].slice(0, Number(values.talks));
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
  console.log(`Machine: ${cpus().length} × ${cpus()[0]?.model}, load average ${load()}`);
  const scores: Score[] = [];
  for (const options of talks) {
    const talk = await makeTalk(options);
    const { output, jobSeconds, chapterSeconds } = await processTalk(talk.video, talk.pdf);
    const truth = talk.truth.chapters.slice(1).map((c) => c.time);
    const predicted = output.chapters.slice(1).map((c) => c.time);
    const name = [
      `seed ${options.seed}`,
      options.webcam && "webcam",
      options.vfr && "vfr",
      options.fourThree && "4:3",
      options.demo && "demo",
    ]
      .filter(Boolean)
      .join(" ");
    const score: Score = {
      name,
      changes: truth.length,
      predicted: predicted.length,
      matched05: pairChanges(predicted, truth, 0.5).length,
      matched1: pairChanges(predicted, truth, 1).length,
      errors: pairChanges(predicted, truth, 1),
      pagesRight: Math.round(pageAccuracy(output, talk.truth) * talk.truth.chapters.length),
      chapters: talk.truth.chapters.length,
      ...(({ demos, right }) => ({ demos, demosRight: right }))(demoScore(output, talk.truth)),
      duration: output.duration,
      chapterSeconds,
      jobSeconds,
    };
    scores.push(score);
    if (process.env.BENCH_VERBOSE) {
      console.log(
        JSON.stringify({
          truth: talk.truth.chapters.map((c) => [c.time, c.page]),
          got: output.chapters.map((c) => [c.time, c.page]),
        }),
      );
    }
    console.log(`${talk.directory} (load ${load()})`);
  }
  const header = ["talk".padEnd(18), "chg", "P ±0.5", "R ±0.5", "P ±1", "R ±1", "median", "pages", "demo"];
  const widths = [18, 4, 8, 8, 8, 8, 8, 8, 5, 7, 7, 8];
  const columns = [...header, "speed", "job ×", "job"];
  console.log(columns.map((h, i) => (i === 0 ? h : h.padStart(widths[i] as number))).join(" "));
  for (const score of scores) console.log(row(score));
  const total: Score = {
    name: "overall (job: max)",
    changes: 0,
    predicted: 0,
    matched05: 0,
    matched1: 0,
    errors: [],
    pagesRight: 0,
    chapters: 0,
    demos: 0,
    demosRight: 0,
    duration: 0,
    chapterSeconds: 0,
    jobSeconds: 0,
  };
  for (const s of scores) {
    total.changes += s.changes;
    total.predicted += s.predicted;
    total.matched05 += s.matched05;
    total.matched1 += s.matched1;
    total.errors.push(...s.errors);
    total.pagesRight += s.pagesRight;
    total.chapters += s.chapters;
    total.demos += s.demos;
    total.demosRight += s.demosRight;
    total.duration += s.duration;
    total.chapterSeconds += s.chapterSeconds;
    total.jobSeconds = Math.max(total.jobSeconds, s.jobSeconds);
  }
  // The whole job's speed over all talks: their durations over the sum of their job times.
  const jobSpeed = total.duration / scores.reduce((sum, s) => sum + s.jobSeconds, 0);
  total.jobSpeed = jobSpeed;
  console.log(row(total));
  console.log(`Load average at the end: ${load()}`);
  const missed = [
    total.matched05 / total.predicted < TARGETS.within05 && "precision ±0.5 s",
    total.matched05 / total.changes < TARGETS.within05 && "recall ±0.5 s",
    total.matched1 / total.predicted < TARGETS.within1 && "precision ±1 s",
    total.matched1 / total.changes < TARGETS.within1 && "recall ±1 s",
    total.pagesRight / total.chapters < TARGETS.pages && "pages",
    total.demos > 0 && total.demosRight / total.demos < TARGETS.demo && "demo stretches with no page",
    jobSpeed < TARGETS.jobSpeed && "whole job speed",
    total.duration / total.chapterSeconds < TARGETS.speed && "speed",
    total.jobSeconds > TARGETS.jobSeconds && "whole job",
  ].filter(Boolean);
  if (missed.length > 0) {
    console.log(`Targets missed: ${missed.join(", ")}`);
    process.exitCode = 1;
  }
}
