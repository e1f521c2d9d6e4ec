import { and, eq } from "drizzle-orm";
import type { Database } from "../client";
import { events, presentations, rooms } from "../schema";

export function findRoom(db: Database, roomId: number) {
  return db
    .select({ id: rooms.id, eventId: rooms.eventId, name: rooms.name, visioEnabled: rooms.visioEnabled })
    .from(rooms)
    .where(eq(rooms.id, roomId))
    .get();
}

/** A talk (not withdrawn) with what its live room needs: its room, its event's slug, zone and URL template. */
export function findLiveTalk(db: Database, presentationId: number) {
  return db
    .select({
      id: presentations.id,
      name: presentations.name,
      date: presentations.date,
      time: presentations.time,
      endTime: presentations.endTime,
      speakerId: presentations.speakerId,
      eventId: presentations.eventId,
      slug: events.slug,
      timeZone: events.timeZone,
      template: events.liveRoomUrlTemplate,
      roomId: rooms.id,
      roomName: rooms.name,
      visioEnabled: rooms.visioEnabled,
    })
    .from(presentations)
    .innerJoin(events, eq(events.id, presentations.eventId))
    .leftJoin(rooms, eq(rooms.id, presentations.roomId))
    .where(and(eq(presentations.id, presentationId), eq(presentations.archived, false)))
    .get();
}
