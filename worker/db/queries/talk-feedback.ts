import type { FeedbackCsvRow } from "@core/feedback/feedback-csv";
import type { FeedbackRecord } from "@core/feedback/feedback-summary";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { events, presentationSpeakers, presentations, talkFeedback, users } from "../schema";

/** A talk that can be rated (not archived), with what its window and access rules need of its event. */
export async function findFeedbackTalk(db: Database, presentationId: number) {
  return db
    .select({
      id: presentations.id,
      eventId: presentations.eventId,
      date: presentations.date,
      time: presentations.time,
      eventEnd: events.end,
      timeZone: events.timeZone,
      passwordHash: events.passwordHash,
      authorsVisible: events.feedbackAuthorsVisible,
    })
    .from(presentations)
    .innerJoin(events, eq(events.id, presentations.eventId))
    .where(and(eq(presentations.id, presentationId), eq(presentations.archived, false)))
    .get();
}

/** Whether the speaker (`speakers.id`) is one of the talk's people. */
export async function speaksTalk(db: Database, presentationId: number, speakerId: number | null): Promise<boolean> {
  if (speakerId === null) return false;
  const row = await db
    .select({ one: sql<number>`1` })
    .from(presentations)
    .where(
      and(
        eq(presentations.id, presentationId),
        sql`(${presentations.speakerId} = ${speakerId} or exists (select 1 from ${presentationSpeakers}
          where ${presentationSpeakers.presentationId} = ${presentations.id}
            and ${presentationSpeakers.speakerId} = ${speakerId}))`,
      ),
    )
    .get();
  return row !== undefined;
}

const ownColumns = { rating: talkFeedback.rating, comment: talkFeedback.comment, updatedAt: talkFeedback.updatedAt };

export type OwnFeedback = { rating: number; comment: string | null; updatedAt: number };

export async function findOwnFeedback(
  db: Database,
  presentationId: number,
  userId: number,
): Promise<OwnFeedback | undefined> {
  return db
    .select(ownColumns)
    .from(talkFeedback)
    .where(and(eq(talkFeedback.presentationId, presentationId), eq(talkFeedback.userId, userId)))
    .get();
}

/**
 * Writes the member's one rating of the talk, new or edited. The statement itself checks the talk
 * is one of the event's and not archived: undefined when it is not, and nothing is written.
 */
export async function saveFeedback(
  db: Database,
  entry: {
    presentationId: number;
    eventId: number;
    userId: number;
    rating: number;
    comment: string | null;
    at: number;
  },
): Promise<OwnFeedback | undefined> {
  const rows = await db.all<OwnFeedback>(sql`
    insert into ${talkFeedback} (presentation_id, user_id, rating, comment, updated_at)
    select ${entry.presentationId}, ${entry.userId}, ${entry.rating}, ${entry.comment}, ${entry.at}
    where exists (select 1 from ${presentations}
      where ${presentations.id} = ${entry.presentationId} and ${presentations.eventId} = ${entry.eventId}
        and ${presentations.archived} = 0)
    on conflict (presentation_id, user_id) do update
      set rating = excluded.rating, comment = excluded.comment, updated_at = excluded.updated_at
    returning rating, comment, updated_at as updatedAt`);
  return rows[0];
}

/** The author's name; null for a deleted account, whose row stays emptied. */
const authorName = sql<string | null>`case when ${users.deletedAt} is null then ${users.name} end`;

export async function listTalkFeedback(db: Database, presentationId: number): Promise<FeedbackRecord[]> {
  return db
    .select({ ...ownColumns, authorName })
    .from(talkFeedback)
    .innerJoin(users, eq(users.id, talkFeedback.userId))
    .where(eq(talkFeedback.presentationId, presentationId))
    .orderBy(asc(talkFeedback.updatedAt));
}

/** Every rating of the event's talks (archived ones included: their ratings were given), by talk. */
export async function listEventFeedback(db: Database, eventId: number): Promise<FeedbackCsvRow[]> {
  return db
    .select({ presentationId: presentations.id, title: presentations.name, ...ownColumns, authorName })
    .from(talkFeedback)
    .innerJoin(presentations, eq(presentations.id, talkFeedback.presentationId))
    .innerJoin(users, eq(users.id, talkFeedback.userId))
    .where(eq(presentations.eventId, eventId))
    .orderBy(asc(presentations.date), asc(presentations.time), asc(presentations.id), asc(talkFeedback.updatedAt));
}
