import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../client";
import { mySchedule, presentations } from "../schema";

export async function addToMySchedule(db: Database, userId: number, presentationId: number): Promise<void> {
  await db.insert(mySchedule).values({ userId, presentationId }).onConflictDoNothing();
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
