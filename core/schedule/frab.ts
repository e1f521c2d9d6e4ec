/**
 * Parses the frab / c3voc `schedule.json` that frab and pretalx export into an ImportedSchedule.
 * Pure: the importer script and the API read the file, this decides what it means.
 *
 * Rules beyond the format itself:
 * - when the conference names its `time_zone_name` and an event's `date` carries an offset (`Z` or
 *   `±hh:mm`), the presentation's `date` and `time` are the wall clock of that instant in the
 *   conference's zone; otherwise `date` is the local date written in the event's `date` and `time`
 *   the minutes of its `start`, since frab writes local times. `endTime = time + duration`, beyond
 *   1440 when a talk crosses midnight;
 * - `day` is 1 + the calendar days from the conference's first date (the earliest of
 *   `conference.start` and the days' dates) to the presentation's `date`, so a talk at 00:50 after
 *   a conference night belongs to the next day; a talk before that first date is an issue, and the
 *   days' `index` is not read;
 * - an event's external id is its guid, else its id, else its pretalx `code`. When an
 *   earlier event of the file already used that key, as recurring events do, it becomes
 *   `<key>@<date>T<HH:MM>` of this occurrence; the same key at the same date and time twice is an
 *   issue;
 * - a talk's room is its key under `days[].rooms` (the event's own `room` field repeats it); rooms
 *   follow `conference.rooms`, then the days' room keys in order of first appearance;
 * - tracks keep the file's hex colour, else get `trackColor(name)`;
 * - a speaker is identified by the person's guid, else the pretalx code, else `<id>:<public name>`
 *   (merged files reuse numeric ids for different people), else the public name, and listed once
 *   across the file;
 * - an event's `subtitle` is kept as the presentation's own subtitle (trimmed, like the title),
 *   whether or not it has an abstract; it never stands in for a missing abstract;
 * - the non-standard event `association` and root `engagement` extensions are read when present;
 * - the c3voc schedule 2 layout (a flat `schedule.events` list, each event with its `room`, `start`
 *   and `end` date-times, `track` by name or slug, and `participants` whose biography and avatar
 *   are in `schedule.persons`) is read as well; its canceled, withdrawn or deleted events are left out.
 */
import * as v from "valibot";
import { abstractText, descriptionHtml } from "./frab-description";
import {
  GOT_KEYS,
  type GotKey,
  PLAIN_KEYS,
  type PlainKey,
  type ScheduleIssue,
  type ScheduleIssueText,
} from "./frab-issues";
import {
  DEFAULT_TIME_ZONE,
  type FrabEvent,
  type FrabEventDate,
  type FrabFile,
  FrabFileSchema,
  type FrabPerson,
  isUrlOrRootPath,
  type Schedule2Event,
  type Schedule2Person,
} from "./frab-schema";
import type { ImportedPresentation, ImportedSchedule, ImportedSpeaker } from "./imported-schedule";
import type { SpeakerLink } from "./speaker-directory";
import { formatMinutes, type WallClock, wallClock } from "./time-of-day";
import { isHexColor, trackColor } from "./track-colors";

export type { ScheduleIssue } from "./frab-issues";

export type FrabParseResult = { ok: true; schedule: ImportedSchedule } | { ok: false; issues: ScheduleIssue[] };

type PathSegment = string | number;

const SCHEDULE_PATH: PathSegment[] = ["schedule"];
const CONFERENCE_PATH: PathSegment[] = [...SCHEDULE_PATH, "conference"];
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Validates a parsed `schedule.json` and maps it for the event `slug`. Reports every issue found. */
export function parseFrabSchedule(json: unknown, slug: string): FrabParseResult {
  // valibot takes an array for an object; a JSON array is never a schedule.
  if (Array.isArray(json)) return { ok: false, issues: [{ path: "", key: "schedule-array" }] };
  const parsed = v.safeParse(FrabFileSchema, json);
  if (!parsed.success) return { ok: false, issues: parsed.issues.flatMap((issue) => describeIssue(issue, [])) };
  const issues: ScheduleIssue[] = [];
  const schedule = mapSchedule(parsed.output, slug, issues);
  return issues.length > 0 ? { ok: false, issues } : { ok: true, schedule };
}

