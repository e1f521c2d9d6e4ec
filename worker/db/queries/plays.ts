import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { playViews, presentationPlays, presentations, versionPlays, versions } from "../schema";

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

/**
 * Counts one play of a version by a viewer on a UTC day, once: a second play by the same viewer
 * of the same version that day (a reload, a replay) changes nothing. Answers whether it counted.
 */
export async function recordPlay(
  db: Database,
  play: { presentationId: number; versionId: string; viewerKey: string; day: string },
): Promise<boolean> {
  const inserted = await db
    .insert(playViews)
    .values({ versionId: play.versionId, viewerKey: play.viewerKey, day: play.day })
    .onConflictDoNothing()
    .returning({ versionId: playViews.versionId });
  if (inserted.length === 0) return false;
  await db.batch([
    db
      .insert(presentationPlays)
      .values({ presentationId: play.presentationId, count: 1 })
      .onConflictDoUpdate({
        target: presentationPlays.presentationId,
        set: { count: sql`${presentationPlays.count} + 1` },
      }),
    db
      .insert(versionPlays)
      .values({ versionId: play.versionId, count: 1 })
      .onConflictDoUpdate({ target: versionPlays.versionId, set: { count: sql`${versionPlays.count} + 1` } }),
  ]);
  return true;
}

/** Every version of a talk with its plays (0 before its first), newest version first. */
export async function versionPlayCounts(db: Database, presentationId: number) {
  return db
    .select({ versionId: versions.id, online: versions.online, plays: sql<number>`coalesce(${versionPlays.count}, 0)` })
    .from(versions)
    .leftJoin(versionPlays, eq(versionPlays.versionId, versions.id))
    .where(eq(versions.presentationId, presentationId))
    .orderBy(desc(versions.createdAt), desc(versions.id));
}
