import { DomainError, ErrorCode } from "@core/errors";
import { filterPresentations, myPresentationIds } from "@core/schedule/schedule-search";
import { type Context, Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { assertEventReadable } from "../auth/event-access";
import { optionalSession, type SessionEnv, sessionOfEvent } from "../auth/session";
import { currentSchedule } from "../cache/current-schedule";
import { findEventByReference } from "../db/queries/events";
import { myScheduleIds } from "../db/queries/my-schedule";
import { IdParam, SlugParam, valid } from "../validation";

/** How a schedule search names its event: by id or slug (both: they must agree), with its password if any. */
export const EventReferenceEntries = {
  eventId: v.optional(IdParam),
  slug: v.optional(SlugParam),
  password: v.optional(v.pipe(v.string(), v.maxLength(200))),
};

/** The event a search names, once the caller may read it (event password, anonymous access). */
export async function readableEventOf(
  c: Context<AppEnv & Partial<SessionEnv>>,
  query: { eventId?: number; slug?: string; password?: string },
) {
  const event = await findEventByReference(c.var.db, query.slug ?? String(query.eventId));
  if (!event || (query.slug && query.eventId !== undefined && event.id !== query.eventId)) {
    throw new DomainError(ErrorCode.EventNotFound);
  }
  await assertEventReadable(c, event, query.password);
  return event;
}

const FilterQuery = v.pipe(
  v.object({
    ...EventReferenceEntries,
    userId: v.optional(IdParam),
    search: v.optional(v.pipe(v.string(), v.maxLength(200)), ""),
    /** all; my-presentations (the user's talks as a speaker); my-schedule (their personal schedule). */
    type: v.optional(v.picklist(["all", "my-presentations", "my-schedule"]), "all"),
  }),
  v.check((query) => query.eventId !== undefined || query.slug !== undefined, "eventId or slug is required"),
);

/** Server-side search of a schedule, accent- and case-insensitive, with the "mine" filters. */
export const presentationFilterRoutes = new Hono<AppEnv & Partial<SessionEnv>>().get(
  "/presentation/filter",
  optionalSession,
  valid("query", FilterQuery),
  async (c) => {
    const query = c.req.valid("query");
    const event = await readableEventOf(c, query);
    // A token of another event reads as none, as a stale one does: only the "mine" filters need one.
    const session = sessionOfEvent(c.var.session, event.id);
    if ((query.type !== "all" || query.userId !== undefined) && !session) throw new DomainError(ErrorCode.Unauthorized);
    if (session && query.userId !== undefined && query.userId !== session.user.id) {
      throw new DomainError(ErrorCode.Forbidden);
    }

    const { presentations } = (await currentSchedule(c.var.db, event.slug, event.revision)).schedule;
    let mine: Set<number> | null = null;
    if (session && query.type === "my-presentations") mine = myPresentationIds(presentations, session.member.speakerId);
    if (session && query.type === "my-schedule") {
      mine = new Set(await myScheduleIds(c.var.db, session.user.id, event.id));
    }
    return c.json({ data: { presentations: filterPresentations(presentations, { search: query.search, mine }) } }, 200);
  },
);
