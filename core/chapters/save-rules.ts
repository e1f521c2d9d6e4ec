import { MAX_CHAPTER_TITLE_LENGTH, MAX_CHAPTERS } from "../processing/protocol";
import { baseWidthOf, DEFAULT_CHAPTER_WIDTH_SECONDS } from "./constants";

// A speaker must always be able to save back what the processor detected, unchanged: the editor's
// limits are the processor's own.
/** At most this many chapters in one save. */
export const MAX_SAVED_CHAPTERS = MAX_CHAPTERS;
export const MAX_CHAPTER_TITLE = MAX_CHAPTER_TITLE_LENGTH;
export const MAX_CHAPTER_DESCRIPTION = 1000;

/**
 * Why a list of chapter starts cannot be saved, or null: the first starts at 0, each after the one
 * before, all before the video's end (when it is known). The minimum width is the editor's rule
 * for edits, not checked here: the detector's own chapters may be shorter and must stay savable.
 * The same rule holds for the editor's saves and the processor's completions; `timePath` names a
 * chapter's time in the caller's body.
 */
export function chapterTimesProblem(
  times: readonly number[],
  durationMs: number | null,
  timePath = (index: number) => `thumbnails.${index}.time`,
): string | null {
  if (times[0] !== 0) return `${timePath(0)}: the first chapter starts at 0`;
  for (let index = 1; index < times.length; index++) {
    if ((times[index] ?? 0) <= (times[index - 1] ?? 0)) return `${timePath(index)}: after the previous chapter's`;
  }
  const last = times[times.length - 1] ?? 0;
  if (durationMs !== null && last >= durationMs) return `${timePath(times.length - 1)}: before the video's end`;
  return null;
}

/**
 * The chapters' widths: each one's length at the base scale, from the times (a client's widths
 * are not trusted). While the video's duration is unknown the last one has the spec's default
 * width of 60 s, as the editor draws it.
 */
export function chapterWidths(times: readonly number[], durationMs: number | null): number[] {
  return times.map((time, index) => {
    const next = times[index + 1];
    if (next !== undefined) return baseWidthOf(next - time);
    return baseWidthOf(durationMs === null ? DEFAULT_CHAPTER_WIDTH_SECONDS * 1000 : durationMs - time);
  });
}
