import type { PublicPresentation } from "./public-schedule";

/** One day of the schedule list: its date, its "Day N" number and its presentations by start time. */
export interface ScheduleDay {
  /** yyyy-MM-dd */
  date: string;
  /** 1-based position of `date` among the sorted distinct event dates. */
  dayNumber: number;
  presentations: PublicPresentation[];
}

/** One day of the synopsis, keyed by the presentations' own `day` field ("Day N"). */
export interface SynopsisDay {
  day: number;
  /** yyyy-MM-dd: the earliest date among the day's presentations (they normally share one). */
  date: string;
  presentations: PublicPresentation[];
}

/** Start time, then end time; ties keep their input order (the sort is stable). */
function byStartThenEnd(a: PublicPresentation, b: PublicPresentation): number {
  return a.time - b.time || a.end_time - b.end_time;
}

/**
 * Day numbers for the schedule list's day headers: the sorted distinct dates, numbered from 1.
 * Dates are yyyy-MM-dd, so sorting the strings sorts the days.
 */
export function dayNumbers(dates: readonly string[]): Map<string, number> {
  const sorted = [...new Set(dates)].sort();
  return new Map(sorted.map((date, index) => [date, index + 1]));
}

/**
 * The schedule list by day, in date order, each day's presentations by start then end time.
 * Days are numbered over `eventDates` (the event's aggregate dates) together with the
 * presentations' own dates, so a filtered list keeps the numbers of the full schedule.
 */
export function groupByDay(
  presentations: readonly PublicPresentation[],
  eventDates: readonly string[] = [],
): ScheduleDay[] {
  const byDate = new Map<string, PublicPresentation[]>();
  for (const presentation of presentations) {
    const list = byDate.get(presentation.date);
    if (list) list.push(presentation);
    else byDate.set(presentation.date, [presentation]);
  }
  const numbers = dayNumbers([...eventDates, ...byDate.keys()]);
  return [...byDate.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, list]) => ({ date, dayNumber: numbers.get(date) ?? 0, presentations: list.sort(byStartThenEnd) }));
}

/** The synopsis days: presentations grouped by their `day` number, sorted numerically (Day 2 before Day 10). */
export function synopsisDays(presentations: readonly PublicPresentation[]): SynopsisDay[] {
  const byDay = new Map<number, PublicPresentation[]>();
  for (const presentation of presentations) {
    const list = byDay.get(presentation.day);
    if (list) list.push(presentation);
    else byDay.set(presentation.day, [presentation]);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => a - b)
    .map(([day, list]) => ({
      day,
      date: list.map((presentation) => presentation.date).sort()[0] ?? "",
      presentations: list.sort(byStartThenEnd),
    }));
}
