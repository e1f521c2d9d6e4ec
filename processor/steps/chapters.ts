import { join } from "node:path";
import { ProcessingError, type ProgressReport, type StepDeps } from "../deps";
import { mapWithLimit } from "../parallel";
import { ffmpegProgressLine, monotonicProgress } from "../progress";
import { nearestPage, pageSignatures, signatureFilter, splitSignatures } from "./match-pages";
import type { PdfPage } from "./pdf-pages";

/** One chapter of a version: where it starts, which PDF page it shows, its title and picture. */
export interface Chapter {
  /** Seconds from the start of the video. */
  time: number;
  /** 1-based PDF page, or null when the version has no slides. */
  page: number | null;
  title: string;
  thumbnail: string;
}

export interface ChapterOptions {
  /** ffmpeg's scene score (0–1) above which a sampled frame starts a new scene. */
  sceneThreshold: number;
  /** Changes closer than this to the previous chapter's start are not chapters. */
  minChapterSeconds: number;
  /** Frames per second analysed: a change is found within one sample period. */
  sampleFps: number;
  /** Width of the frames analysed, in pixels. */
  analysisWidth: number;
}

export const DEFAULT_CHAPTER_OPTIONS: ChapterOptions = {
  sceneThreshold: 0.25,
  minChapterSeconds: 10,
  sampleFps: 4,
  analysisWidth: 320,
};

export function sceneDetectionArguments(video: string, options: ChapterOptions): string[] {
  const graph = [
    `[0:v:0]fps=${options.sampleFps},scale=${options.analysisWidth}:-2,split=2[scan][small]`,
    `[scan]select='gt(scene,${options.sceneThreshold})',showinfo[changes]`,
    `[small]${signatureFilter}[signatures]`,
  ].join(";");
  return [
    ...["-hide_banner", "-nostdin", "-nostats", "-i", video, "-filter_complex", graph],
    ...["-map", "[changes]", "-f", "null", "-"],
    ...["-map", "[signatures]", "-f", "rawvideo", "-pix_fmt", "gray", "pipe:1"],
    ...["-progress", "pipe:2"],
  ];
}

/** The `pts_time` of each frame showinfo printed: the times are read, never frame numbers. */
export function showinfoTimes(stderrLines: readonly string[]): number[] {
  const times: number[] = [];
  for (const line of stderrLines) {
    if (!line.includes("showinfo")) continue;
    const match = /pts_time:\s*(-?[\d.]+)/.exec(line);
    if (match) times.push(Number(match[1]));
  }
  return times;
}

/** Chapter start times: 0, then each change at least `minChapterSeconds` after the last kept. */
export function chapterStarts(changes: readonly number[], minChapterSeconds: number): number[] {
  const starts = [0];
  for (const time of [...changes].sort((a, b) => a - b)) {
    if (time - (starts.at(-1) ?? 0) >= minChapterSeconds) starts.push(time);
  }
  return starts;
}

/**
 * The moment that stands for a chapter: its middle, where a slide has finished appearing and
 * a short-lived slide skipped through at its start no longer shows.
 */
function representativeTime(start: number, end: number): number {
  return start + (end - start) / 2;
}

/**
 * Finds chapters with one decoding pass at reduced size and rate (scene changes plus a small
 * signature of every sampled frame), then, with slides, gives each chapter the nearest PDF
 * page, its heading as title and its render as thumbnail; without slides, "Chapter N" and a
 * frame of the video written into `outputDirectory`.
 */
export async function findChapters(
  input: {
    video: string;
    durationSeconds: number;
    pages: readonly PdfPage[] | undefined;
    outputDirectory: string;
  },
  deps: StepDeps,
  stepProgress: ProgressReport,
  options: ChapterOptions = DEFAULT_CHAPTER_OPTIONS,
): Promise<Chapter[]> {
  const progress = monotonicProgress(stepProgress);
  const { video, durationSeconds, pages, outputDirectory } = input;
  const stderr: string[] = [];
  const scan = await deps.run("ffmpeg", sceneDetectionArguments(video, options), {
    timeoutMs: 60_000 + durationSeconds * 1_000,
    onStderrLine: (line) => {
      const percent = ffmpegProgressLine(line, durationSeconds);
      if (percent === undefined) stderr.push(line);
      else progress(Math.min(percent, 100) * 0.8);
    },
  });
  if (scan.code !== 0) throw new ProcessingError("failed", "ffmpeg could not scan the video");
  progress(80);

  const frames = splitSignatures(scan.stdout);
  const starts = chapterStarts(showinfoTimes(stderr), options.minChapterSeconds);
  const frameAt = (time: number) =>
    frames[Math.min(frames.length - 1, Math.max(0, Math.round(time * options.sampleFps)))];
  const spans = starts.map((start, i) => ({
    start,
    middle: representativeTime(start, starts[i + 1] ?? durationSeconds),
  }));

  if (pages && pages.length > 0) {
    const signatures = await pageSignatures(
      pages.map((page) => page.thumbnail),
      deps,
    );
    progress(95);
    const chapters = spans.map(({ start, middle }) => {
      const frame = frameAt(middle);
      const page = pages[frame ? nearestPage(frame, signatures) : 0] as PdfPage;
      return {
        time: start,
        page: page.page,
        title: page.heading || `Slide ${page.page}`,
        thumbnail: page.thumbnail,
      };
    });
    progress(100);
    return chapters;
  }

  let done = 0;
  return mapWithLimit(spans, deps.parallelism, async ({ start, middle }, index) => {
    const thumbnail = join(outputDirectory, `chapter-${index + 1}.jpg`);
    const result = await deps.run(
      "ffmpeg",
      [
        ...["-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-ss", middle.toFixed(3)],
        ...["-i", video, "-frames:v", "1", "-vf", "scale=640:-2", "-q:v", "4", thumbnail],
      ],
      { timeoutMs: 30_000 },
    );
    if (result.code !== 0) throw new ProcessingError("failed", "ffmpeg could not save a frame");
    done += 1;
    progress(80 + (20 * done) / spans.length);
    return { time: start, page: null, title: `Chapter ${index + 1}`, thumbnail };
  });
}