/** Room keys under `days[n].rooms` are data, so they are always quoted, even when they look like names. */
function isRoomKey(segments: PathSegment[], position: number): boolean {
  return segments[position - 1] === "rooms" && typeof segments[position - 2] === "number";
}

function formatPath(segments: PathSegment[]): string {
  let path = "";
  segments.forEach((segment, position) => {
    if (typeof segment === "number") path += `[${segment}]`;
    else if (IDENTIFIER.test(segment) && !isRoomKey(segments, position)) path += path ? `.${segment}` : segment;
    else path += `[${JSON.stringify(segment)}]`;
  });
  return path;
}

function describeIssue(issue: v.BaseIssue<unknown>, parentPath: PathSegment[]): ScheduleIssue[] {
  const path = [...parentPath, ...(issue.path ?? []).map((item) => item.key as PathSegment)];
  // A union whose object branch matched the type reports that branch's own issues, which say more.
  const nested = (issue.issues ?? []).filter((inner) => inner.path && inner.path.length > 0);
  if (nested.length > 0) return nested.flatMap((inner) => describeIssue(inner, path));
  return [{ path: formatPath(path), ...describeReason(issue) }];
}

// A check of frab-schema.ts gives its text's key as its message.
const GOT = new Set<string>(GOT_KEYS);
const PLAIN = new Set<string>(PLAIN_KEYS);
const isGotKey = (message: string): message is GotKey => GOT.has(message);
const isPlainKey = (message: string): message is PlainKey => PLAIN.has(message);

/** Why valibot refused a value, as a locale text's key and values. */
function describeReason(issue: v.BaseIssue<unknown>): ScheduleIssueText {
  if (issue.kind === "schema") {
    if (issue.type === "strict_object" && issue.expected === "never") return { key: "schedule-unknown-key" };
    if (issue.received === "undefined") return { key: "schedule-required" };
  } else if (isGotKey(issue.message)) {
    return { key: issue.message, values: { got: JSON.stringify(issue.input) } };
  } else if (isPlainKey(issue.message)) {
    return { key: issue.message };
  } else if (issue.type === "max_length") {
    return { key: "schedule-max-length", values: { max: String(issue.requirement), got: issue.received } };
  }
  const expected = (issue.expected ?? "").replace(/^\((.*)\)$/, "$1");
  return { key: "schedule-type", values: { expected: jsonTypeName(expected), received: jsonTypeName(issue.received) } };
}

/** valibot names objects and arrays `Object` and `Array`; JSON says object and array. */
function jsonTypeName(name: string): string {
  const names: Record<string, string> = { Object: "object", Array: "array" };
  return name
    .split(" | ")
    .map((part) => names[part] ?? part)
    .join(" | ");
}

