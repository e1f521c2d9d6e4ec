import { and, eq } from "drizzle-orm";
import type { Database } from "../client";
import { presentationPlays, presentations } from "../schema";

/** How many times a presentation's public video was played; 0 before the first play. */
export async function countPresentationPlays(db: Database, presentationId: number): Promise<number> {
  const row = await db
    .select({ count: presentationPlays.count })
    .from(presentationPlays)
    .where(eq(presentationPlays.presentationId, presentationId))
    .get();
  return row?.count ?? 0;
}

/** The play counts of an event's presentations that were played at least once, by presentation id. */
export async function eventPlayCounts(db: Database, eventId: number): Promise<Record<number, number>> {
  const rows = await db
    .select({ id: presentationPlays.presentationId, count: presentationPlays.count })
    .from(presentationPlays)
    .innerJoin(presentations, eq(presentations.id, presentationPlays.presentationId))
    .where(and(eq(presentations.eventId, eventId), eq(presentations.archived, false)));
  return Object.fromEntries(rows.map((row) => [row.id, row.count]));
}
