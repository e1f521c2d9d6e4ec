import type { ClientErrorReport } from "@core/client-errors/client-error-report";
import { desc, lt, sql } from "drizzle-orm";
import type { Database } from "../client";
import { clientErrors } from "../schema";

/** The newest reports kept; a burst of one broken release cannot grow the table past this. */
export const CLIENT_ERRORS_KEPT = 5_000;
export const CLIENT_ERRORS_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

export async function storeClientError(db: Database, report: ClientErrorReport & { userAgent: string | undefined }) {
  await db.insert(clientErrors).values({
    kind: report.kind,
    message: report.message,
    stack: report.stack ?? null,
    route: report.route ?? null,
    release: report.release ?? null,
    userAgent: report.userAgent ?? null,
  });
}

export function recentClientErrors(db: Database, limit: number) {
  return db.select().from(clientErrors).orderBy(desc(clientErrors.id)).limit(limit);
}

/** The hourly cron's part: reports older than 30 days, and all but the newest CLIENT_ERRORS_KEPT. */
export async function pruneClientErrors(db: Database, now = Date.now()): Promise<void> {
  await db.delete(clientErrors).where(lt(clientErrors.createdAt, now - CLIENT_ERRORS_KEPT_MS));
  await db
    .delete(clientErrors)
    .where(
      lt(
        clientErrors.id,
        sql`(select coalesce(min(id), 0) from (select id from ${clientErrors} order by id desc limit ${CLIENT_ERRORS_KEPT}))`,
      ),
    );
}
