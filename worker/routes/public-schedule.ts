import { DomainError, ErrorCode } from "@core/errors";
import type { PublicSchedule } from "@core/schedule/public-schedule";
import { Hono, type TypedResponse } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { assertEventReadable } from "../auth/event-access";
import { currentSchedule } from "../cache/current-schedule";
import { cachedScheduleResponse } from "../cache/schedule-cache";
import { findEventBySlug, findEventRevision, toPublicEvent } from "../db/queries/events";
import { loadPublicPresentation } from "../db/queries/public-schedule";
import { IdParam, SlugParam, valid } from "../validation";

const PasswordQuery = v.object({ password: v.optional(v.pipe(v.string(), v.maxLength(200))) });

export const publicScheduleRoutes = new Hono<AppEnv>()
  .get(
    "/public/schedule/:slug",
    valid("param", v.object({ slug: SlugParam })),
    valid("query", PasswordQuery),
    async (c) => {
      const { slug } = c.req.valid("param");
      const { password } = c.req.valid("query");
      const current = await findEventRevision(c.var.db, slug);
      if (!current) throw new DomainError(ErrorCode.EventNotFound);
      await assertEventReadable(c, current, password);

      const cached = await currentSchedule(c.var.db, slug, current.revision);
      // The cached bytes are `{ data: PublicSchedule }` as JSON (current-schedule.ts writes them):
      // said here so that the web's typed client knows the answer.
      return cachedScheduleResponse(cached, c.req.raw) as unknown as TypedResponse<
        { data: PublicSchedule },
        200,
        "json"
      >;
    },
  )
  .get(
    "/public/schedule/:slug/:presentationId",
    valid("param", v.object({ slug: SlugParam, presentationId: IdParam })),
    valid("query", PasswordQuery),
    async (c) => {
      const { slug, presentationId } = c.req.valid("param");
      const event = await findEventBySlug(c.var.db, slug);
      if (!event) throw new DomainError(ErrorCode.EventNotFound);
      await assertEventReadable(c, event, c.req.valid("query").password);
      const presentation = await loadPublicPresentation(c.var.db, event, presentationId);
      if (!presentation) throw new DomainError(ErrorCode.PresentationNotFound);
      return c.json({ data: { event: toPublicEvent(event), presentation } }, 200);
    },
  )
  // The branding a login overlay or password prompt needs, public by design; never the ad or the
  // programme of an event behind a password or a login, which stay behind them.
  .get("/public/schedule-basic/:slug", valid("param", v.object({ slug: SlugParam })), async (c) => {
    const event = await findEventBySlug(c.var.db, c.req.valid("param").slug);
    if (!event) throw new DomainError(ErrorCode.EventNotFound);
    const basic = toPublicEvent(event);
    const closed = basic.protected || !basic.allowAnonymousAccess;
    return c.json({ data: { event: closed ? { ...basic, ad: null, venue: null } : basic }, message: "ok" }, 200);
  });
