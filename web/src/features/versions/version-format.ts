/**
 * Spec §9: a version's time `h:mm A` and date `DD/MM/YYYY`, in the event's time zone (where the
 * talk happens), the same in both languages as the spec writes them.
 */
export function versionTimeAndDate(iso: string, timeZone: string): { time: string; date: string } {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return { time: "", date: iso };
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? "";
  return {
    time: `${part("hour")}:${part("minute")} ${part("dayPeriod").toUpperCase()}`,
    date: `${part("day")}/${part("month")}/${part("year")}`,
  };
}

/** Spec §9 "duration formatted in hours and minutes", as the numbers the locale's text takes. */
export function durationParts(seconds: number): { hours: number; minutes: number } {
  const minutes = Math.round(seconds / 60);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
