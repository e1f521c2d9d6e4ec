import type { PublicEvent } from "@core/schedule/public-schedule";
import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { events } from "../schema";

export type EventRow = typeof events.$inferSelect;

export async function findEventBySlug(db: Database, slug: string): Promise<EventRow | undefined> {
  return db.select().from(events).where(eq(events.slug, slug)).get();
}

/** The cheap look-up made on every schedule request: is the cached copy still current? */
export async function findEventRevision(db: Database, slug: string) {
  return db
    .select({
      id: events.id,
      revision: events.revision,
      passwordHash: events.passwordHash,
      allowAnonymousAccess: events.allowAnonymousAccess,
    })
    .from(events)
    .where(eq(events.slug, slug))
    .get();
}

export function toPublicEvent(row: EventRow): PublicEvent {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    logo: row.logo,
    start: row.start,
    end: row.end,
    timeZone: row.timeZone,
    venue: row.venue,
    ad: row.adHtml,
    allowAnonymousAccess: row.allowAnonymousAccess,
    allowCreateAccount: row.allowCreateAccount,
    forum: row.forum,
    quiz: row.quiz,
    show_video_views: row.showVideoViews,
    schedule_background_color: row.scheduleBackgroundColor,
    schedule_text_color: row.scheduleTextColor,
    protected: row.passwordHash !== null,
  };
}

export async function findEventById(db: Database, id: number): Promise<EventRow | undefined> {
  return db.select().from(events).where(eq(events.id, id)).get();
}

/** An event addressed by its numeric id or by its slug, as the spec's calls do both. */
export async function findEventByReference(db: Database, reference: string): Promise<EventRow | undefined> {
  return /^\d+$/.test(reference) ? findEventById(db, Number(reference)) : findEventBySlug(db, reference);
}
