import { DomainError, ErrorCode } from "@core/errors";
import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { assertEventReadable } from "../auth/event-access";
import { requireSession, type SessionEnv } from "../auth/session";
import { limitBody, SMALL_JSON_BYTES } from "../body-limit";
import { findEventById } from "../db/queries/events";
import { findForumPresentation } from "../db/queries/forum";
import { recordPlay, versionPlayCounts } from "../db/queries/plays";
import { listVersions } from "../db/queries/versions";
import { IdParam, valid } from "../validation";
import { openTalk } from "../versions/talk-access";

const TalkParams = v.object({ presentationId: IdParam });

/** The random id a browser keeps for itself (docs/watch.md): letters, digits and dashes. */
const PlayBody = v.strictObject({ viewerId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{8,64}$/)) });

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
      const { db } = c.var;
      const presentation = await findForumPresentation(db, presentationId);
      if (!presentation) throw new DomainError(ErrorCode.PresentationNotFound);
      const event = await findEventById(db, presentation.eventId);
      if (!event) throw new DomainError(ErrorCode.EventNotFound);
      await assertEventReadable(c, event, c.req.valid("query").password);
      // The play counts for the version being shown: the talk's online, successful one.
      const online = (await listVersions(db, presentationId)).find(
        ({ version }) => version.online && version.status === "success",
      );
      if (!online) throw new DomainError(ErrorCode.NotFound, "this presentation has no public video");
      const counted = await recordPlay(db, {
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
