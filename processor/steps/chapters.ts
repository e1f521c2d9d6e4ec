import { join } from "node:path";
import { ANALYSIS_SIZE } from "../chapters/gray-frames";
import { crossingTime } from "../chapters/refine";
import { framesBetween, pageFrames, sampleFrames } from "../chapters/scan";
import {
  type Change,
  DEFAULT_DETECTOR_OPTIONS,
  type DetectorOptions,
  findChanges,
  representativeFrame,
} from "../chapters/segment";
import { ProcessingError, type ProgressReport, type StepDeps } from "../deps";
import { mapWithLimit } from "../parallel";
import { monotonicProgress, progressSlice } from "../progress";
import {
  addsContent,
  BUILD_SLACK,
  bestPage,
  features,
  levelMapping,
  levelRange,
  mismatch,
  type PageFeatures,
} from "./match-pages";
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
  /** Without slides, a change closer than this to the previous chapter's start is no chapter. */
  minChapterSeconds: number;
  /** With slides, a page shown for less than this (skipped through) is no chapter. */
  minSlideSeconds: number;
  detector: DetectorOptions;
}

export const DEFAULT_CHAPTER_OPTIONS: ChapterOptions = {
  minChapterSeconds: 10,
  minSlideSeconds: 1.5,
  detector: DEFAULT_DETECTOR_OPTIONS,
};

/** A stretch of the video between two changes, in sampled frames. */
interface Span {
  /** The change that starts it (none for the first). */
  change: Change | undefined;
  from: number;
  to: number;
}

function spansBetween(changes: readonly Change[], frameCount: number): Span[] {
  return [undefined, ...changes].map((change, i) => ({
    change,
    from: change ? change.first : 0,
    to: changes[i] ? (changes[i] as Change).last : frameCount - 1,
  }));
}

/** Drops spans shorter than `seconds` (but the first), joining each to the one before. */
function withoutShortSpans(spans: readonly Span[], seconds: number, fps: number): Span[] {
  const kept: Span[] = [];
  for (const span of spans) {
    const last = kept.at(-1);
    if (last && (span.to - span.from + 1) / fps < seconds) last.to = span.to;
    else kept.push({ ...span });
  }
  return kept;
}

/** When a span starts, to a sampling period: the middle of the change that starts it. */
function coarseTime(span: Span, fps: number): number {
  return span.change ? (span.change.last + span.change.first) / 2 / fps : 0;
}

/** Chapters start at 0 and at each change at least `seconds` after the previous chapter's start. */
function spacedStarts(spans: readonly Span[], seconds: number, fps: number): Span[] {
  const kept: Span[] = [];
  for (const span of spans) {
    const last = kept.at(-1);
    if (last && coarseTime(span, fps) - coarseTime(last, fps) < seconds) last.to = span.to;
    else kept.push({ ...span });
  }
  return kept;
}

/**
 * Finds chapters: one decoding pass at reduced size and rate finds the changes of the shown
 * picture (segment.ts), each stretch between changes is matched to its PDF page and neighbours
 * on the same page are joined (bullet builds), then each remaining change is placed exactly from
 * the frames decoded at full rate around it. Without slides, chapters are the changes at least
 * `minChapterSeconds` apart, titled "Chapter N", with a frame of the video as thumbnail.
 */