/** Trimmed text, or null when absent or blank. */
function text(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/**
 * `public_name` into first name (every word but the last) and last name (the last word). A
 * trailing aside such as pronouns, `tbsprs (he/his)`, stays with the word before it: it is no
 * last name (the monogram would read "T(").
 */
function splitName(publicName: string): { firstName: string; lastName: string } {
  const [, name = publicName, aside = ""] = /^(.*?\S)\s*(\([^()]*\)|\[[^[\]]*\])?\s*$/s.exec(publicName) ?? [];
  const words = name.split(/\s+/).filter(Boolean);
  if (aside) words.push(`${words.pop() ?? ""} ${aside}`.trim());
  if (words.length <= 1) return { firstName: words[0] ?? "", lastName: "" };
  return { firstName: words.slice(0, -1).join(" "), lastName: words[words.length - 1] ?? "" };
}

function pictureOf(person: FrabPerson): string | null {
  for (const candidate of [person.avatar, person.image]) {
    // c3voc schedule 2 writes `avatar: { "url": "…" }`.
    const url = isObject(candidate) ? candidate.url : candidate;
    if (typeof url === "string" && isUrlOrRootPath(url.trim())) return url.trim();
  }
  return null;
}

const LINK_URL = /^https?:\/\/\S+$/;
const MAX_LINK_URL_LENGTH = 500;
const MAX_LINK_TITLE_LENGTH = 100;
const MAX_LINKS = 20;

/**
 * A person's links that are http(s) addresses, each once: frab writes `{ url, title }`, c3voc
 * schedule 2 `{ url, service: "MASTODON" }` (named "Mastodon" here). Anything else is skipped.
 */
function linksOf(person: FrabPerson): SpeakerLink[] {
  if (!Array.isArray(person.links)) return [];
  const links: SpeakerLink[] = [];
  for (const candidate of person.links) {
    if (!isObject(candidate) || typeof candidate.url !== "string") continue;
    const url = candidate.url.trim();
    if (!LINK_URL.test(url) || url.length > MAX_LINK_URL_LENGTH || links.some((link) => link.url === url)) continue;
    const named = typeof candidate.title === "string" ? text(candidate.title) : null;
    const service = typeof candidate.service === "string" ? typeName(candidate.service) : null;
    links.push({ url, title: (named ?? service)?.slice(0, MAX_LINK_TITLE_LENGTH) ?? null });
    if (links.length === MAX_LINKS) break;
  }
  return links;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const MILLISECONDS_PER_DAY = 24 * 60 * 60 * 1000;

/** Calendar days from `from` to `to`, both `yyyy-MM-dd`. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / MILLISECONDS_PER_DAY);
}

/**
 * When and on which wall clock a talk starts: the instant of its `date` in the conference's zone
 * when both are known, else the local date as written and the minutes of `start`.
 */
function startOf(date: FrabEventDate, start: number, timeZone: string | null): WallClock {
  if (timeZone !== null && date.instant !== null) return wallClock(date.instant, timeZone);
  return { date: date.localDate, minutes: start };
}

/** What the collector needs to know of the conference to place a talk. */
interface ConferenceClock {
  /** The conference's own IANA zone, null when the file names none. */
  timeZone: string | null;
  /** `yyyy-MM-dd` of day 1. */
  firstDate: string;
}

class ScheduleCollector {
  readonly rooms = new Map<string, { name: string }>();
  readonly speakers = new Map<string, ImportedSpeaker>();
  readonly types = new Map<string, { name: string; icon: string | null }>();
  readonly tracks = new Map<string, { name: string; color: string }>();
  readonly associations = new Map<string, { name: string; logo: string | null }>();
  readonly presentations: ImportedPresentation[] = [];
  /** Event keys (guid, else id) already used. */
  private readonly eventKeys = new Set<string>();
  /** `<key>@<date>T<HH:MM>` of every event, to the path of the first event there. */
  private readonly occurrences = new Map<string, PathSegment[]>();

  constructor(
    private readonly issues: ScheduleIssue[],
    private readonly clock: ConferenceClock,
  ) {}

  addRoom(name: string): string | null {
    const room = text(name);
    if (room !== null && !this.rooms.has(room)) this.rooms.set(room, { name: room });
    return room;
  }

  addTrack(name: string, color: string | null | undefined): string | null {
    const track = text(name);
    if (track === null || this.tracks.has(track)) return track;
    const fileColor = text(color);
    this.tracks.set(track, {
      name: track,
      color: fileColor !== null && isHexColor(fileColor) ? fileColor.toLowerCase() : trackColor(track),
    });
    return track;
  }

  addEvent(event: FrabEvent, roomKey: string, path: PathSegment[]): void {
    const start = startOf(event.date, event.start, this.clock.timeZone);
    const externalId = this.externalIdOf(event, start, path);
    const day = 1 + daysBetween(this.clock.firstDate, start.date);
    if (day < 1)
      this.issues.push({
        path: formatPath([...path, "date"]),
        key: "schedule-before-first-date",
        values: { date: start.date, first: this.clock.firstDate },
      });
    const name = text(event.title);
    if (name === null) this.issues.push({ path: formatPath([...path, "title"]), key: "schedule-empty" });
    const typeName = text(event.type);
    if (typeName !== null && !this.types.has(typeName)) this.types.set(typeName, { name: typeName, icon: null });
    const speakerExternalIds: string[] = [];
    (event.persons ?? []).forEach((person, position) => {
      const speakerId = this.addSpeaker(person, [...path, "persons", position]);
      if (speakerId !== null && !speakerExternalIds.includes(speakerId)) speakerExternalIds.push(speakerId);
    });
    this.presentations.push({
      externalId: externalId ?? "",
      name: name ?? "",
      subtitle: text(event.subtitle),
      abstract: abstractText(text(event.abstract)),
      date: start.date,
      time: start.minutes,
      endTime: start.minutes + event.duration,
      day,
      roomName: this.addRoom(roomKey),
      speakerExternalIds,
      typeName,
      trackName: event.track == null ? null : this.addTrack(event.track, null),
      associationName: event.association == null ? null : this.addAssociation(event.association),
      information: descriptionHtml(text(event.description)),
    });
  }

  /**
   * The guid, else the id. A key an earlier event used gets this occurrence's date and time, so
   * that every slot of a recurring event has its own id, the same on every import of the file.
   */
  private externalIdOf(event: FrabEvent, start: WallClock, path: PathSegment[]): string | null {
    const guid = text(event.guid);
    const id = event.id == null ? null : text(String(event.id));
    const code = text(event.code);
    const key = guid ?? id ?? code;
    if (key === null) {
      this.issues.push({ path: formatPath(path), key: "schedule-needs-id" });
      return null;
    }
    const field = guid !== null ? "guid" : id !== null ? "id" : "code";
    const when = `${start.date}T${formatMinutes(start.minutes)}`;
    const occurrence = `${key}@${when}`;
    const first = this.occurrences.get(occurrence);
    if (first !== undefined) {
      this.issues.push({
        path: formatPath([...path, field]),
        key: "schedule-duplicate-event",
        values: { field, key: JSON.stringify(key), when, other: formatPath([...first, field]) },
      });
      return null;
    }
    this.occurrences.set(occurrence, path);
    if (!this.eventKeys.has(key)) {
      this.eventKeys.add(key);
      return key;
    }
    return occurrence;
  }

  /** Adds or completes the speaker; returns its external id, or null when the person has no name. */
  private addSpeaker(person: FrabPerson, path: PathSegment[]): string | null {
    const publicName = text(person.public_name) ?? text(person.name);
    if (publicName === null) {
      this.issues.push({ path: formatPath(path), key: "schedule-needs-name" });
      return null;
    }
    const id = person.id == null ? null : text(String(person.id));
    const externalId = text(person.guid) ?? text(person.code) ?? (id === null ? publicName : `${id}:${publicName}`);
    const picture = pictureOf(person);
    // Read as a talk's description is: Markdown or HTML, sanitized by the importer when stored.
    const biography = descriptionHtml(text(person.biography));
    const links = linksOf(person);
    const known = this.speakers.get(externalId);
    if (known) {
      known.picture ??= picture;
      known.biography ??= biography;
      if (known.links.length === 0) known.links = links;
    } else {
      this.speakers.set(externalId, { externalId, title: null, ...splitName(publicName), picture, biography, links });
    }
    return externalId;
  }

  private addAssociation(association: NonNullable<FrabEvent["association"]>): string | null {
    const name = text(typeof association === "string" ? association : association.name);
    if (name === null) return null;
    const rawLogo = typeof association === "string" ? null : text(association.logo);
    const logo = rawLogo !== null && isUrlOrRootPath(rawLogo) ? rawLogo : null;
    const known = this.associations.get(name);
    if (known) known.logo ??= logo;
    else this.associations.set(name, { name, logo });
    return name;
  }
}

function mapSchedule(file: FrabFile, slug: string, issues: ScheduleIssue[]): ImportedSchedule {
  const { conference } = file.schedule;
  const dayDates = conference.days.map((day) => day.date).sort();
  const [firstDate = ""] = [conference.start, ...dayDates].filter((date) => date != null).sort();
  const timeZone = text(conference.time_zone_name);
  const collector = new ScheduleCollector(issues, { timeZone, firstDate });
  for (const room of conference.rooms ?? []) collector.addRoom(room.name);
  for (const track of conference.tracks ?? []) {
    const colors = isObject(track.colors) ? track.colors : {};
    collector.addTrack(track.name, track.color ?? (typeof colors.light === "string" ? colors.light : null));
  }

  conference.days.forEach((day, dayPosition) => {
    for (const [roomKey, events] of Object.entries(day.rooms ?? {})) {
      collector.addRoom(roomKey);
      events.forEach((event, eventPosition) => {
        const path = [...CONFERENCE_PATH, "days", dayPosition, "rooms", roomKey, eventPosition];
        collector.addEvent(event, roomKey, path);
      });
    }
  });

  const persons = new Map(
    (file.schedule.persons ?? []).map((person) => [text(person.guid) ?? text(person.code), person]),
  );
  (file.schedule.events ?? []).forEach((event, position) => {
    if (OFF_PROGRAMME_STATES.has(text(event.state)?.toUpperCase() ?? "")) return;
    const frabEvent = fromSchedule2Event(event, conference.tracks ?? [], persons);
    collector.addEvent(frabEvent, roomName(event.room) ?? "", [...SCHEDULE_PATH, "events", position]);
  });

  const start = conference.start ?? dayDates[0];
  const end = conference.end ?? dayDates[dayDates.length - 1];
  if (start === undefined || end === undefined) {
    issues.push({ path: formatPath(CONFERENCE_PATH), key: "schedule-needs-dates" });
  } else if (end < start) {
    issues.push({
      path: formatPath([...CONFERENCE_PATH, "end"]),
      key: "schedule-ends-before-starts",
      values: { end, start },
    });
  }
  const name = text(conference.title);
  if (name === null) issues.push({ path: formatPath([...CONFERENCE_PATH, "title"]), key: "schedule-empty" });

  return {
    event: {
      slug,
      name: name ?? "",
      start: start ?? "",
      end: end ?? "",
      timeZone: timeZone ?? DEFAULT_TIME_ZONE,
      settings: file.engagement ?? {},
    },
    rooms: [...collector.rooms.values()],
    speakers: [...collector.speakers.values()],
    types: [...collector.types.values()],
    tracks: [...collector.tracks.values()],
    associations: [...collector.associations.values()],
    presentations: collector.presentations,
  };
}

type Schedule2Reference = Schedule2Event["room"];

/** Schedule 2 states of an event that is not (or no longer) on the programme. */
const OFF_PROGRAMME_STATES = new Set(["CANCELED", "CANCELLED", "WITHDRAWN", "DELETED", "REJECTED"]);

function roomName(room: Schedule2Reference): string | null {
  return typeof room === "string" ? text(room) : (text(room.name) ?? text(room.slug));
}

/** A track named by its name, or by the slug of one of `conference.tracks`. */
function trackName(
  track: Schedule2Reference | null | undefined,
  tracks: readonly { name: string; slug?: string | null }[],
): string | null {
  if (track == null) return null;
  if (typeof track === "string") return text(track);
  const slug = text(track.slug);
  return text(track.name) ?? tracks.find((known) => slug !== null && text(known.slug) === slug)?.name ?? slug;
}

/** `LIGHTNING_TALK` → `Lightning talk`: schedule 2 writes its event types as constants. */
function typeName(type: string | null | undefined): string | null {
  const name = text(type);
  if (name === null || name !== name.toUpperCase()) return name;
  const words = name.toLowerCase().replace(/[_-]+/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Minutes from a schedule 2 event's start to its end (or its `duration`). */
function durationOf(event: Schedule2Event): number {
  const { start, end } = event;
  if (end == null) return event.duration ?? 0;
  if (start.instant !== null && end.instant !== null)
    return Math.round((end.instant.getTime() - start.instant.getTime()) / 60_000);
  return daysBetween(start.localDate, end.localDate) * 1440 + end.localMinutes - start.localMinutes;
}

/** A c3voc schedule 2 event in the shape of a frab event, its people completed from `schedule.persons`. */
function fromSchedule2Event(
  event: Schedule2Event,
  tracks: readonly { name: string; slug?: string | null }[],
  persons: Map<string | null, Schedule2Person>,
): FrabEvent {
  return {
    id: event.id,
    code: event.code,
    guid: event.guid,
    date: event.start,
    start: event.start.localMinutes,
    duration: durationOf(event),
    title: event.title,
    subtitle: event.subtitle,
    track: trackName(event.track, tracks),
    type: typeName(event.type),
    abstract: event.abstract,
    description: event.description,
    persons: (event.participants ?? []).map((participant) => {
      const person = persons.get(text(participant.guid) ?? text(participant.code));
      return {
        id: participant.id,
        guid: participant.guid,
        code: participant.code,
        public_name: participant.public_name ?? participant.name ?? person?.public_name ?? person?.name,
        biography: person?.biography,
        avatar: person?.avatar,
        links: person?.links,
      };
    }),
  };
}
