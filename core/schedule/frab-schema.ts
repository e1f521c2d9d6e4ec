/**
 * The shape of a frab / c3voc / pretalx `schedule.json`, as far as the importer reads it.
 * Liberal like the files found in the wild: unknown keys are ignored, optional texts may be null,
 * and times are turned into minutes (and an event's offset date-time into its instant) here so that
 * frab.ts maps plain values.
 */
import * as v from "valibot";
import type { ScheduleIssueKey } from "./frab-issues";
import { isHexColor } from "./track-colors";

/** The time zone of a schedule that does not name one. */
export const DEFAULT_TIME_ZONE = "Europe/Paris";

/**
 * A check's message is the key of its locale text (frab-issues.ts); frab.ts adds the values from
 * the valibot issue (the value found, for a text that shows it).
 */
const issueKey = (key: ScheduleIssueKey): string => key;

/** `H:MM`, `HH:MM` or `HH:MM:SS`, a time of day. */
const CLOCK_TIME = /^([01]?\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/;
/** `H:MM`, `HH:MM` or `HH:MM:SS`, a length of time; hours may exceed 23. */
const DURATION = /^(\d{1,3}):([0-5]\d)(?::([0-5]\d))?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Local date and time with an optional offset, as frab writes `2019-12-27T11:00:00+01:00`. */
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d+)?)?(Z|([+-])(\d{2}):?(\d{2}))?$/i;
const URL_OR_ROOT_PATH = /^(?:https?:\/\/[^\s/]+|\/(?!\/))\S*$/i;

function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** True when the runtime's Intl knows the IANA time zone name. */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** An absolute http(s) URL or a path on this site (`/demo/logo.svg`): what may go in an `src`. */
export function isUrlOrRootPath(value: string): boolean {
  return URL_OR_ROOT_PATH.test(value);
}

/** `yyyy-MM-dd`, a real calendar date. */
const DateSchema = v.pipe(v.string(), v.check(isCalendarDate, issueKey("schedule-date")));

/** A date, or a date-time whose local date is kept: the result is `yyyy-MM-dd`. */
const DateOrDateTimeSchema = v.pipe(
  v.string(),
  v.check(
    (text) => isCalendarDate(text.slice(0, 10)) && (text.length === 10 || DATE_TIME.test(text)),
    issueKey("schedule-date-or-date-time"),
  ),
  v.transform((text) => text.slice(0, 10)),
);

/** An event's `date`, read whole: the local date as written, and the instant when an offset fixes it. */
export interface FrabEventDate {
  /** The first ten characters, `yyyy-MM-dd`: the local date as frab writes it. */
  localDate: string;
  /** The moment it names when it carries `Z` or `±hh:mm`; null for a floating local time. */
  instant: Date | null;
  /** Minutes from midnight of the local time as written. */
  localMinutes: number;
}

/** The instant a DATE_TIME names with its offset, or null when it has none; fractions of a second are dropped. */
function instantOf(text: string): Date | null {
  const match = DATE_TIME.exec(text);
  if (!match?.[7]) return null;
  const field = (group: number) => Number(match[group] ?? 0);
  const offset = match[7].toUpperCase() === "Z" ? 0 : (match[8] === "-" ? -1 : 1) * (field(9) * 60 + field(10));
  return new Date(Date.UTC(field(1), field(2) - 1, field(3), field(4), field(5) - offset, field(6)));
}

const EventDateSchema = v.pipe(
  v.string(),
  v.check((text) => DATE_TIME.test(text) && isCalendarDate(text.slice(0, 10)), issueKey("schedule-date-time")),
  v.transform(
    (text): FrabEventDate => ({
      localDate: text.slice(0, 10),
      instant: instantOf(text),
      localMinutes: Number(text.slice(11, 13)) * 60 + Number(text.slice(14, 16)),
    }),
  ),
);

/** Minutes from local midnight. */
const ClockTimeSchema = v.pipe(
  v.string(),
  v.regex(CLOCK_TIME, issueKey("schedule-clock-time")),
  v.transform((text) => {
    const [hours = "0", minutes = "0"] = text.split(":");
    return Number(hours) * 60 + Number(minutes);
  }),
);

/** Whole minutes; seconds are rounded. */
const DurationSchema = v.pipe(
  v.string(),
  v.regex(DURATION, issueKey("schedule-duration")),
  v.transform((text) => {
    const [hours = "0", minutes = "0", seconds = "0"] = text.split(":");
    return Number(hours) * 60 + Number(minutes) + Math.round(Number(seconds) / 60);
  }),
);

