import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { mySchedule, presentations } from "../schema";

/**
 * Adds a presentation of the event to the user's schedule, once. The statement itself checks the
 * presentation is one of the event's (and not archived): false when it is not, and nothing is written.
 */
export async function addToMySchedule(
  db: Database,
  entry: { userId: number; eventId: number; presentationId: number },
): Promise<boolean> {
  const rows = await db.all<{ presentationId: number }>(sql`
    insert into ${mySchedule} (user_id, presentation_id)
    select ${entry.userId}, ${entry.presentationId}
    where exists (select 1 from ${presentations}
      where ${presentations.id} = ${entry.presentationId} and ${presentations.eventId} = ${entry.eventId}
        and ${presentations.archived} = 0)
    on conflict do update set user_id = excluded.user_id
    returning presentation_id as presentationId`);
  return rows.length > 0;
}

export async function removeFromMySchedule(db: Database, userId: number, presentationId: number): Promise<void> {
  await db.delete(mySchedule).where(and(eq(mySchedule.userId, userId), eq(mySchedule.presentationId, presentationId)));
}

/** The spec's `users` of a presentation: who has it in their schedule. */
export async function schedulers(db: Database, presentationId: number): Promise<{ id: number }[]> {
  return db
    .select({ id: mySchedule.userId })
    .from(mySchedule)
    .where(eq(mySchedule.presentationId, presentationId))
    .orderBy(asc(mySchedule.createdAt));
}

/** Ids of the presentations of one event in a user's schedule. */
export async function myScheduleIds(db: Database, userId: number, eventId: number): Promise<number[]> {
  const rows = await db
    .select({ id: mySchedule.presentationId })
    .from(mySchedule)
    .innerJoin(presentations, eq(presentations.id, mySchedule.presentationId))
    .where(and(eq(mySchedule.userId, userId), eq(presentations.eventId, eventId), eq(presentations.archived, false)))
    .orderBy(asc(presentations.date), asc(presentations.time));
  return rows.map((row) => row.id);
}
