/**
 * The synopsis hour rail. A day column is drawn at the zoom's scale (`ZOOM_CONTAINER_HEIGHTS_PX`
 * for 00:00 to 24:00) but from the rail's start, an hour before the day's first talk (a calendar
 * does not open on empty night hours), down to 24:00. The rail labels the hour lines of that span
 * among hours 1 to 24, label `h` sitting on the line of h:00, so label 24 is the column's bottom
 * edge. "Now" is always a parameter: core never reads the clock.
 */
import { SYNOPSIS_HOURS, ZOOM_CONTAINER_HEIGHTS_PX, type ZoomIndex } from "./synopsis-constants";
import { MINUTES_PER_DAY, type Now, wallClock } from "./time-of-day";

/** One labelled hour line of the rail. */
export interface HourMark {
  /** 1 to 24. */
  hour: number;
  /** Offset of the h:00 line from the top of the day column, in px. */
  top: number;
}

const FIRST_RAIL_HOUR = SYNOPSIS_HOURS[0] ?? 1;
const LAST_RAIL_HOUR = SYNOPSIS_HOURS[SYNOPSIS_HOURS.length - 1] ?? 24;

/** How much of the day the rail shows before its first talk. */
export const RAIL_LEAD_MINUTES = 60;

function pxPerMinute(zoom: ZoomIndex): number {
  return ZOOM_CONTAINER_HEIGHTS_PX[zoom] / MINUTES_PER_DAY;
}

/**
 * Where a day's rail starts, in minutes from midnight: the whole hour an hour before its first
 * talk starts (a talk at 09:30 opens the rail at 08:00), never before 00:00; 00:00 for an empty day.
 */
export function railStartMinutes(presentations: readonly { time: number }[]): number {
  if (presentations.length === 0) return 0;
  const first = Math.min(...presentations.map((presentation) => presentation.time));
  return Math.max(0, Math.floor((first - RAIL_LEAD_MINUTES) / 60) * 60);
}

/** The height of a day column drawn from `startMinutes` to 24:00 at a zoom, in px. */
export function dayColumnHeight(zoom: ZoomIndex, startMinutes = 0): number {
  return (MINUTES_PER_DAY - startMinutes) * pxPerMinute(zoom);
}

/** The rail's hour lines at a zoom, for a column drawn from `startMinutes`. */
export function hourRail(zoom: ZoomIndex, startMinutes = 0): HourMark[] {
  return SYNOPSIS_HOURS.filter((hour) => hour * 60 >= startMinutes).map((hour) => ({
    hour,
    top: (hour * 60 - startMinutes) * pxPerMinute(zoom),
  }));
}

/**
 * Whether the rail greys an hour of the day `dayDate` (yyyy-MM-dd): every hour of a past day; on
 * today, the hours whose line h:00 has passed; none of a future day. `timeZone` (the event's) reads
 * a `Date` on the event's wall clock.
 */
export function isPastHour(hour: number, now: Now, dayDate: string, timeZone?: string): boolean {
  const today = wallClock(now, timeZone);
  if (dayDate !== today.date) return dayDate < today.date;
  return today.minutes >= hour * 60;
}

/**
 * Offset of the current-time bar in the day column drawn from `startMinutes`, in px; null unless
 * `dayDate` is today and now lies between the rail's first hour line shown and its last (24:00).
 */
export function currentTimeOffsetPx(
  now: Now,
  dayDate: string,
  zoom: ZoomIndex,
  timeZone?: string,
  startMinutes = 0,
): number | null {
  const today = wallClock(now, timeZone);
  if (dayDate !== today.date) return null;
  const firstLine = Math.max(FIRST_RAIL_HOUR * 60, startMinutes);
  if (today.minutes < firstLine || today.minutes > LAST_RAIL_HOUR * 60) return null;
  return (today.minutes - startMinutes) * pxPerMinute(zoom);
}
