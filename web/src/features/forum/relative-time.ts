const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Largest unit first: 26 hours ago reads "yesterday", not "26 hours ago". */
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * DAY_MS],
  ["month", 30 * DAY_MS],
  ["week", 7 * DAY_MS],
  ["day", DAY_MS],
  ["hour", HOUR_MS],
  ["minute", MINUTE_MS],
];

/**
 * How long ago `at` was, in the largest whole unit, as `Intl.RelativeTimeFormat` takes it
 * (`{ value: -3, unit: "minute" }`); null under a minute, and for a moment the clock has not reached
 * (another machine's clock may run ahead).
 */
export function timeAgo(at: number, now: number): { value: number; unit: Intl.RelativeTimeFormatUnit } | null {
  const elapsed = now - at;
  for (const [unit, length] of UNITS) {
    if (elapsed >= length) return { value: -Math.floor(elapsed / length), unit };
  }
  return null;
}
