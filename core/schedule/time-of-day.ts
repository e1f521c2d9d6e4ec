/** Minutes in a day. Presentation times are minutes from midnight; `end_time` exceeds this for talks crossing midnight. */
export const MINUTES_PER_DAY = 24 * 60;

/** Minutes from midnight as HH:mm, wrapping past 24:00: a talk ending at 1470 ends at "00:30", not "24:30". */
export function formatMinutes(minutes: number): string {
  const inDay = ((Math.floor(minutes) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const hours = Math.floor(inDay / 60);
  return `${String(hours).padStart(2, "0")}:${String(inDay % 60).padStart(2, "0")}`;
}

/** A moment as a wall clock in the event's time zone reads it. */
export interface WallClock {
  /** yyyy-MM-dd */
  date: string;
  /** Minutes from midnight, 0 to 1439. */
  minutes: number;
}

/**
 * "Now", always passed in: core never reads the clock. A `Date` is read on the wall clock of a
 * time zone; a {@link WallClock} is taken as it is.
 */
export type Now = Date | WallClock;

/**
 * The wall clock of `now` in `timeZone` (an IANA name such as "Europe/Paris"); without a time zone,
 * the runtime's own. Presentation times are the event's local times, so pass the event's time zone.
 */
export function wallClock(now: Now, timeZone?: string): WallClock {
  if (!(now instanceof Date)) return now;
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const parts = new Map(format.formatToParts(now).map((part) => [part.type, part.value]));
  const field = (type: Intl.DateTimeFormatPartTypes): string => parts.get(type) ?? "00";
  return {
    date: `${field("year").padStart(4, "0")}-${field("month")}-${field("day")}`,
    minutes: (Number(field("hour")) % 24) * 60 + Number(field("minute")),
  };
}

/**
 * Whether a talk on `now`'s day has ended by `now`, on the event's wall clock. A talk past midnight
 * (`end_time` beyond 1,440) has not, that day.
 */
export function endedToday(talk: { date: string; end_time: number }, now: WallClock): boolean {
  return talk.date === now.date && talk.end_time <= now.minutes;
}
