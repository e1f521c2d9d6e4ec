import { DomainError, ErrorCode } from "@core/errors";
import { wallClock } from "@core/schedule/time-of-day";
import { liveRoomUrl, mayJoinLiveRoom } from "@core/visio/live-room";
import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { assertSameEvent, requireSession, type SessionEnv } from "../auth/session";
import { findLiveTalk, findRoom } from "../db/queries/visio";
import { IdParam, valid } from "../validation";

type Env = AppEnv & SessionEnv;

/**
 * Live streams (spec 1 §7 GET /api/visio/room/{roomId}; docs/recording-and-live.md): a room's visio
 * switch, and the address of a talk's live room, for the event's signed-in members.
 */
export const visioRoutes = new Hono<Env>()
  .get("/visio/room/:roomId", requireSession, valid("param", v.object({ roomId: IdParam })), async (c) => {
    const room = await findRoom(c.var.db, c.req.valid("param").roomId);
    if (!room) throw new DomainError(ErrorCode.NotFound);
    assertSameEvent(c.var.session, room.eventId);
    return c.json({ data: { name: room.name, visioEnabled: room.visioEnabled } }, 200);
  })
  .get(
    "/visio/presentation/:presentationId",
    requireSession,
    valid("param", v.object({ presentationId: IdParam })),
    async (c) => {
      const talk = await findLiveTalk(c.var.db, c.req.valid("param").presentationId);
      if (!talk) throw new DomainError(ErrorCode.PresentationNotFound);
      const { session } = c.var;
      assertSameEvent(session, talk.eventId);
      const today = wallClock(new Date(), talk.timeZone).date;
      if (!mayJoinLiveRoom(session.member, talk, today)) {
        throw new DomainError(ErrorCode.Forbidden, "the live stream opens on the talk's day");
      }
      const room = talk.roomId !== null && talk.roomName !== null ? { id: talk.roomId, name: talk.roomName } : null;
      const visioEnabled = talk.visioEnabled === true;
      // No address unless the room streams and the event has a live room: the page says which is missing.
      const url =
        room && visioEnabled && talk.template
          ? liveRoomUrl(talk.template, {
              slug: talk.slug,
              roomId: room.id,
              roomName: room.name,
              presentationId: talk.id,
            })
          : null;
      return c.json(
        {
          data: {
            presentationId: talk.id,
            name: talk.name,
            date: talk.date,
            time: talk.time,
            end_time: talk.endTime,
            eventSlug: talk.slug,
            room: room && { ...room, visioEnabled },
            url,
          },
        },
        200,
      );
    },
  );
