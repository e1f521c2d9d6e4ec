/**
 * Text search and filters of the schedule and the synopsis, and the options of the filter selects.
 */
import type { PublicPresentation, SpeakerInfo } from "./public-schedule";

/** The filters a visitor can set; an empty list or a null set means "no restriction". */
export interface ScheduleFilters {
  /** Free text; every word must occur in the presentation's searchable text. */
  search: string;
  /** Presentations with any of these speakers (main or co-speaker). */
  speakerIds: readonly number[];
  roomIds: readonly number[];
  associationIds: readonly number[];
  /** yyyy-MM-dd */
  dates: readonly string[];
  /** Presentation ids of "mine" (my schedule, or {@link myPresentationIds} for the synopsis). */
  mine: ReadonlySet<number> | null;
  /** Presentation ids with non-live questions active ('active quizzes only'). */
  activeQuizIds: ReadonlySet<number> | null;
}

/** A speaker as the speakers filter lists it. */
export type SpeakerOption = Pick<SpeakerInfo, "_id" | "title" | "firstName" | "lastName">;

/** A room or an association as its filter lists it. */
export interface NamedOption {
  _id: number;
  name: string;
}

/** The options of each multi-select filter, and whether to show it (only with more than one option). */
export interface FilterOptions {
  /** By last name, then first name. */
  speakers: SpeakerOption[];
  /** By name, numbers in names compared as numbers ("Room 2" before "Room 10"). */
  rooms: NamedOption[];
  associations: NamedOption[];
  /** yyyy-MM-dd, ascending. */
  dates: string[];
  show: { speakers: boolean; rooms: boolean; associations: boolean; dates: boolean };
}

/** Text folded for search: decomposed (NFD), combining marks removed, lower case. "Sécurité" → "securite". */
export function normalizeForSearch(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** Every speaker of a presentation: the main one (speaker_info) and the `speakers` list, each once. */
function speakersOf(presentation: PublicPresentation): SpeakerInfo[] {
  const all = presentation.speaker_info ? [presentation.speaker_info, ...presentation.speakers] : presentation.speakers;
  const seen = new Set<number>();
  return all.filter((speaker) => !seen.has(speaker._id) && seen.add(speaker._id));
}

/** The folded text a search looks through: name, speakers (title, first, last), room, type, association. */
function searchableText(presentation: PublicPresentation): string {
  const parts = [
    presentation.name,
    ...speakersOf(presentation).flatMap((speaker) => [speaker.title ?? "", speaker.firstName, speaker.lastName]),
    presentation.room_info?.name ?? "",
    presentation.type_info?.name ?? "",
    presentation.association_info?.name ?? "",
  ];
  return normalizeForSearch(parts.join("\n"));
}

/**
 * Whether a presentation matches a search, accent- and case-insensitively: every
 * whitespace-separated word of the query must occur in its name, a speaker's title, first or last
 * name, its room, type or association name. A blank query matches everything.
 */
export function matchesSearch(presentation: PublicPresentation, query: string): boolean {
  const words = normalizeForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = searchableText(presentation);
  return words.every((word) => text.includes(word));
}

/** Whether a search or any filter restricts the list (the empty state then says no presentation matches). */
export function hasActiveFilters(filters: Partial<ScheduleFilters>): boolean {
  return Boolean(
    filters.search?.trim() ||
      filters.speakerIds?.length ||
      filters.roomIds?.length ||
      filters.associationIds?.length ||
      filters.dates?.length ||
      filters.mine ||
      filters.activeQuizIds,
  );
}

/** The presentations passing every set filter (a filter left out or empty lets everything through), in input order. */
export function filterPresentations(
  presentations: readonly PublicPresentation[],
  filters: Partial<ScheduleFilters>,
): PublicPresentation[] {
  const speakerIds = new Set(filters.speakerIds ?? []);
  const roomIds = new Set(filters.roomIds ?? []);
  const associationIds = new Set(filters.associationIds ?? []);
  const dates = new Set(filters.dates ?? []);
  const { search = "", mine = null, activeQuizIds = null } = filters;
  return presentations.filter(
    (presentation) =>
      (speakerIds.size === 0 || speakersOf(presentation).some((speaker) => speakerIds.has(speaker._id))) &&
      (roomIds.size === 0 || (presentation.room_id !== null && roomIds.has(presentation.room_id))) &&
      (associationIds.size === 0 ||
        (presentation.association_id !== null && associationIds.has(presentation.association_id))) &&
      (dates.size === 0 || dates.has(presentation.date)) &&
      (mine === null || mine.has(presentation._id)) &&
      (activeQuizIds === null || activeQuizIds.has(presentation._id)) &&
      matchesSearch(presentation, search),
  );
}

/**
 * The synopsis 'My Presentations' set: the presentations whose `speaker_id` is the user's
 * `speaker_id`. Empty for a user who is not a speaker.
 */
export function myPresentationIds(
  presentations: readonly PublicPresentation[],
  userSpeakerId: number | null,
): Set<number> {
  if (userSpeakerId === null) return new Set();
  return new Set(presentations.filter((p) => p.speaker_id === userSpeakerId).map((p) => p._id));
}

/**
 * A speaker's own presentations (spec §2 `/{event_slug}/my-presentations`): those whose main
 * speaker is `speakerId` and those that list them as a co-speaker, in the given order.
 */
export function presentationsOfSpeaker(
  presentations: readonly PublicPresentation[],
  speakerId: number,
): PublicPresentation[] {
  return presentations.filter(
    (presentation) =>
      presentation.speaker_id === speakerId || speakersOf(presentation).some((speaker) => speaker._id === speakerId),
  );
}

// One collator for every comparison: `localeCompare` with options builds one per call.
const collator = new Intl.Collator(undefined, { numeric: true });
const compareNames = (a: string, b: string): number => collator.compare(a, b);

/** The options of the speakers, rooms, associations and dates filters, from the presentations shown. */
export function filterOptions(presentations: readonly PublicPresentation[]): FilterOptions {
  const speakers = new Map<number, SpeakerOption>();
  const rooms = new Map<number, NamedOption>();
  const associations = new Map<number, NamedOption>();
  const dates = new Set<string>();
  for (const presentation of presentations) {
    for (const { _id, title, firstName, lastName } of speakersOf(presentation)) {
      if (!speakers.has(_id)) speakers.set(_id, { _id, title, firstName, lastName });
    }
    if (presentation.room_id !== null && !rooms.has(presentation.room_id)) {
      rooms.set(presentation.room_id, { _id: presentation.room_id, name: presentation.room_info?.name ?? "" });
    }
    const association = presentation.association_info;
    if (association && !associations.has(association._id)) {
      associations.set(association._id, { _id: association._id, name: association.name });
    }
    dates.add(presentation.date);
  }
  const options = {
    speakers: [...speakers.values()].sort(
      (a, b) => compareNames(a.lastName, b.lastName) || compareNames(a.firstName, b.firstName) || a._id - b._id,
    ),
    rooms: [...rooms.values()].sort((a, b) => compareNames(a.name, b.name) || a._id - b._id),
    associations: [...associations.values()].sort((a, b) => compareNames(a.name, b.name) || a._id - b._id),
    dates: [...dates].sort(),
  };
  return {
    ...options,
    show: {
      speakers: options.speakers.length > 1,
      rooms: options.rooms.length > 1,
      associations: options.associations.length > 1,
      dates: options.dates.length > 1,
    },
  };
}
