import { join } from "node:path";
import { DEMO_TITLES, deckLanguage } from "../chapters/deck-language";
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
  features,
  levelMapping,
  levelRange,
  mismatch,
  type PageFeatures,
  rankPages,
} from "./match-pages";
import type { PdfPage } from "./pdf-pages";

/** One chapter of a version: where it starts, which PDF page it shows, its title and picture. */
export interface Chapter {
  /** Seconds from the start of the video. */
  time: number;
  /** 1-based PDF page, or null when the version has no slides or the stretch shows none (a demo). */
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

/**
 * A stretch whose best page explains it this many times worse than the talk's usual match (the
 * median stretch's), and by more than DEMO_MIN_LEVELS a pixel, shows no slide: a live demo.
 */
const DEMO_SHARE = 4;
/**
 * Below this many gray levels a pixel, on average, a stretch is a slide whatever the talk's usual
 * match (a recording of its own deck compares at 0.2–1.5 here, a terminal or a browser at 6–14).
 */
const DEMO_MIN_LEVELS = 4;

/** Which stretches show no page: their best page explains them far worse than the talk's usual match. */
export function showsNoPage(perPixel: readonly number[]): boolean[] {
  const sorted = [...perPixel].sort((a, b) => a - b);
  const usual = sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
  const limit = Math.max(DEMO_MIN_LEVELS, DEMO_SHARE * usual);
  return perPixel.map((value) => value > limit);
}

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
 * the frames decoded at full rate around it. A stretch no page explains (a live demo) is a
 * chapter with no page, titled in the deck's language, with a frame of its middle. Without slides, chapters are the changes at least
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
  let pageOf: Array<number | null> = [];
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
    const matched: Array<number | null> = [];
    const perPixel: number[] = [];
    const scored: Array<(page: number) => number> = [];
    for (const { frame, ignore } of shownFrames) {
      const shown = features(toDeckLevels(frame));
      const previous = matched.findLast((page) => page !== null) ?? undefined;
      const ranking = rankPages(shown, pageFeatures, ignore, previous);
      matched.push(ranking.page);
      perPixel.push(ranking.perPixel);
      scored.push((page) => mismatch(shown, pageFeatures[page] as PageFeatures, ignore));
    }
    showsNoPage(perPixel).forEach((none, i) => {
      if (none) matched[i] = null;
    });
    // A state of a bullet build may match another page as well as its own (the bullets shown so
    // far are on both): when the next stretch only adds content and its page explains this one
    // nearly as well, this stretch is that page being built. Walked backwards, so a build of
    // several steps takes the page of its last, complete state. A deck that prints each state of
    // a build as a page of its own (Beamer overlays, a PDF exported with its builds) has the
    // earlier state as the page just before: when the stretch matched that page, and is not the
    // page of the stretch before it, the video shows that page, a chapter of its own.
    for (let i = spans.length - 2; i >= 0; i--) {
      const current = matched[i];
      const next = matched[i + 1];
      const change = spans[i + 1]?.change;
      if (current === null || current === undefined || next === null || next === undefined) continue;
      if (current === next || !change) continue;
      if (current === next - 1 && current !== matched[i - 1]) continue;
      if (!addsContent(change, (pageFeatures[next] as PageFeatures).background)) continue;
      const score = scored[i] as (page: number) => number;
      if (score(next) <= score(current) * BUILD_SLACK) matched[i] = next;
    }
    // A span on the same page as the one before is that page still (a bullet build): one chapter;
    // so are neighbouring spans showing no page (a demo going on).
    const joined: Span[] = [];
    spans.forEach((span, i) => {
      const last = joined.at(-1);
      if (last && matched[i] === pageOf.at(-1)) last.to = span.to;
      else {
        joined.push({ ...span });
        pageOf.push(matched[i] ?? null);
      }
    });
    spans = joined;
  } else {
    spans = spacedStarts(spans, options.minChapterSeconds, fps);
    pageOf = [];
  }
  progress(78);

  const refine = progressSlice(progress, 78, pages && pages.length > 0 ? 95 : 90);
  let refined = 0;
  const times = await mapWithLimit(spans, deps.parallelism, async ({ change }) => {
    if (!change) return 0;
    const window = await framesBetween(video, change.last / fps - 0.1, change.first / fps + 0.1, deps);
    refined++;
    refine((100 * refined) / spans.length);
    return crossingTime(window, change) ?? coarseTime({ change, from: 0, to: 0 }, fps);
  });

  if (pages && pages.length > 0) {
    const demoTitle = DEMO_TITLES[deckLanguage(pages.map((page) => page.text))];
    const demos = spans.flatMap((_, i) => (pageOf[i] === null ? [i] : []));
    const demoProgress = progressSlice(progress, 95, 100);
    let saved = 0;
    const demoFrames = new Map(
      await mapWithLimit(demos, deps.parallelism, async (index) => {
        const thumbnail = await saveFrame(video, middleOf(times, index, durationSeconds), outputDirectory, index, deps);
        saved += 1;
        demoProgress((100 * saved) / demos.length);
        return [index, thumbnail] as const;
      }),
    );
    const chapters = spans.map((_, i): Chapter => {
      const pageIndex = pageOf[i];
      if (pageIndex === null || pageIndex === undefined) {
        return { time: times[i] as number, page: null, title: demoTitle, thumbnail: demoFrames.get(i) as string };
      }
      const page = pages[pageIndex] as PdfPage;
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
    const thumbnail = await saveFrame(video, middleOf(times, index, durationSeconds), outputDirectory, index, deps);
    saved += 1;
    thumbnails((100 * saved) / spans.length);
    return { time: times[index] as number, page: null, title: `Chapter ${index + 1}`, thumbnail };
  });
}

/** The middle of chapter `index`, whose start times are `times`. */
function middleOf(times: readonly number[], index: number, durationSeconds: number): number {
  const start = times[index] as number;
  const end = index + 1 < times.length ? (times[index + 1] as number) : durationSeconds;
  return start + (end - start) / 2;
}

/** A 640 px frame of the video at `seconds`, as chapter `index`'s picture. */
async function saveFrame(
  video: string,
  seconds: number,
  outputDirectory: string,
  index: number,
  deps: StepDeps,
): Promise<string> {
  const thumbnail = join(outputDirectory, `chapter-${index + 1}.jpg`);
  const result = await deps.run(
    "ffmpeg",
    [
      ...["-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-ss", seconds.toFixed(3)],
      ...["-i", video, "-frames:v", "1", "-vf", "scale=640:-2", "-q:v", "4", thumbnail],
    ],
    { timeoutMs: 30_000, paths: { read: [video], write: [outputDirectory] } },
  );
  if (result.code !== 0) throw new ProcessingError("failed", "ffmpeg could not save a frame");
  return thumbnail;
}
