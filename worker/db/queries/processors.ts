import { asc, count, gte, min, sql } from "drizzle-orm";
import type { Database } from "../client";
import { processingJobs, processors } from "../schema";

/** A processor's sighting is written at most this often (it asks for work every 2 s). */
const SIGHTING_WRITE_MS = 30_000;
/** The operator's list: processors seen within the last hour. */
const LISTED_MS = 60 * 60_000;
/** A queue is served while some processor asked for work within this time. */
export const PROCESSOR_SEEN_MS = 2 * 60_000;
/** A version pending this long with no processor seen tells its speaker why. */
export const WAITING_FOR_PROCESSOR_MS = 10 * 60_000;

/** Records that `id` asked for work now: one row per processor, rewritten every 30 s at most. */
export async function recordProcessorSeen(
  db: Database,
  sighting: { id: string; version: string | undefined; now: number },
) {
  await db
    .insert(processors)
    .values({ id: sighting.id, version: sighting.version ?? null, firstSeenAt: sighting.now, lastSeenAt: sighting.now })
    .onConflictDoUpdate({
      target: processors.id,
      set: { version: sql`excluded.version`, lastSeenAt: sql`excluded.last_seen_at` },
      setWhere: sql`${processors.lastSeenAt} < ${sighting.now - SIGHTING_WRITE_MS} or ${processors.version} is not excluded.version`,
    });
}

/** When a processor last asked for work, or null if none ever did. */
export async function lastProcessorSeenAt(db: Database): Promise<number | null> {
  const [row] = await db.select({ at: sql<number | null>`max(${processors.lastSeenAt})` }).from(processors);
  return row?.at ?? null;
}

/** What an operator needs to see a queue nobody serves: who asked for work lately, and what waits. */
export async function processorsReport(db: Database, now = Date.now()) {
  const [seen, waiting] = await Promise.all([
    db
      .select({
        id: processors.id,
        version: processors.version,
        firstSeenAt: processors.firstSeenAt,
        lastSeenAt: processors.lastSeenAt,
        // Qualified by hand: inside a subquery drizzle names columns without their table.
        leasedJobs: sql<number>`(select count(*) from processing_jobs as job where job.status = 'leased' and job.lease_owner = "processors"."id")`,
      })
      .from(processors)
      .where(gte(processors.lastSeenAt, now - LISTED_MS))
      .orderBy(asc(processors.id)),
    db
      .select({ status: processingJobs.status, jobs: count(), oldestAt: min(processingJobs.createdAt) })
      .from(processingJobs)
      .where(sql`${processingJobs.status} in ('queued', 'leased')`)
      .groupBy(processingJobs.status),
  ]);
  const queued = waiting.find((row) => row.status === "queued");
  const leased = waiting.find((row) => row.status === "leased");
  return {
    processors: seen,
    jobs: { queued: queued?.jobs ?? 0, leased: leased?.jobs ?? 0, oldestQueuedAt: queued?.oldestAt ?? null },
    served: seen.some((processor) => processor.lastSeenAt >= now - PROCESSOR_SEEN_MS),
  };
}
