/** A chapter as the versions API gives it: its image (`id`), its start in ms, its title. */
export interface Chapter {
  id: string;
  time: number;
  title: string | null;
}

/** The index of the chapter playing at `seconds` (the last one started), -1 before the first. */
export function currentChapterIndex(chapters: readonly Chapter[], seconds: number): number {
  const ms = seconds * 1000;
  let found = -1;
  for (let index = 0; index < chapters.length; index++) {
    if ((chapters[index]?.time ?? Number.POSITIVE_INFINITY) <= ms) found = index;
    else break;
  }
  return found;
}

/**
 * Where the previous/next slide key goes: the next chapter's start, or the current chapter's
 * start when more than 2 s into it (like a music player's previous), else the one before.
 */
export function chapterStepTarget(chapters: readonly Chapter[], seconds: number, step: -1 | 1): number | null {
  const index = currentChapterIndex(chapters, seconds);
  if (step === 1) {
    const next = chapters[index + 1];
    return next ? next.time / 1000 : null;
  }
  const current = chapters[index];
  if (current && seconds - current.time / 1000 > 2) return current.time / 1000;
  const previous = chapters[index - 1];
  return previous ? previous.time / 1000 : 0;
}

/**
 * The `count` chapters shown when the strip is not expanded: a window that keeps the current one
 * in view, one before it when there is room.
 */
export function visibleWindow(total: number, current: number, count: number): { start: number; end: number } {
  if (total <= count) return { start: 0, end: total };
  const start = Math.max(0, Math.min(total - count, current - 1));
  return { start, end: start + count };
}
