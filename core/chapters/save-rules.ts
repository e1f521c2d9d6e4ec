import { MAX_CHAPTER_TITLE_LENGTH, MAX_CHAPTERS } from "../processing/protocol";
import { baseWidthOf } from "./constants";

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

/** The stored widths: each chapter's length at the base scale, from the times (a client's widths are not trusted). */
export function chapterWidths(times: readonly number[], durationMs: number | null): number[] {
  return times.map((time, index) => {
    const end = times[index + 1] ?? durationMs;
    return end === null || end === undefined ? 0 : baseWidthOf(end - time);
  });
}
