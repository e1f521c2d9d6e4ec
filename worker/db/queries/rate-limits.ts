import { eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { rateLimits } from "../schema";

/**
 * Counts one attempt under `key` in a fixed window and tells whether it is still allowed.
 * One atomic upsert, so concurrent attempts are all counted.
 */
export async function countAttempt(
  db: Database,
  key: string,
  limit: { attempts: number; windowMs: number },
  now = Date.now(),
): Promise<boolean> {
  const expired = now - limit.windowMs;
  const row = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${expired} then ${now} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count })
    .get();
  return (row?.count ?? 1) <= limit.attempts;
}

/**
 * Takes back one attempt under `key`: a login that succeeded. Attempts are counted before the
 * password is checked, so parallel guesses are all counted, and a success is refunded after.
 */
export async function refundAttempt(db: Database, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`max(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}
