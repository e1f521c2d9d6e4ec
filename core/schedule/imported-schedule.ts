/**
 * A conference schedule as the importer applies it to the database: the result of parsing a
 * frab / c3voc / pretalx `schedule.json` (core/schedule/frab.ts). Every record carries the key
 * it is matched by on re-import, so importing the same file twice changes nothing.
 */

import type { SpeakerLink } from "./speaker-directory";

/** Event settings that frab files do not carry; read from the optional `engagement` extension. */
export interface ImportedEventSettings {
  logo?: string | null;
  venue?: string | null;
  /** Raw HTML; sanitized by the importer before it is stored. */
  adHtml?: string | null;
  allowAnonymousAccess?: boolean;
  allowCreateAccount?: boolean;
  forum?: boolean;
  quiz?: boolean;
  showVideoViews?: boolean;
  /** Whether a talk's speakers and the moderators see who wrote each feedback. */
  feedbackAuthorsVisible?: boolean;
  scheduleBackgroundColor?: string | null;
  scheduleTextColor?: string | null;
  /** Plain-text password; null removes the protection. Hashed before it is stored. */
  password?: string | null;
  /** The live-room URL template; null removes it. */
  liveRoomUrlTemplate?: string | null;
  /** Names of the rooms with visio on; when given, every other room's is off. */
  visioRooms?: string[];
}

export interface ImportedSpeaker {
  /** Person guid, else pretalx code, else `<frab id>:<public name>`, else the public name. */
  externalId: string;
  title: string | null;
  firstName: string;
  lastName: string;
  picture: string | null;
  /** Raw HTML (from the schedule's Markdown or HTML); sanitized by the importer before it is stored. */
  biography: string | null;
  links: SpeakerLink[];
}

export interface ImportedPresentation {
  /** frab event guid, else its id; `<guid or id>@<date>T<HH:MM>` for a later slot of a recurring event. */
  externalId: string;
  name: string;
  /** The event's `subtitle`, trimmed; null when absent or blank. Kept apart from the abstract. */
  subtitle: string | null;
  abstract: string | null;
  /** Local date yyyy-MM-dd in the conference's time zone. */
  date: string;
  /** Minutes from local midnight. */
  time: number;
  endTime: number;
  /** 1 + calendar days from the conference's first date to `date`. */
  day: number;
  roomName: string | null;
  /** Speakers in the schedule's order; the first is the main speaker. */
  speakerExternalIds: string[];
  typeName: string | null;
  trackName: string | null;
  associationName: string | null;
  /** Raw HTML; sanitized by the importer. */
  information: string | null;
}

export interface ImportedSchedule {
  event: {
    slug: string;
    name: string;
    /** yyyy-MM-dd */
    start: string;
    end: string;
    timeZone: string;
    settings: ImportedEventSettings;
  };
  /** In the schedule's order. */
  rooms: { name: string }[];
  speakers: ImportedSpeaker[];
  types: { name: string; icon: string | null }[];
  /** Tracks, each with a stable colour (the file's, else one derived from the name). */
  tracks: { name: string; color: string }[];
  associations: { name: string; logo: string | null }[];
  presentations: ImportedPresentation[];
}

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
}

/** What an import changed; importing the same file again reports everything unchanged. */
export interface ImportReport {
  event: "created" | "updated" | "unchanged";
  rooms: ImportCounts;
  speakers: ImportCounts;
  presentations: ImportCounts & { archived: number };
  days: number;
  revision: number;
}
