import { sql } from "drizzle-orm";
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
