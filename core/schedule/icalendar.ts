/**
 * iCalendar (RFC 5545) export of presentations. Times are written in UTC ("Z"), the one form
 * every client reads without a VTIMEZONE block; they are computed from the event's local wall
 * time in its time zone, so a 10:00 talk in Paris shows at 10:00 for someone in Paris.
 */

export interface CalendarEntry {
  /** Globally unique and stable, so re-subscribing updates instead of duplicating. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location?: string | null;
  description?: string | null;
  url?: string | null;
}

/** The reminder choices of the calendar card, in minutes before a talk; 0 is none. */
export const CALENDAR_ALARM_CHOICES = [0, 5, 10, 15] as const;
export type CalendarAlarmMinutes = (typeof CALENDAR_ALARM_CHOICES)[number];
/** A talk's reminder unless the user chose otherwise. */
export const DEFAULT_CALENDAR_ALARM_MINUTES: CalendarAlarmMinutes = 10;

/** Minutes between UTC and the zone's wall clock at an instant (positive east of Greenwich). */
function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const wall = Date.UTC(
    value("year"),
    value("month") - 1,
    value("day"),
    value("hour"),
    value("minute"),
    value("second"),
  );
  return Math.round((wall - instant.getTime()) / 60_000);
}

/**
 * The instant of a local date and time (minutes from midnight, may pass 24:00) in a time zone.
 * Around a daylight-saving change the offset is read at the guessed instant and corrected once.
 */
export function zonedTimeToUtc(date: string, minutes: number, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const wallAsUtc = Date.UTC(year, month - 1, day, 0, minutes);
  const firstGuess = wallAsUtc - zoneOffsetMinutes(new Date(wallAsUtc), timeZone) * 60_000;
  return new Date(wallAsUtc - zoneOffsetMinutes(new Date(firstGuess), timeZone) * 60_000);
}

// Every C0 control but tab, DEL, and the Unicode line and paragraph separators.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000a-\u001f\u007f\u0085\u2028\u2029]/g;

/**
 * A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, every line break
 * (CRLF, a lone CR, a lone LF) written as `\n`, and the other control characters, which TEXT
 * may not hold, removed. A raw CR or LF would end the property and start one of the sender's
 * choosing.
 */
const escapeText = (text: string) =>
  text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n")
    .replace(CONTROL_CHARACTERS, "");

/** A URI or identifier value: no escaping exists for these, so control characters are removed. */
const safeValue = (value: string) => value.replace(CONTROL_CHARACTERS, "");

const formatInstant = (instant: Date) => `${instant.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;

function utf8Length(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

/** Lines longer than 75 octets are folded: CRLF then a space (RFC 5545 §3.1). */
function fold(line: string): string {
  const pieces: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const charSize = utf8Length(char);
    const limit = pieces.length === 0 ? 75 : 74;
    if (size + charSize > limit) {
      pieces.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += charSize;
  }
  pieces.push(current);
  return pieces.join("\r\n ");
}

/**
 * A whole VCALENDAR document, CRLF line endings. With `alarmMinutes` above 0, each event carries a
 * display VALARM that many minutes before its start (RFC 5545 §3.6.6); 0 writes none.
 */
export function buildCalendar(input: {
  name: string;
  entries: CalendarEntry[];
  now: Date;
  alarmMinutes: CalendarAlarmMinutes;
}): string {
  const stamp = formatInstant(input.now);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Event Engagement//Schedule//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(input.name)}`,
  ];
  for (const entry of input.entries) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${safeValue(entry.uid)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${formatInstant(entry.start)}`,
      `DTEND:${formatInstant(entry.end)}`,
      `SUMMARY:${escapeText(entry.summary)}`,
    );
    if (entry.location) lines.push(`LOCATION:${escapeText(entry.location)}`);
    if (entry.description) lines.push(`DESCRIPTION:${escapeText(entry.description)}`);
    if (entry.url) lines.push(`URL:${safeValue(entry.url)}`);
    if (input.alarmMinutes > 0) {
      lines.push(
        "BEGIN:VALARM",
        "ACTION:DISPLAY",
        `DESCRIPTION:${escapeText(entry.summary)}`,
        `TRIGGER;RELATED=START:-PT${input.alarmMinutes}M`,
        "END:VALARM",
      );
    }
    lines.push("END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
