/**
 * How the app writes moments and durations, in both languages: the day before the month and a
 * 24-hour clock (spec: date dd/MM/yy, time 24-hour), so English reads "27/11/2026 05:34", never
 * "11/27/2026 5:34 AM" — a version's time too, though spec §9 wrote it "h:mm A": one clock on
 * every page reads better than two. Every date and time on a page goes through here or through
 * `@core/schedule/format-dates` (calendar days of the programme), in the locale `dateLocale` picks.
 */
import { dateLocale } from "@core/schedule/format-dates";

/** A moment's wall-clock time, 24-hour: "05:34", "14:05". */
export function formatTime(instant: Date, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(dateLocale(language), {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(instant);
}

/** A moment's day as digits, day first: "27/11/2026" in both languages. */
export function formatNumericDate(instant: Date, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(dateLocale(language), {
    timeZone,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).format(instant);
}

/** A moment in words: "27 novembre 2026 à 05:34", "27 November 2026 at 05:34". */
export function formatDateTime(instant: Date, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(dateLocale(language), {
    timeZone,
    dateStyle: "long",
    timeStyle: "short",
    hourCycle: "h23",
  }).format(instant);
}

/** A moment's day in words: "27 novembre 2026", "27 November 2026". */
export function formatLongDay(instant: Date, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(dateLocale(language), { timeZone, dateStyle: "long" }).format(instant);
}

/**
 * A length of time as people read it, in SI symbols that both languages share: "21 s",
 * "4 min 05 s" under ten minutes, "12 min", "1 h 05 min". Never "0 min" for a short video.
 */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const pad = (value: number) => String(value).padStart(2, "0");
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 10 * 60) {
    const rest = seconds % 60;
    return rest === 0 ? `${Math.floor(seconds / 60)} min` : `${Math.floor(seconds / 60)} min ${pad(rest)} s`;
  }
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${pad(minutes % 60)} min`;
}
