import { type SlideHit, slideMatchExpression } from "@core/schedule/slide-search";
import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { optionalSession, type SessionEnv } from "../auth/session";
import { currentSchedule } from "../cache/current-schedule";
import { findSearchHits } from "../db/queries/slide-search";
import { valid } from "../validation";
import { EventReferenceEntries, readableEventOf } from "./presentation-filter";

const SlideSearchQuery = v.pipe(
  v.object({
    ...EventReferenceEntries,
    search: v.pipe(v.string(), v.trim(), v.minLength(1, "a text to search"), v.maxLength(200)),
  }),
  v.check((query) => query.eventId !== undefined || query.slug !== undefined, "eventId or slug is required"),
);

/**
 * Search inside talks (docs/api.md#search-inside-talks): the talks whose slides have every word,
 * with the first such page and the second the video shows it, among the talks the caller may see
 * with a public video (the schedule's own rules: event password, anonymous access, archived talks
 * and versions not online left out); then the talks the schedule lists whose name, subtitle,
 * abstract or speakers have every word, with no page.
 */
export const slideSearchRoutes = new Hono<AppEnv & Partial<SessionEnv>>().get(
  "/presentation/slide-search",
  optionalSession,
  valid("query", SlideSearchQuery),
  async (c) => {
    const query = c.req.valid("query");
    const event = await readableEventOf(c, query);
    const match = slideMatchExpression(query.search);
    if (match === null) return c.json({ data: { hits: [] as SlideHit[], complete: true } }, 200);
    const [found, { schedule }] = await Promise.all([
      findSearchHits(c.var.db, event.id, match),
      currentSchedule(c.var.db, event.slug, event.revision),
    ]);
    const listed = new Set(schedule.presentations.map((p) => p._id));
    const watchable = new Set(schedule.presentations.filter((p) => p.publicVideo).map((p) => p._id));
    const hits = found.onSlides.filter((hit) => watchable.has(hit.presentationId));
    const onSlides = new Set(hits.map((hit) => hit.presentationId));
    for (const hit of found.onDetails) {
      if (listed.has(hit.presentationId) && !onSlides.has(hit.presentationId)) hits.push(hit);
    }
    return c.json({ data: { hits, complete: found.complete } }, 200);
  },
);
