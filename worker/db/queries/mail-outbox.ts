import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { emailOutbox } from "../schema";

export type OutboxStatus = (typeof emailOutbox.status.enumValues)[number];

/**
 * The outbox as an operator reads it: how many mails are in each state, and the latest ones
 * (of one state when asked) with their attempts and the provider's last answer. Never the
 * message: it holds single-use links.
 */
export async function outboxReport(db: Database, options: { status: OutboxStatus | undefined; limit: number }) {
  const [counts, mails] = await Promise.all([
    db
      .select({ status: emailOutbox.status, count: sql<number>`count(*)` })
      .from(emailOutbox)
      .groupBy(emailOutbox.status),
    db
      .select({
        id: emailOutbox.id,
        to: emailOutbox.to,
        kind: emailOutbox.kind,
        subject: emailOutbox.subject,
        provider: emailOutbox.provider,
        status: emailOutbox.status,
        attempts: emailOutbox.attempts,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
        nextAttemptAt: emailOutbox.nextAttemptAt,
        error: emailOutbox.error,
      })
      .from(emailOutbox)
      .where(options.status ? eq(emailOutbox.status, options.status) : undefined)
      .orderBy(desc(emailOutbox.id))
      .limit(options.limit),
  ]);
  const byStatus = Object.fromEntries(emailOutbox.status.enumValues.map((status) => [status, 0])) as Record<
    OutboxStatus,
    number
  >;
  for (const { status, count } of counts) byStatus[status] = count;
  return { counts: byStatus, mails };
}
