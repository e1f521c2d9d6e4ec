/**
 * Conflicts in a personal schedule: bookmarked talks whose times overlap (Sched marks them so an
 * attendee sees they cannot attend both).
 */
import type { PublicPresentation } from "./public-schedule";

/** What an overlap needs of a talk. */
export type TimedTalk = Pick<PublicPresentation, "_id" | "name" | "date" | "time" | "end_time">;

/**
 * Whether two talks share some time. Talks that only touch (one ends at 10:00, the next starts at
 * 10:00) do not overlap; a talk without duration overlaps nothing.
 */
export function talksOverlap(a: TimedTalk, b: TimedTalk): boolean {
  return a._id !== b._id && a.date === b.date && a.time < b.end_time && b.time < a.end_time;
}

/**
 * For each talk that overlaps another of the list, the others it overlaps, in start order.
 * Talks that overlap nothing are absent from the map.
 */
export function scheduleOverlaps<T extends TimedTalk>(talks: readonly T[]): Map<number, T[]> {
  const sorted = [...talks].sort((a, b) => a.date.localeCompare(b.date) || a.time - b.time || a._id - b._id);
  const overlaps = new Map<number, T[]>();
  const add = (talk: T, other: T) => {
    const list = overlaps.get(talk._id) ?? [];
    list.push(other);
    overlaps.set(talk._id, list);
  };
  for (let i = 0; i < sorted.length; i++) {
    const talk = sorted[i] as T;
    // Sorted by start: once a later talk starts after this one ends (or on another day), none further overlaps it.
    for (let j = i + 1; j < sorted.length; j++) {
      const other = sorted[j] as T;
      if (other.date !== talk.date || other.time >= talk.end_time) break;
      if (talksOverlap(talk, other)) {
        add(talk, other);
        add(other, talk);
      }
    }
  }
  for (const list of overlaps.values()) list.sort((a, b) => a.time - b.time || a._id - b._id);
  return overlaps;
}
