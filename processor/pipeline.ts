import { join } from "node:path";
import type { FailureReason, VersionStatus } from "@core/versions/status";
import { ProcessingError, type ProgressReport, type StepDeps } from "./deps";
import { monotonicProgress, progressSlice, progressSlices } from "./progress";
import { type Chapter, type ChapterOptions, DEFAULT_CHAPTER_OPTIONS, findChapters } from "./steps/chapters";
import { convertSlidesToPdf } from "./steps/convert-slides";
import { type PdfPage, renderPdfPages } from "./steps/pdf-pages";
import { probeVideo } from "./steps/probe-video";
import { makeStoryboard } from "./steps/storyboard";
import { makeWaveform } from "./steps/waveform";
import { makeWebPlayable } from "./steps/web-playable";

/** A version's files (spec 1 §4 upload modes): mode four has slides only, mode one a webcam. */
export interface VersionInputs {
  video?: string;
  webcam?: string;
  /** A .pdf, or a .ppt/.pptx converted first; told apart by content, not by name. */
  slides?: string;
}

/** The step running, as a processor reports it to the Worker (processing_jobs.stage). */
export type ProcessingStage = "start" | "convert" | "pages" | "video" | "webcam" | "chapters" | "done";

export interface StatusReport {
  status: VersionStatus;
  percent: number;
  stage: ProcessingStage;
}

export interface ProcessedVersion {
  status: "success";
  /** The presentation video's duration; undefined for a slides-only version. */
  durationSeconds: number | undefined;
  /** The PDF shown for the slides (the converted one for a ppt/pptx). */
  pdf: string | undefined;
  pages: PdfPage[];
  chapters: Chapter[];
  /** Web-playable videos: the input path itself when it already was one. */
  video: string | undefined;
  webcam: string | undefined;
  /** The editor's filmstrip: `storyboard.json` and its sheets; none without a video or when ffmpeg failed. */
  storyboard?: { description: string; sheets: string[] };
  /** The editor's `waveform.json`; none for a silent video. */
  waveform?: string;
}

/** A failed version: its status, a message for operators, and a reason for the speaker if any. */
export interface FailedVersion {
  status: "failed" | "convert-failed";
  message: string;
  reason?: FailureReason;
  /** The step that failed (its last progress report names it too); none for a job-level failure. */
  stage?: ProcessingStage;
}

export type VersionOutcome = ProcessedVersion | FailedVersion;

/** How much of the bar each step takes, in proportion to its usual share of the time. */
const STEP_WEIGHTS = { convert: 15, pages: 10, probe: 2, webPlayable: 30, chapters: 40 };
/** The probe's part of a video's slice (probe, then web-playable), in percent of that slice. */
const PROBE_SHARE = (100 * STEP_WEIGHTS.probe) / (STEP_WEIGHTS.probe + STEP_WEIGHTS.webPlayable);

async function isPdf(path: string, deps: StepDeps): Promise<boolean> {
  return (await deps.files.readBytes(path, 0, 5)).toString("latin1") === "%PDF-";
}

/**
 * Runs every step a version needs in `workDirectory` and reports its status: pending, then
 * processing with a percent that never goes down, then success at 100, failed or
 * convert-failed. Step failures become an outcome, never a thrown error.
 */
export async function processVersion(
  inputs: VersionInputs,
  workDirectory: string,
  deps: StepDeps,
  report: (status: StatusReport) => void,
  chapterOptions: ChapterOptions = DEFAULT_CHAPTER_OPTIONS,
): Promise<VersionOutcome> {
  let percent = 0;
  let stage: ProcessingStage = "start";
  const progress = monotonicProgress((value) => {
    percent = value;
    report({ status: "processing", percent: value, stage });
  });
  report({ status: "pending", percent: 0, stage });
  progress(0);

  try {
    const slidesArePdf = inputs.slides ? await isPdf(inputs.slides, deps) : false;
    const slices = progressSlices(progress, {
      convert: inputs.slides && !slidesArePdf ? STEP_WEIGHTS.convert : 0,
      pages: inputs.slides ? STEP_WEIGHTS.pages : 0,
      video: inputs.video ? STEP_WEIGHTS.probe + STEP_WEIGHTS.webPlayable : 0,
      webcam: inputs.webcam ? STEP_WEIGHTS.probe + STEP_WEIGHTS.webPlayable : 0,
      chapters: inputs.video ? STEP_WEIGHTS.chapters : 0,
    });

    let pdf: string | undefined;
    stage = "convert";
    if (inputs.slides) {
      pdf = slidesArePdf ? inputs.slides : await convertSlidesToPdf(inputs.slides, workDirectory, deps, slices.convert);
    }
    slices.convert(100);

    let pages: PdfPage[] = [];
    stage = "pages";
    if (pdf) {
      const pagesDirectory = join(workDirectory, "pages");
      await deps.files.makeDirectory(pagesDirectory);
      pages = await renderPdfPages(pdf, pagesDirectory, deps, slices.pages);
    }

    const playable = async (path: string, name: string, stepProgress: ProgressReport) => {
      const probe = await probeVideo(path, deps);
      stepProgress(PROBE_SHARE);
      const output = join(workDirectory, `${name}.mp4`);
      const afterProbe = progressSlice(stepProgress, PROBE_SHARE, 100);
      const result = await makeWebPlayable(path, output, probe, deps, afterProbe);
      return { probe, path: result.path };
    };
    stage = "video";
    const video = inputs.video ? await playable(inputs.video, "video", slices.video) : undefined;
    stage = "webcam";
    const webcam = inputs.webcam ? await playable(inputs.webcam, "webcam", slices.webcam) : undefined;

    let chapters: Chapter[] = [];
    stage = "chapters";
    if (video) {
      const chaptersDirectory = join(workDirectory, "chapters");
      await deps.files.makeDirectory(chaptersDirectory);
      chapters = await findChapters(
        {
          video: video.path,
          durationSeconds: video.probe.durationSeconds,
          size: { width: video.probe.width, height: video.probe.height },
          variableFrameRate: video.probe.variableFrameRate,
          pages: pdf ? pages : undefined,
          outputDirectory: chaptersDirectory,
        },
        deps,
        slices.chapters,
        chapterOptions,
      );
    }

    // The editor's filmstrip and waveform, from the playable copy (its keyframes every 2 s). They
    // are aids: a version whose video ffmpeg cannot read this way still succeeds without them.
    const storyboard = video
      ? await makeStoryboard(video.path, video.probe.durationSeconds, workDirectory, deps)
      : undefined;
    const waveform =
      video?.probe.audioCodec !== undefined
        ? await makeWaveform(video.path, video.probe.durationSeconds, workDirectory, deps)
        : undefined;

    stage = "done";
    progress(100);
    report({ status: "success", percent: 100, stage });
    return {
      status: "success",
      durationSeconds: video?.probe.durationSeconds,
      pdf,
      pages,
      chapters,
      video: video?.path,
      webcam: webcam?.path,
      ...(storyboard && { storyboard }),
      ...(waveform && { waveform }),
    };
  } catch (error) {
    const failure: FailedVersion =
      error instanceof ProcessingError
        ? { status: error.status, message: error.message, stage, ...(error.reason && { reason: error.reason }) }
        : { status: "failed", message: String(error), stage };
    report({ status: failure.status, percent, stage });
    return failure;
  }
}
