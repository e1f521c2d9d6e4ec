/**
 * Writes schedules in the frab / c3voc `schedule.json` format, so that the demo and benchmark
 * events enter the product through the same parser as a real conference (core/schedule/frab.ts).
 */
import type { ImportedEventSettings } from "@core/schedule/imported-schedule";

export interface FrabPersonDraft {
  id: number;
  name: string;
  picture: string | null;
  biography: string | null;
  /** The person's links, frab's `{ url, title }`. */
  links?: { url: string; title: string }[];
}

export interface FrabTalkDraft {
  id: number;
  /** 0-based position of the talk's day in the document's `days`. */
  day: number;
  room: string;
  /** Minutes from local midnight. */
  start: number;
  duration: number;
  title: string;
  type: string | null;
  track: string | null;
  abstract: string | null;
  description: string | null;
  persons: FrabPersonDraft[];
  association: { name: string; logo: string | null } | null;
}

export interface FrabDocumentDraft {
  acronym: string;
  title: string;
  timeZone: string;
  /** Local dates `yyyy-MM-dd`, one per day, in order. */
  days: string[];
  rooms: string[];
  tracks: { name: string; color: string }[];
  talks: FrabTalkDraft[];
  engagement: ImportedEventSettings | null;
}

/**
 * The date `yyyy-MM-dd` of `date` in `timeZone`, `offsetDays` later: the event's own calendar,
 * which is what the app calls today (late in the evening UTC, it is already tomorrow in Paris).
 */
export function localDate(date: Date, timeZone: string, offsetDays = 0): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    date,
  );
  const shifted = new Date(`${day}T00:00:00Z`);
  shifted.setUTCDate(shifted.getUTCDate() + offsetDays);
  return shifted.toISOString().slice(0, 10);
}

function clock(minutes: number): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/**
 * The UTC offset (`+02:00`) of `timeZone` at a local date and time. Reading the offset at the
 * wall-clock time taken as UTC is off only within hours of a daylight-saving change, at night.
 */
function utcOffset(date: string, minutes: number, timeZone: string): string {
  const [year = 1970, month = 1, day = 1] = date.split("-").map(Number);
  const instant = new Date(Date.UTC(year, month - 1, day, 0, minutes));
  const zoneName = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
    .formatToParts(instant)
    .find((part) => part.type === "timeZoneName")?.value;
  const offset = zoneName?.replace("GMT", "") ?? "";
  return offset === "" ? "+00:00" : offset;
}

function frabEvent(draft: FrabTalkDraft, date: string, acronym: string, timeZone: string) {
  return {
    // No guid: the id is the external id, the same on every run, so a re-import updates in place.
    id: draft.id,
    date: `${date}T${clock(draft.start)}:00${utcOffset(date, draft.start, timeZone)}`,
    start: clock(draft.start),
    duration: clock(draft.duration),
    room: draft.room,
    slug: `${acronym}-${draft.id}`,
    title: draft.title,
    subtitle: null,
    track: draft.track,
    type: draft.type,
    language: "fr",
    abstract: draft.abstract,
    description: draft.description,
    persons: draft.persons.map((person) => ({
      id: person.id,
      public_name: person.name,
      avatar: person.picture,
      biography: person.biography,
      ...(person.links ? { links: person.links } : {}),
    })),
    links: [],
    attachments: [],
    association: draft.association,
  };
}

/** The frab JSON of the draft, with the `engagement` extension when the draft has settings. */
export function frabDocument(draft: FrabDocumentDraft): unknown {
  const days = draft.days.map((date, index) => {
    const rooms: Record<string, ReturnType<typeof frabEvent>[]> = {};
    for (const room of draft.rooms) {
      rooms[room] = draft.talks
        .filter((talk) => talk.day === index && talk.room === room)
        .sort((a, b) => a.start - b.start)
        .map((talk) => frabEvent(talk, date, draft.acronym, draft.timeZone));
    }
    return {
      index,
      date,
      day_start: `${date}T08:00:00${utcOffset(date, 8 * 60, draft.timeZone)}`,
      day_end: `${date}T23:59:00${utcOffset(date, 23 * 60 + 59, draft.timeZone)}`,
      rooms,
    };
  });
  return {
    $schema: "https://c3voc.de/schedule/schema.json",
    generator: { name: "event-engagement scripts", version: "1" },
    schedule: {
      version: "1.0",
      conference: {
        acronym: draft.acronym,
        title: draft.title,
        start: draft.days[0],
        end: draft.days[draft.days.length - 1],
        daysCount: draft.days.length,
        timeslot_duration: "00:05",
        time_zone_name: draft.timeZone,
        rooms: draft.rooms.map((name) => ({ name })),
        tracks: draft.tracks,
        days,
      },
    },
    ...(draft.engagement ? { engagement: draft.engagement } : {}),
  };
}
