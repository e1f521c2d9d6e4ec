import { openDatabase } from "./db/client";
import { pruneClientErrors } from "./db/queries/client-errors";
import { forgetStaleRateLimits } from "./db/queries/rate-limits";
import type { Env } from "./env";
import { deliverDueMails } from "./mail/mail-queue";
import { mailSettings } from "./mail/mail-settings";
import { sweepExpiredUploads, sweepUnreferencedUploads } from "./uploads/sweep-expired-uploads";

/** wrangler.toml's hourly cron; the other one runs every 5 minutes. */
export const HOURLY_CRON = "17 * * * *";

/**
 * The cron triggers of wrangler.toml. Every 5 minutes: account e-mails due for another delivery
 * attempt (docs/operations.md, "E-mail"). Hourly, besides: unfinished uploads past their expiry
 * are freed and finished ones nothing uses deleted after a day (docs/uploads.md), and rate-limit
 * counts whose window ended days ago are forgotten (docs/security-accounts.md), and the browsers'
 * error reports beyond the newest 5,000 or 30 days old are deleted (docs/operations.md).
 */
export async function runScheduledTasks(cron: string, env: Env, context: ExecutionContext): Promise<void> {
  const db = openDatabase(env.DB);
  context.waitUntil(deliverDueMails(db, mailSettings(env)));
  if (cron !== HOURLY_CRON) return;
  context.waitUntil(
    sweepExpiredUploads(db, env.FILES).then((freed) => {
      if (freed > 0) console.log(`uploads: ${freed} expired unfinished upload(s) freed`);
    }),
  );
  context.waitUntil(
    sweepUnreferencedUploads(db, env.FILES).then((deleted) => {
      if (deleted > 0) console.log(`uploads: ${deleted} finished upload(s) nothing used deleted`);
    }),
  );
  context.waitUntil(forgetStaleRateLimits(db));
  context.waitUntil(pruneClientErrors(db));
}