export async function findChapters(
  input: {
    video: string;
    durationSeconds: number;
    size: { width: number; height: number };
    /** Read from the probe: a variable-rate video is sampled from every one of its frames. */
    variableFrameRate: boolean;
    pages: readonly PdfPage[] | undefined;
    outputDirectory: string;
  },
  deps: StepDeps,
  stepProgress: ProgressReport,
  options: ChapterOptions = DEFAULT_CHAPTER_OPTIONS,
): Promise<Chapter[]> {
  const progress = monotonicProgress(stepProgress);
  const { video, durationSeconds, pages, outputDirectory } = input;
  const { fps } = options.detector;
  const sampling = { path: video, durationSeconds, variableFrameRate: input.variableFrameRate };
  const frames = await sampleFrames(sampling, fps, deps, progressSlice(progress, 0, 70));
  const { changes, masks } = findChanges(frames, ANALYSIS_SIZE, options.detector);
  progress(72);

  let spans = spansBetween(changes, frames.length);
  let pageOf: number[] = [];
  if (pages && pages.length > 0) {
    const pageGrays = await pageFrames(
      pages.map((page) => page.thumbnail),
      input.size,
      deps,
    );
    const pageFeatures = pageGrays.map((gray) => features(gray));
    progress(75);
    spans = withoutShortSpans(spans, options.minSlideSeconds, fps);
    const shownFrames = spans.map((span) => representativeFrame(frames, masks, span.from, span.to));
    const toDeckLevels = levelMapping(
      levelRange(
        shownFrames.map(({ frame }) => frame),
        shownFrames.map(({ ignore }) => ignore),
      ),
      levelRange(pageGrays),
    );
    const matched: number[] = [];
    const scored: Array<(page: number) => number> = [];
    for (const { frame, ignore } of shownFrames) {
      const shown = features(toDeckLevels(frame));
      matched.push(bestPage(shown, pageFeatures, ignore, matched.at(-1)));
      scored.push((page) => mismatch(shown, pageFeatures[page] as PageFeatures, ignore));
    }
    // A state of a bullet build may match another page as well as its own (the bullets shown so
    // far are on both): when the next stretch only adds content and its page explains this one
    // nearly as well, this stretch is that page being built. Walked backwards, so a build of
    // several steps takes the page of its last, complete state. A deck that prints each state of
    // a build as a page of its own (Beamer overlays, a PDF exported with its builds) has the
    // earlier state as the page just before: when the stretch matched that page, and is not the
    // page of the stretch before it, the video shows that page, a chapter of its own.
    for (let i = spans.length - 2; i >= 0; i--) {
      const next = matched[i + 1] as number;
      const change = spans[i + 1]?.change;
      if (matched[i] === next || !change) continue;
      if (matched[i] === next - 1 && matched[i] !== matched[i - 1]) continue;
      if (!addsContent(change, (pageFeatures[next] as PageFeatures).background)) continue;
      const score = scored[i] as (page: number) => number;
      if (score(next) <= score(matched[i] as number) * BUILD_SLACK) matched[i] = next;
    }
    // A span on the same page as the one before is that page still (a bullet build): one chapter.
    const joined: Span[] = [];
    spans.forEach((span, i) => {
      const last = joined.at(-1);
      if (last && matched[i] === pageOf.at(-1)) last.to = span.to;
      else {
        joined.push({ ...span });
        pageOf.push(matched[i] as number);
      }
    });
    spans = joined;
  } else {
    spans = spacedStarts(spans, options.minChapterSeconds, fps);
    pageOf = [];
  }
  progress(78);

  const refine = progressSlice(progress, 78, pages && pages.length > 0 ? 100 : 90);
  let refined = 0;
  const times = await mapWithLimit(spans, deps.parallelism, async ({ change }) => {
    if (!change) return 0;
    const window = await framesBetween(video, change.last / fps - 0.1, change.first / fps + 0.1, deps);
    refined++;
    refine((100 * refined) / spans.length);
    return crossingTime(window, change) ?? coarseTime({ change, from: 0, to: 0 }, fps);
  });

  if (pages && pages.length > 0) {
    const chapters = spans.map((_, i) => {
      const page = pages[pageOf[i] as number] as PdfPage;
      return {
        time: times[i] as number,
        page: page.page,
        title: page.heading || `Slide ${page.page}`,
        thumbnail: page.thumbnail,
      };
    });
    progress(100);
    return chapters;
  }

  const thumbnails = progressSlice(progress, 90, 100);
  let saved = 0;
  return mapWithLimit(spans, deps.parallelism, async (_span, index) => {
    const start = times[index] as number;
    const end = index + 1 < spans.length ? (times[index + 1] as number) : durationSeconds;
    const thumbnail = join(outputDirectory, `chapter-${index + 1}.jpg`);
    const result = await deps.run(
      "ffmpeg",
      [
        ...["-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-ss", (start + (end - start) / 2).toFixed(3)],
        ...["-i", video, "-frames:v", "1", "-vf", "scale=640:-2", "-q:v", "4", thumbnail],
      ],
      { timeoutMs: 30_000, paths: { read: [video], write: [outputDirectory] } },
    );
    if (result.code !== 0) throw new ProcessingError("failed", "ffmpeg could not save a frame");
    saved += 1;
    thumbnails((100 * saved) / spans.length);
    return { time: start, page: null, title: `Chapter ${index + 1}`, thumbnail };
  });
}
