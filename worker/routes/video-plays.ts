import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { admitPerAddress } from "../auth/rate-limit";
import { requireSession, type SessionEnv } from "../auth/session";
import { limitBody, SMALL_JSON_BYTES } from "../body-limit";
import { recordPlay, versionPlayCounts } from "../db/queries/plays";
import { IdParam, valid } from "../validation";
import { openTalk } from "../versions/talk-access";
import { openPublicVideo } from "./public-video";

const TalkParams = v.object({ presentationId: IdParam });

/** The random id a browser keeps for itself (docs/watch.md): letters, digits and dashes. */
const PlayBody = v.strictObject({ viewerId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{8,64}$/)) });

/**
 * Play calls per caller (an IPv4 address or an IPv6 /64) and talk and day, counted only for a
 * talk whose video the caller may watch: one call per viewer and page view, so a room of
 * attendees behind one venue address fits, and a script inventing viewer ids moves a counter by
 * this much a day at most.
 */
export const PLAYS_PER_ADDRESS_AND_TALK = { attempts: 300, windowMs: 24 * 60 * 60_000 } as const;

/** UTC day of an instant, `YYYY-MM-DD`: a viewer's play counts once per version per day. */
const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);

/** Plays of the talks' videos (spec §7 plays, version-plays): counted by the video page, read by the speaker. */
export const videoPlaysRoutes = new Hono<AppEnv & SessionEnv>()
  .post(
    "/presentation/:presentationId/plays",
    limitBody(SMALL_JSON_BYTES),
    valid("param", TalkParams),
    valid("query", v.object({ password: v.optional(v.pipe(v.string(), v.maxLength(200))) })),
    valid("json", PlayBody),
    async (c) => {
      const { presentationId } = c.req.valid("param");
      // The play counts for the version being shown: the talk's public one.
      const online = await openPublicVideo(c, presentationId, c.req.valid("query").password);
      await admitPerAddress(c, `plays:${presentationId}`, PLAYS_PER_ADDRESS_AND_TALK);
      const counted = await recordPlay(c.var.db, {
        presentationId,
        versionId: online.version.id,
        viewerKey: c.req.valid("json").viewerId,
        day: utcDay(Date.now()),
      });
      return c.json({ data: { counted } }, 200);
    },
  )
  .get("/presentation/:presentationId/version-plays", requireSession, valid("param", TalkParams), async (c) => {
    const { presentationId } = c.req.valid("param");
    await openTalk(c.var.db, c.var.session, presentationId, "read");
    return c.json({ data: await versionPlayCounts(c.var.db, presentationId) }, 200);
  });
