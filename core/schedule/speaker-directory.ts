/**
 * The event's speakers as the speakers pages list them (Sched's and pretalx's speaker pages):
 * built from the public schedule, so a speaker is listed exactly when one of their talks is.
 */
import type { PublicPresentation, SpeakerInfo } from "./public-schedule";
import { normalizeForSearch } from "./schedule-search";
import { speakerName } from "./speaker-name";

/** One speaker of the list: who they are, the associations their talks are given for, how many talks. */
export interface SpeakerSummary extends SpeakerInfo {
  /** The associations (organisations) of their talks, each once, by name. */
  associations: { _id: number; name: string }[];
  /** Talks of the programme they give (main speaker or co-speaker). */
  talks: number;
}

/** A link of a speaker's imported profile (their site, their social accounts). */
export interface SpeakerLink {
  url: string;
  /** What the schedule calls it ("Mastodon", "Website"); null when it names nothing. */
  title: string | null;
}

/** A speaker's own page: the summary, the imported biography and links, and their talks. */
export interface SpeakerProfile {
  speaker: SpeakerSummary & {
    /** Sanitized HTML, as a talk's description is. */
    biography: string | null;
    links: SpeakerLink[];
  };
  /** Their talks, in the programme's order. */
  presentations: PublicPresentation[];
}

/** Whether the speaker gives the talk, as its main speaker or a co-speaker. */
export function givesTalk(presentation: PublicPresentation, speakerId: number): boolean {
  return presentation.speaker_info?._id === speakerId || presentation.speakers.some((s) => s._id === speakerId);
}

/** Every speaker of the programme, by last name, then first name. */
export function speakerDirectory(presentations: readonly PublicPresentation[]): SpeakerSummary[] {
  const byId = new Map<number, { speaker: SpeakerInfo; talks: number; associations: Map<number, string> }>();
  for (const presentation of presentations) {
    const people = presentation.speaker_info
      ? [presentation.speaker_info, ...presentation.speakers]
      : presentation.speakers;
    const seen = new Set<number>();
    for (const speaker of people) {
      if (seen.has(speaker._id)) continue;
      seen.add(speaker._id);
      const entry = byId.get(speaker._id) ?? { speaker, talks: 0, associations: new Map<number, string>() };
      entry.talks += 1;
      // A picture given with any of their talks is theirs.
      if (!entry.speaker.picture && speaker.picture) entry.speaker = speaker;
      const association = presentation.association_info;
      if (association) entry.associations.set(association._id, association.name);
      byId.set(speaker._id, entry);
    }
  }
  const collator = new Intl.Collator("fr", { sensitivity: "base", numeric: true });
  return [...byId.values()]
    .map(({ speaker, talks, associations }) => ({
      ...speaker,
      talks,
      associations: [...associations]
        .map(([_id, name]) => ({ _id, name }))
        .sort((a, b) => collator.compare(a.name, b.name)),
    }))
    .sort(
      (a, b) =>
        collator.compare(a.lastName || a.firstName, b.lastName || b.firstName) ||
        collator.compare(a.firstName, b.firstName) ||
        a._id - b._id,
    );
}

/**
 * Whether a speaker matches a search as the schedule's search does (accent- and case-insensitive,
 * every word must occur): in their title, first and last name, or an association's name.
 */
export function matchesSpeakerSearch(speaker: SpeakerSummary, query: string): boolean {
  const words = normalizeForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = normalizeForSearch([speakerName(speaker), ...speaker.associations.map((a) => a.name)].join("\n"));
  return words.every((word) => text.includes(word));
}
