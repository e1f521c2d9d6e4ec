/**
 * Calendar dates of the API (`yyyy-MM-dd`, possibly followed by a time) as a UTC midnight, and
 * formatted in UTC: the day printed is the day written, whatever the reader's time zone.
 */
function calendarDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The locale that writes dates for a page language: British English for English, so that
 * English puts the day first and uses a 24-hour clock as the spec's dd/MM/yy and HH:mm do
 * ("Friday 27 November 2026", not "Friday, November 27, 2026"); the app's page and the Worker's
 * first screen both format through here, so they agree.
 */
export function dateLocale(language: string): string {
  return language.toLowerCase().startsWith("en") ? "en-GB" : "fr-FR";
}

/** Spec §9 sidebar short date (day, short month, year), as a range: "27–28 déc. 2019". */
export function formatShortDateRange(start: string, end: string, locale: string): string {
  const from = calendarDay(start);
  const to = calendarDay(end);
  if (!from) return start;
  const format = new Intl.DateTimeFormat(dateLocale(locale), {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
  if (!to || to.getTime() <= from.getTime()) return format.format(from);
  return format.formatRange(from, to);
}

/**
 * The event's days in words (`dd LLLL yyyy`), as the password prompt and the login overlay both
 * write them: "27 novembre 2026", "27–28 novembre 2026", "27–28 November 2026".
 */
export function formatDayMonthYearRange(start: string, end: string, locale: string): string {
  const from = calendarDay(start);
  const to = calendarDay(end);
  if (!from) return start;
  if (!to || to.getTime() <= from.getTime()) return formatDayMonthYear(start, locale);
  const format = new Intl.DateTimeFormat(dateLocale(locale), {
    day: "2-digit",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  return format.formatRange(from, to);
}

/** The long date of a day header: "vendredi 27 décembre 2019", "Friday, December 27, 2019". */
export function formatLongDate(value: string, locale: string): string {
  const date = calendarDay(value);
  if (!date) return value;
  return new Intl.DateTimeFormat(dateLocale(locale), {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(date);
}

/**
 * Spec §9 event start date `dd LLLL yyyy` in the locale's words: "21 novembre 2026",
 * "21 November 2026".
 */
export function formatDayMonthYear(value: string, locale: string): string {
  const date = calendarDay(value);
  if (!date) return value;
  const parts = new Intl.DateTimeFormat(dateLocale(locale), {
    day: "2-digit",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? "";
  return `${part("day")} ${part("month")} ${part("year")}`;
}
