import type { PublicPresentation } from "@core/schedule/public-schedule";
import { MINUTES_PER_DAY, type WallClock } from "@core/schedule/time-of-day";

/** The day before `date` (yyyy-MM-dd), for talks that started yesterday and cross midnight. */
function dayBefore(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/**
 * The talks running at `now` (the event's wall clock), in schedule order: started and not yet
 * ended, including yesterday's talks that run past midnight.
 */
export function talksInProgress(presentations: readonly PublicPresentation[], now: WallClock): PublicPresentation[] {
  const yesterday = dayBefore(now.date);
  return presentations.filter(
    (talk) =>
      (talk.date === now.date && talk.time <= now.minutes && now.minutes < talk.end_time) ||
      (talk.date === yesterday && now.minutes + MINUTES_PER_DAY < talk.end_time),
  );
}
