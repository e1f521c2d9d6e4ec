import { DomainError, ErrorCode } from "@core/errors";
import { givesTalk, type SpeakerProfile, speakerDirectory } from "@core/schedule/speaker-directory";
import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { assertEventReadable } from "../auth/event-access";
import { currentSchedule } from "../cache/current-schedule";
import { findEventRevision } from "../db/queries/events";
import { findSpeakerProfile } from "../db/queries/speakers";
import { IdParam, SlugParam, valid } from "../validation";

const PasswordQuery = v.object({ password: v.optional(v.pipe(v.string(), v.maxLength(200))) });

/**
 * The speakers pages' data. Who may read them is who may read the programme (the same password,
 * anonymous-access rule and roles as `GET /api/public/schedule/:slug`), and a speaker is listed
 * exactly when one of their talks is in it.
 */
export const speakerRoutes = new Hono<AppEnv>()
  .get(
    "/events/:slug/speakers",
    valid("param", v.object({ slug: SlugParam })),
    valid("query", PasswordQuery),
    async (c) => {
      const { slug } = c.req.valid("param");
      const current = await findEventRevision(c.var.db, slug);
      if (!current) throw new DomainError(ErrorCode.EventNotFound);
      await assertEventReadable(c, current, c.req.valid("query").password);
      const { schedule } = await currentSchedule(c.var.db, slug, current.revision);
      return c.json({ data: { speakers: speakerDirectory(schedule.presentations) } }, 200);
    },
  )
  .get(
    "/events/:slug/speakers/:speakerId",
    valid("param", v.object({ slug: SlugParam, speakerId: IdParam })),
    valid("query", PasswordQuery),
    async (c) => {
      const { slug, speakerId } = c.req.valid("param");
      const current = await findEventRevision(c.var.db, slug);
      if (!current) throw new DomainError(ErrorCode.EventNotFound);
      await assertEventReadable(c, current, c.req.valid("query").password);
      const { schedule } = await currentSchedule(c.var.db, slug, current.revision);
      const presentations = schedule.presentations.filter((presentation) => givesTalk(presentation, speakerId));
      const summary = speakerDirectory(presentations).find((speaker) => speaker._id === speakerId);
      const profile = summary && (await findSpeakerProfile(c.var.db, current.id, speakerId));
      if (!summary || !profile) throw new DomainError(ErrorCode.SpeakerNotFound);
      const body: SpeakerProfile = { speaker: { ...summary, ...profile }, presentations };
      return c.json({ data: body }, 200);
    },
  );
