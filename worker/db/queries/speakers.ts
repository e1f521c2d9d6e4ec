import type { SpeakerLink } from "@core/schedule/speaker-directory";
import { and, eq } from "drizzle-orm";
import * as v from "valibot";
import type { Database } from "../client";
import { speakers } from "../schema";

const StoredLinks = v.array(v.object({ url: v.string(), title: v.nullable(v.string()) }));

/** What the speakers table adds to the schedule's view of a speaker: the imported biography and links. */
export async function findSpeakerProfile(
  db: Database,
  eventId: number,
  speakerId: number,
): Promise<{ biography: string | null; links: SpeakerLink[] } | undefined> {
  const row = await db
    .select({ biography: speakers.biography, links: speakers.links })
    .from(speakers)
    .where(and(eq(speakers.eventId, eventId), eq(speakers.id, speakerId)))
    .get();
  if (!row) return undefined;
  // Written by the importer alone (import-schedule.ts); read back through the schema all the same.
  const links = row.links === null ? null : v.safeParse(StoredLinks, JSON.parse(row.links));
  return { biography: row.biography, links: links?.success ? links.output : [] };
}
