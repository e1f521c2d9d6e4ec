/**
 * Where the synopsis opens (issue: it opened on an empty night of Day 1): on today's day when the
 * event is running, at the current time less a little context; otherwise on the first day, at the
 * hour of its first talk. Pure: "now" is passed in.
 */
import type { PublicPresentation } from "./public-schedule";
import type { WallClock } from "./time-of-day";

/** How much of the timetable before "now" stays in view, in minutes. */
const CONTEXT_BEFORE_NOW_MINUTES = 30;

export interface SynopsisOpening {
  /** Index into the days passed in. */
  dayIndex: number;
  /** Minutes from midnight to bring to the top of the view. */
  minutes: number;
}

export function synopsisOpening(
  days: readonly { date: string; presentations: readonly PublicPresentation[] }[],
  now: WallClock,
): SynopsisOpening | null {
  const today = days.findIndex((day) => day.date === now.date);
  if (today !== -1) return { dayIndex: today, minutes: Math.max(0, now.minutes - CONTEXT_BEFORE_NOW_MINUTES) };
  const first = days[0];
  if (!first || first.presentations.length === 0) return null;
  const start = Math.min(...first.presentations.map((presentation) => presentation.time));
  return { dayIndex: 0, minutes: Math.max(0, Math.floor(start / 60) * 60) };
}
