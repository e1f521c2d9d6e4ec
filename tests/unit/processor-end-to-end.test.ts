// The real programs on inputs generated at test time (scripts/lib/generated-talk.ts): a 3-slide
// deck written as flat ODF XML and converted by LibreOffice, and a 20 s 640×360 talk video
// showing its pages, changing at known times. Needs ffmpeg, poppler-utils and LibreOffice (npm
// test installs them as root).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CONVERT_FAILED_MESSAGE } from "@core/versions/status";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeFiles, nodeStepDeps } from "../../processor/node-deps";
import { processVersion } from "../../processor/pipeline";
import { DEFAULT_CHAPTER_OPTIONS } from "../../processor/steps/chapters";
import { convertSlidesToPdf } from "../../processor/steps/convert-slides";
import { probeVideo } from "../../processor/steps/probe-video";
import { isFaststart } from "../../processor/steps/web-playable";
import { generateDeck, generateTalkVideo } from "../../scripts/lib/generated-talk";

const SLIDES = [
  { heading: "Introduction", body: "Why we are here", color: "#1f4e79", until: 6 },
  { heading: "Replication", body: "Leaders and followers", color: "#f2c14e", until: 13 },
  { heading: "Questions", body: "Thank you", color: "#3c8d5a", until: 20 },
];
const CHANGE_TIMES = [0, 6, 13];

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`);
  return result.stdout;
}

let directory: string;
let video: string;
let pptx: string;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "processor-e2e-"));
  // One after the other: two LibreOffice first starts at once, on a loaded machine, sometimes
  // crash (an unspecified application error) while making the test's own inputs.
  pptx = await generateDeck(SLIDES, directory, "deck", "pptx");
  const pdf = await generateDeck(SLIDES, directory, "deck-pages", "pdf");
  video = await generateTalkVideo({
    pdf,
    output: join(directory, "talk.mp4"),
    secondsPerPage: SLIDES.map((slide, i) => slide.until - (CHANGE_TIMES[i] ?? 0)),
    width: 640,
    height: 360,
  });
}, 90_000);

afterAll(() => {
  if (directory) rmSync(directory, { recursive: true, force: true });
});

describe("processor end to end, on generated inputs", () => {
  it("npm run process --json prints the duration, the pages and chapters at the slide changes with their pages and headings", () => {
    const result = spawnSync(
      join(import.meta.dirname, "../../node_modules/.bin/tsx"),
      [join(import.meta.dirname, "../../processor/cli.ts"), video, "--slides", pptx, "--min-chapter", "4", "--json"],
      { encoding: "utf8" },
    );
    expect(result.status, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout) as {
      duration: number;
      pages: number;
      chapters: Array<{ time: number; page: number; title: string }>;
    };
    expect(summary.duration).toBeCloseTo(20, 0);
    expect(summary.pages).toBe(3);
    expect(summary.chapters.map((chapter) => chapter.page)).toEqual([1, 2, 3]);
    expect(summary.chapters.map((chapter) => chapter.title)).toEqual(SLIDES.map((s) => s.heading));
    summary.chapters.forEach((chapter, i) => {
      expect(Math.abs(chapter.time - (CHANGE_TIMES[i] ?? 0))).toBeLessThanOrEqual(0.5);
    });
  }, 60_000);

  it("without slides, an MKV is remuxed to a faststart MP4 and chapters are 'Chapter N' with frame thumbnails", async () => {
    const mkv = join(directory, "talk.mkv");
    run("ffmpeg", ["-v", "error", "-y", "-i", video, "-c", "copy", mkv]);
    const work = join(directory, "work-mkv");
    const deps = nodeStepDeps();
    await deps.files.makeDirectory(work);
    const percents: number[] = [];
    const outcome = await processVersion({ video: mkv }, work, deps, ({ percent }) => percents.push(percent), {
      ...DEFAULT_CHAPTER_OPTIONS,
      minChapterSeconds: 4,
    });
    if (outcome.status !== "success") throw new Error(outcome.message);
    expect(outcome.video).toBe(join(work, "video.mp4"));
    expect(await isFaststart(join(work, "video.mp4"), nodeFiles)).toBe(true);
    expect((await probeVideo(join(work, "video.mp4"), deps)).videoCodec).toBe("h264");
    expect(outcome.chapters.map((c) => c.title)).toEqual(["Chapter 1", "Chapter 2", "Chapter 3"]);
    for (const chapter of outcome.chapters) expect(await nodeFiles.exists(chapter.thumbnail)).toBe(true);
    expect(percents.at(-1)).toBe(100);
  }, 30_000);

  it("a file LibreOffice cannot load (it exits 0 all the same) ends the version in convert-failed", async () => {
    const broken = join(directory, "broken.pptx");
    writeFileSync(broken, Buffer.from("PK\u0003\u0004 not really a presentation"));
    const work = join(directory, "work-broken");
    const deps = nodeStepDeps();
    await deps.files.makeDirectory(work);
    const statuses: string[] = [];
    const outcome = await processVersion({ video, slides: broken }, work, deps, ({ status }) => statuses.push(status));
    expect(outcome).toEqual({ status: "convert-failed", message: CONVERT_FAILED_MESSAGE, stage: "convert" });
    expect(statuses.at(-1)).toBe("convert-failed");
  }, 60_000);

  it("two LibreOffice conversions at once both succeed, each with its own profile", async () => {
    const deps = nodeStepDeps();
    const outputs = ["one", "two"].map((name) => join(directory, name));
    for (const output of outputs) await deps.files.makeDirectory(output);
    const pdfs = await Promise.all(outputs.map((output) => convertSlidesToPdf(pptx, output, deps)));
    for (const pdf of pdfs) expect(run("pdfinfo", [pdf])).toMatch(/^Pages:\s+3$/m);
  }, 60_000);
});
