import type { Chapter } from "./model";
import { clockTime, vttTime } from "./time-format";

type Titled = Pick<Chapter, "time" | "title">;

/** A chapter's title, or `fallback(n)` (n from 1) for one without. */
const titleOf = (chapter: Titled, index: number, fallback: (n: number) => string) =>
  chapter.title.trim().replace(/\s+/g, " ") || fallback(index + 1);

/**
 * The chapters as a WebVTT chapters track: one cue per chapter, from its start to the next one's
 * (the last to the video's end). "-->" cannot appear in a cue's text, so it is spaced out.
 */
export function chaptersToWebVtt(
  chapters: readonly Titled[],
  durationMs: number,
  fallback: (n: number) => string,
): string {
  const cues = chapters.map((chapter, index) => {
    const end = chapters[index + 1]?.time ?? durationMs;
    const text = titleOf(chapter, index, fallback).replaceAll("-->", "- ->");
    return `${index + 1}\n${vttTime(chapter.time)} --> ${vttTime(end)}\n${text}`;
  });
  return `WEBVTT\n\n${cues.join("\n\n")}\n`;
}

/**
 * The chapters as YouTube reads them from a description: `00:00 Title` lines, the first at 00:00,
 * hours shown from the first chapter past one hour on.
 */
export function chaptersToYouTubeDescription(chapters: readonly Titled[], fallback: (n: number) => string): string {
  return chapters.map((chapter, index) => `${clockTime(chapter.time)} ${titleOf(chapter, index, fallback)}`).join("\n");
}
