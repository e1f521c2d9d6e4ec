import { DomainError, ErrorCode } from "@core/errors";
import { type Context, Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { assertEventReadable } from "../auth/event-access";
import { type EventRow, findEventById, findEventBySlug } from "../db/queries/events";
import { findForumPresentation } from "../db/queries/forum";
import { countPresentationPlays, eventPlayCounts } from "../db/queries/plays";
import { IdParam, SlugParam, valid } from "../validation";

const PasswordQuery = v.pipe(v.string(), v.maxLength(200));

/**
 * Play counts are as open as the schedule (behind its password, to members only where it lets no
 * one in anonymously), where the organiser shows them.
 */
async function assertPlaysVisible<E extends AppEnv>(
  c: Context<E>,
  event: EventRow | undefined,
  password: string | undefined,
): Promise<EventRow> {
  if (!event) throw new DomainError(ErrorCode.EventNotFound);
  await assertEventReadable(c, event, password);
  if (!event.showVideoViews) throw new DomainError(ErrorCode.Forbidden, "this event does not show video views");
  return event;
}

/** The plays counter of schedule cards and the video page (spec §2, §7: shown when show_video_views). */
export const presentationPlaysRoutes = new Hono<AppEnv>()
  .get(
    "/presentation/plays",
    valid("query", v.object({ slug: SlugParam, password: v.optional(PasswordQuery) })),
    async (c) => {
      const { slug, password } = c.req.valid("query");
      const event = await assertPlaysVisible(c, await findEventBySlug(c.var.db, slug), password);
      return c.json({ data: { plays: await eventPlayCounts(c.var.db, event.id) } }, 200);
    },
  )
  .get(
    "/presentation/:presentationId/plays",
    valid("param", v.object({ presentationId: IdParam })),
    valid("query", v.object({ password: v.optional(PasswordQuery) })),
    async (c) => {
      const presentation = await findForumPresentation(c.var.db, c.req.valid("param").presentationId);
      if (!presentation) throw new DomainError(ErrorCode.PresentationNotFound);
      await assertPlaysVisible(c, await findEventById(c.var.db, presentation.eventId), c.req.valid("query").password);
      return c.json({ data: await countPresentationPlays(c.var.db, presentation.id) }, 200);
    },
  );
