/**
 * What the schedule importer finds wrong in a file, as data: the key of a locale text
 * (locales/{fr,en}/validation.json) and the values of its placeholders. The Worker words each
 * issue in the caller's language; nothing here is English or French.
 */

/** Texts without placeholders. */
export const PLAIN_KEYS = [
  "schedule-array",
  "schedule-empty",
  "schedule-needs-id",
  "schedule-needs-name",
  "schedule-needs-dates",
  "schedule-needs-end",
  "schedule-event-ends-before-start",
  "schedule-password",
  "schedule-live-url",
  "schedule-unknown-key",
  "schedule-required",
] as const;
export type PlainKey = (typeof PLAIN_KEYS)[number];

/** Texts that show the value found, `{{got}}` (JSON, so a string is quoted). */
export const GOT_KEYS = [
  "schedule-date",
  "schedule-date-or-date-time",
  "schedule-date-time",
  "schedule-clock-time",
  "schedule-duration",
  "schedule-time-zone",
  "schedule-colour",
  "schedule-url-or-path",
] as const;
export type GotKey = (typeof GOT_KEYS)[number];

export type ScheduleIssueText =
  | { key: PlainKey; values?: undefined }
  | { key: GotKey; values: { got: string } }
  | { key: "schedule-before-first-date"; values: { date: string; first: string } }
  | { key: "schedule-duplicate-event"; values: { field: string; key: string; when: string; other: string } }
  | { key: "schedule-ends-before-starts"; values: { end: string; start: string } }
  | { key: "schedule-max-length"; values: { max: string; got: string } }
  | { key: "schedule-type"; values: { expected: string; received: string } }
  | { key: "schedule-more"; values: { count: string } };

export type ScheduleIssueKey = ScheduleIssueText["key"];

/** One problem in a schedule file: where (`schedule.conference.days[1].rooms["Saal 1"][3].start`) and why. */
export type ScheduleIssue = {
  /** JSON path from the root of the file; empty for the file itself. */
  path: string;
} & ScheduleIssueText;