const OptionalText = v.nullish(v.string());

const PersonSchema = v.object({
  id: v.nullish(v.union([v.number(), v.string()])),
  guid: OptionalText,
  code: OptionalText,
  public_name: OptionalText,
  name: OptionalText,
  avatar: v.nullish(v.unknown()),
  image: v.nullish(v.unknown()),
  biography: OptionalText,
  /** `[{ url, title }]` (frab) or `[{ url, service }]` (schedule 2); read leniently by the importer. */
  links: v.nullish(v.unknown()),
});

const AssociationSchema = v.union([v.string(), v.object({ name: v.string(), logo: OptionalText })]);

/**
 * A text, or a map of it by language (`{ "en": "…", "de": "…" }`) as c3voc schedule 2 and
 * eventyay write: its first non-empty text in the file's order is read.
 */
const LocalizedText = v.union([
  v.string(),
  v.pipe(v.record(v.string(), v.nullish(v.string())), v.transform(firstLocalizedText)),
]);
const LocalizableText = v.nullish(LocalizedText);

function firstLocalizedText(texts: Record<string, string | null | undefined>): string | null {
  return Object.values(texts).find((text) => typeof text === "string" && text.trim() !== "") ?? null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * An event that gives its start only as a date-time (`"start": "2023-06-05T10:30:00+02:00"`, no
 * `date`, as some frab-like exports write) is read as frab's `date` and `start` pair.
 */
function withFrabDate(event: unknown): unknown {
  if (!isRecord(event) || event.date != null || typeof event.start !== "string" || !DATE_TIME.test(event.start))
    return event;
  return { ...event, date: event.start, start: event.start.slice(11, 16) };
}

const FrabEventSchema = v.pipe(
  v.unknown(),
  v.transform(withFrabDate),
  v.object({
    id: v.nullish(v.union([v.number(), v.string()])),
    guid: OptionalText,
    /** pretalx's submission code: the event's key when it has neither guid nor id. */
    code: OptionalText,
    date: EventDateSchema,
    start: ClockTimeSchema,
    duration: DurationSchema,
    title: v.pipe(
      LocalizedText,
      v.transform((title) => title ?? ""),
    ),
    subtitle: LocalizableText,
    track: LocalizableText,
    type: LocalizableText,
    abstract: LocalizableText,
    description: LocalizableText,
    persons: v.nullish(v.array(PersonSchema)),
    /** Not frab: the association presenting the talk. */
    association: v.nullish(AssociationSchema),
  }),
);

/** A day's `index` is not read: day numbers follow the talks' local dates (frab.ts). */
const DaySchema = v.object({
  date: DateSchema,
  rooms: v.nullish(v.record(v.string(), v.array(FrabEventSchema))),
});

const ConferenceSchema = v.object({
  title: v.string(),
  start: v.nullish(DateOrDateTimeSchema),
  end: v.nullish(DateOrDateTimeSchema),
  time_zone_name: v.nullish(
    v.pipe(
      v.string(),
      v.check((name) => name.trim() === "" || isTimeZone(name), issueKey("schedule-time-zone")),
    ),
  ),
  rooms: v.nullish(v.array(v.object({ name: v.string() }))),
  tracks: v.nullish(
    v.array(
      v.object({
        name: v.string(),
        color: OptionalText,
        /** c3voc schedule 2 writes `colors: { light, dark }` instead of `color`. */
        colors: v.nullish(v.unknown()),
        slug: OptionalText,
      }),
    ),
  ),
  days: v.array(DaySchema),
});

const HexColorSchema = v.pipe(v.string(), v.check(isHexColor, issueKey("schedule-colour")));

const UrlOrRootPathSchema = v.pipe(v.string(), v.check(isUrlOrRootPath, issueKey("schedule-url-or-path")));

/**
 * The root `engagement` extension: the product's own, so unknown keys are refused (a misspelt
 * setting would otherwise be dropped without a word).
 */
const EngagementSchema = v.strictObject({
  logo: v.nullish(UrlOrRootPathSchema),
  venue: OptionalText,
  adHtml: OptionalText,
  allowAnonymousAccess: v.optional(v.boolean()),
  allowCreateAccount: v.optional(v.boolean()),
  forum: v.optional(v.boolean()),
  quiz: v.optional(v.boolean()),
  showVideoViews: v.optional(v.boolean()),
  /** Talk feedback: whether speakers and moderators see who wrote each rating (default false). */
  feedbackAuthorsVisible: v.optional(v.boolean()),
  scheduleBackgroundColor: v.nullish(HexColorSchema),
  scheduleTextColor: v.nullish(HexColorSchema),
  password: v.nullish(v.pipe(v.string(), v.minLength(1, issueKey("schedule-password")))),
  /** The talks' live room: an http(s) URL with placeholders (docs/recording-and-live.md); null removes it. */
  liveRoomUrlTemplate: v.nullish(
    v.pipe(v.string(), v.maxLength(500), v.regex(/^https?:\/\/\S+$/, issueKey("schedule-live-url"))),
  ),
  /** The rooms whose talks stream live (their visio switch on); the others are switched off. */
  visioRooms: v.optional(v.array(v.pipe(v.string(), v.maxLength(200)))),
});

/** A named reference of c3voc schedule 2 (`{ "name": "Saal 1", "slug": "saal-1" }`) or a plain name. */
const Schedule2Reference = v.union([
  v.string(),
  v.object({ name: OptionalText, slug: OptionalText, guid: OptionalText }),
]);

const Schedule2ParticipantSchema = v.object({
  guid: OptionalText,
  code: OptionalText,
  id: v.nullish(v.union([v.number(), v.string()])),
  name: OptionalText,
  public_name: OptionalText,
  role: OptionalText,
});

/**
 * An event of the c3voc schedule 2 layout: a flat `schedule.events` list whose events carry their
 * room, their start and end as offset date-times, and participants named in `schedule.persons`.
 */
const Schedule2EventSchema = v.pipe(
  v.object({
    guid: OptionalText,
    code: OptionalText,
    id: v.nullish(v.union([v.number(), v.string()])),
    start: EventDateSchema,
    end: v.nullish(EventDateSchema),
    duration: v.nullish(DurationSchema),
    room: Schedule2Reference,
    title: v.string(),
    subtitle: OptionalText,
    track: v.nullish(Schedule2Reference),
    type: OptionalText,
    abstract: LocalizableText,
    description: LocalizableText,
    participants: v.nullish(v.array(Schedule2ParticipantSchema)),
    /** `CANCELED`, `WITHDRAWN`… : such an event is not on the programme. */
    state: OptionalText,
  }),
  v.check((event) => event.end != null || event.duration != null, issueKey("schedule-needs-end")),
  v.check(
    (event) => event.end == null || !endsBeforeStart(event.start, event.end),
    issueKey("schedule-event-ends-before-start"),
  ),
);

function endsBeforeStart(start: FrabEventDate, end: FrabEventDate): boolean {
  if (start.instant !== null && end.instant !== null) return end.instant < start.instant;
  return (
    `${end.localDate}/${String(end.localMinutes).padStart(4, "0")}` <
    `${start.localDate}/${String(start.localMinutes).padStart(4, "0")}`
  );
}

const Schedule2PersonSchema = v.object({
  guid: OptionalText,
  code: OptionalText,
  name: OptionalText,
  public_name: OptionalText,
  biography: LocalizableText,
  avatar: v.nullish(v.unknown()),
  links: v.nullish(v.unknown()),
});

/** A file that starts at `{ "version", "conference" }`, without frab's `schedule` wrapper, is read as wrapped. */
function withScheduleWrapper(file: unknown): unknown {
  return isRecord(file) && file.schedule === undefined && isRecord(file.conference) ? { schedule: file } : file;
}

export const FrabFileSchema = v.pipe(
  v.unknown(),
  v.transform(withScheduleWrapper),
  v.object({
    schedule: v.object({
      conference: ConferenceSchema,
      /** c3voc schedule 2: the events in one list instead of under `conference.days[].rooms`. */
      events: v.nullish(v.array(Schedule2EventSchema)),
      persons: v.nullish(v.array(Schedule2PersonSchema)),
    }),
    engagement: v.optional(EngagementSchema),
  }),
);

export type FrabFile = v.InferOutput<typeof FrabFileSchema>;
export type FrabEvent = v.InferOutput<typeof FrabEventSchema>;
export type FrabPerson = v.InferOutput<typeof PersonSchema>;
export type Schedule2Event = v.InferOutput<typeof Schedule2EventSchema>;
export type Schedule2Person = v.InferOutput<typeof Schedule2PersonSchema>;
