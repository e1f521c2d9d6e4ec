/**
 * Where the synopsis opens (issue: it opened on an empty night of Day 1): on today's day when the
 * event is running, at the current time less a little context; otherwise on the first day, at the
 * top of its rail (an hour before its first talk). Pure: "now" is passed in.
 */
import type { PublicPresentation } from "./public-schedule";
import { railStartMinutes } from "./synopsis-hour-rail";
import type { SynopsisRoomLayout } from "./synopsis-layout";
import type { WallClock } from "./time-of-day";

/** How much of the timetable before "now" stays in view, in minutes. */
const CONTEXT_BEFORE_NOW_MINUTES = 30;

export interface SynopsisOpening {
  /** Index into the days passed in. */
  dayIndex: number;
  /** Minutes from midnight to bring to the top of the view; never before the day's rail start. */
  minutes: number;
  /** Whether the view opens on the present time (today), rather than at the top of the first day. */
  now: boolean;
}

export function synopsisOpening(
  days: readonly { date: string; presentations: readonly PublicPresentation[] }[],
  now: WallClock,
): SynopsisOpening | null {
  const today = days.findIndex((day) => day.date === now.date);
  const todayDay = days[today];
  if (todayDay) {
    const start = railStartMinutes(todayDay.presentations);
    return { dayIndex: today, minutes: Math.max(start, now.minutes - CONTEXT_BEFORE_NOW_MINUTES), now: true };
  }
  const first = days[0];
  if (!first || first.presentations.length === 0) return null;
  return { dayIndex: 0, minutes: railStartMinutes(first.presentations), now: false };
}

/**
 * The minute a view of `rooms` (a day's columns on a desktop, its one room on a phone) opens at:
 * the opening's, but never after the start of the view's last talk, so that an evening after the
 * talks, or a room whose talks are over, opens on its last talk rather than on empty hours.
 */
export function openingMinutesIn(minutes: number, rooms: readonly SynopsisRoomLayout[]): number {
  let lastStart = Number.NEGATIVE_INFINITY;
  for (const room of rooms) for (const item of room.items) lastStart = Math.max(lastStart, item.start);
  return Math.min(minutes, lastStart === Number.NEGATIVE_INFINITY ? minutes : lastStart);
}
