import { and, eq, lt, lte, type SQL, sql } from "drizzle-orm";
import type { Database } from "../client";
import { loginThrottles, rateLimits } from "../schema";

/**
 * Counts one attempt under `key` in a fixed window and tells whether it is still allowed, and
 * when the window ends. One atomic upsert, so concurrent attempts are all counted.
 */
export async function countAttemptInWindow(
  db: Database,
  key: string,
  limit: { attempts: number; windowMs: number },
  now = Date.now(),
): Promise<{ allowed: boolean; retryAfterMs: number }> {
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
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart })
    .get();
  const windowStart = row?.windowStart ?? now;
  return {
    allowed: (row?.count ?? 1) <= limit.attempts,
    retryAfterMs: Math.max(0, windowStart + limit.windowMs - now),
  };
}

/** Counts one attempt under `key` in a fixed window and tells whether it is still allowed. */
export async function countAttempt(
  db: Database,
  key: string,
  limit: { attempts: number; windowMs: number },
  now = Date.now(),
): Promise<boolean> {
  return (await countAttemptInWindow(db, key, limit, now)).allowed;
}

/**
 * Takes back one attempt under `key`: a login that succeeded. Attempts are counted before the
 * password is checked, so parallel guesses are all counted, and a success is refunded after; a
 * count back at zero leaves no row behind.
 */
export async function refundAttempt(db: Database, key: string): Promise<void> {
  await db.batch([
    db
      .update(rateLimits)
      .set({ count: sql`max(${rateLimits.count} - 1, 0)` })
      .where(eq(rateLimits.key, key)),
    db.delete(rateLimits).where(and(eq(rateLimits.key, key), lte(rateLimits.count, 0))),
  ]);
}

/** How wrong passwords slow an account down (core/auth/schemas.ts holds the values). */
export interface LoginDelayRules {
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
}

/**
 * Admits one login attempt for `email` unless the account must still wait, and answers how many
 * milliseconds are left to wait (0: admitted). An admitted attempt is counted as a failure at
 * once, in one atomic upsert, so parallel guesses are all counted and all wait;
 * `clearLoginFailures` forgets them when the password was right.
 */
export async function admitLoginAttempt(
  db: Database,
  email: string,
  rules: LoginDelayRules,
  now = Date.now(),
): Promise<number> {
  const failures = sql`case when ${loginThrottles.lastFailureAt} <= ${now - rules.forgetAfterMs} then 1 else ${loginThrottles.failures} + 1 end`;
  // The wait doubles with each failure past the free ones; the shift is capped so it cannot overflow.
  const delay = (count: SQL) =>
    sql`case when ${count} >= ${rules.freeFailures} then min(${rules.firstDelayMs} << min(${count} - ${rules.freeFailures}, 30), ${rules.maxDelayMs}) else 0 end`;
  const admitted = await db
    .insert(loginThrottles)
    .values({ email, failures: 1, lastFailureAt: now, blockedUntil: sql`${now} + ${delay(sql`1`)}` })
    .onConflictDoUpdate({
      target: loginThrottles.email,
      set: { failures, lastFailureAt: now, blockedUntil: sql`${now} + ${delay(failures)}` },
      setWhere: lte(loginThrottles.blockedUntil, now),
    })
    .returning({ failures: loginThrottles.failures })
    .get();
  if (admitted) return 0;
  const waiting = await db
    .select({ blockedUntil: loginThrottles.blockedUntil })
    .from(loginThrottles)
    .where(eq(loginThrottles.email, email))
    .get();
  return Math.max(1, (waiting?.blockedUntil ?? now) - now);
}

/** The password was right: the account's failures are forgotten. */
export async function clearLoginFailures(db: Database, email: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.email, email));
}

/** Longer than any limit's window (the longest is a day): a row older than this counts nothing. */
export const RATE_LIMIT_ROWS_KEPT_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * Deletes the counts whose window ended long ago: keys include addresses and ids from the
 * outside, so without this the table would only grow. Run by the hourly cron; answers how many
 * rows went.
 */
export async function forgetStaleRateLimits(db: Database, now = Date.now()): Promise<number> {
  const gone = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, now - RATE_LIMIT_ROWS_KEPT_MS))
    .returning({ key: rateLimits.key })
    .all();
  return gone.length;
}
