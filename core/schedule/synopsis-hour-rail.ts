/**
 * The synopsis hour rail. The day column spans 00:00 to 24:00 over the zoom's container height;
 * the rail labels the hour lines 1:00 to 24:00 (hours 1 to 24), label `h` sitting on the line of
 * h:00, so label 24 is the column's bottom edge. "Now" is always a parameter: core never reads
 * the clock.
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

function pxPerMinute(zoom: ZoomIndex): number {
  return ZOOM_CONTAINER_HEIGHTS_PX[zoom] / MINUTES_PER_DAY;
}

/** The rail's hour lines at a zoom. */
export function hourRail(zoom: ZoomIndex): HourMark[] {
  return SYNOPSIS_HOURS.map((hour) => ({ hour, top: hour * 60 * pxPerMinute(zoom) }));
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
 * Offset of the current-time bar in the day column, in px; null unless `dayDate` is today and now
 * lies between the rail's first hour line (01:00) and its last (24:00).
 */
export function currentTimeOffsetPx(now: Now, dayDate: string, zoom: ZoomIndex, timeZone?: string): number | null {
  const today = wallClock(now, timeZone);
  if (dayDate !== today.date) return null;
  if (today.minutes < FIRST_RAIL_HOUR * 60 || today.minutes > LAST_RAIL_HOUR * 60) return null;
  return today.minutes * pxPerMinute(zoom);
}
