import { basename } from "node:path";
import {
  type CompleteRequest,
  MAX_CHAPTER_TITLE_LENGTH,
  MAX_PAGE_SHOWINGS,
  MAX_PAGE_TEXT_LENGTH,
  numberedOutputName,
  STORYBOARD_OUTPUT,
  WAVEFORM_OUTPUT,
} from "@core/processing/protocol";
import type { ProcessedVersion, VersionInputs } from "./pipeline";

export interface JobOutputs {
  /** Local files to upload, each under its output name. */
  uploads: { name: string; path: string }[];
  completion: Omit<CompleteRequest, "processorId">;
}

/**
 * Each page's text with the whole seconds its chapters start at (the times the video shows it),
 * for search inside talks; pages without text are left out, and a slides-only version's pages
 * are shown at no time.
 */
export function pageTexts(version: ProcessedVersion): NonNullable<CompleteRequest["pages"]> {
  const shown = new Map<number, number[]>();
  if (version.durationSeconds !== undefined) {
    for (const chapter of version.chapters) {
      if (chapter.page === null) continue;
      const seconds = shown.get(chapter.page) ?? [];
      seconds.push(Math.floor(chapter.time));
      shown.set(chapter.page, seconds);
    }
  }
  return version.pages
    .map((page) => ({
      page: page.page,
      text: page.text.replace(/\s+/g, " ").trim().slice(0, MAX_PAGE_TEXT_LENGTH),
      seconds: (shown.get(page.page) ?? []).slice(0, MAX_PAGE_SHOWINGS),
    }))
    .filter((page) => page.text !== "");
}

/**
 * What a processed version sends back: its page renders, the chapter frames that are not page
 * renders, the editor's storyboard and waveform, and only the files the pipeline made (a PDF or a video it used as it was stays the
 * uploaded one, which the Worker already has).
 */
export function jobOutputs(version: ProcessedVersion, inputs: VersionInputs): JobOutputs {
  const uploads: JobOutputs["uploads"] = [];
  const nameOf = new Map<string, string>();
  version.pages.forEach((page, index) => {
    const name = numberedOutputName("pages", index);
    nameOf.set(page.thumbnail, name);
    uploads.push({ name, path: page.thumbnail });
  });
  const chapters = version.chapters.map((chapter, index) => {
    let thumbnail = nameOf.get(chapter.thumbnail);
    if (!thumbnail) {
      thumbnail = numberedOutputName("chapters", index);
      nameOf.set(chapter.thumbnail, thumbnail);
      uploads.push({ name: thumbnail, path: chapter.thumbnail });
    }
    return {
      timeMs: Math.round(chapter.time * 1000),
      page: chapter.page,
      title: chapter.title.slice(0, MAX_CHAPTER_TITLE_LENGTH),
      thumbnail,
    };
  });
  if (version.storyboard) {
    for (const sheet of version.storyboard.sheets) uploads.push({ name: `storyboard/${basename(sheet)}`, path: sheet });
    uploads.push({ name: STORYBOARD_OUTPUT, path: version.storyboard.description });
  }
  if (version.waveform) uploads.push({ name: WAVEFORM_OUTPUT, path: version.waveform });
  const made = <Name extends string>(path: string | undefined, source: string | undefined, name: Name) => {
    if (!path || path === source) return null;
    uploads.push({ name, path });
    return name;
  };
  return {
    uploads,
    completion: {
      durationMs: version.durationSeconds === undefined ? null : Math.round(version.durationSeconds * 1000),
      pageCount: inputs.slides ? version.pages.length : null,
      pdf: made(version.pdf, inputs.slides, "slides.pdf"),
      video: made(version.video, inputs.video, "video.mp4"),
      webcam: made(version.webcam, inputs.webcam, "webcam.mp4"),
      chapters,
      pages: pageTexts(version),
    },
  };
}
