import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../client";
import { eventMembers } from "../schema";

/** The member's secret calendar token, created on first use. */
export async function ensureCalendarToken(db: Database, userId: number, eventId: number): Promise<string> {
  const fresh = [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, "0")).join("");
  const member = and(eq(eventMembers.userId, userId), eq(eventMembers.eventId, eventId));
  await db
    .update(eventMembers)
    .set({ calendarToken: fresh })
    .where(and(member, isNull(eventMembers.calendarToken)));
  const row = await db.select({ token: eventMembers.calendarToken }).from(eventMembers).where(member).get();
  if (!row?.token) throw new Error("calendar token was not stored");
  return row.token;
}

/** The member's reminder before each talk of their feed, in minutes (0: none). */
export async function calendarAlarmMinutes(db: Database, userId: number, eventId: number): Promise<number> {
  const row = await db
    .select({ minutes: eventMembers.calendarAlarmMinutes })
    .from(eventMembers)
    .where(and(eq(eventMembers.userId, userId), eq(eventMembers.eventId, eventId)))
    .get();
  if (!row) throw new Error("the session's member has no row");
  return row.minutes;
}

export async function setCalendarAlarmMinutes(db: Database, userId: number, eventId: number, minutes: number) {
  await db
    .update(eventMembers)
    .set({ calendarAlarmMinutes: minutes })
    .where(and(eq(eventMembers.userId, userId), eq(eventMembers.eventId, eventId)));
}

export function findMemberByCalendarToken(db: Database, token: string) {
  return db
    .select({
      userId: eventMembers.userId,
      eventId: eventMembers.eventId,
      alarmMinutes: eventMembers.calendarAlarmMinutes,
    })
    .from(eventMembers)
    .where(eq(eventMembers.calendarToken, token))
    .get();
}
