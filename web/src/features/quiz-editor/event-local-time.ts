import { zonedTimeToUtc } from "@core/schedule/icalendar";
import { formatMinutes, wallClock } from "@core/schedule/time-of-day";

/**
 * A `datetime-local` input's value (`yyyy-MM-ddTHH:mm`) for an instant, on the event's wall
 * clock: the moderator sets times as the schedule shows them, wherever their laptop is.
 */
export function toEventLocalInput(iso: string, timeZone: string): string {
  const { date, minutes } = wallClock(new Date(iso), timeZone);
  return `${date}T${formatMinutes(minutes)}`;
}

/** The instant (ISO) of a `datetime-local` value read on the event's wall clock; null when empty or malformed. */
export function fromEventLocalInput(value: string, timeZone: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value);
  if (!match) return null;
  const [, date = "", hours = "", minutes = ""] = match;
  const instant = zonedTimeToUtc(date, Number(hours) * 60 + Number(minutes), timeZone);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}
