import { MAX_SLIDE_SEARCH_PAGES, type SlideHit } from "@core/schedule/slide-search";
import { sql } from "drizzle-orm";
import type { Database } from "../client";

/**
 * The talks of an event whose online version has a slide page matching `match` (an FTS5
 * expression from slideMatchExpression), each with its first such page and the first second the
 * video shows it, among the first MAX_SLIDE_SEARCH_PAGES matching pages; `complete` is false when
 * there were more. Versions that are not online (a speaker's drafts, an older upload) are never
 * searched: the index holds them, the join leaves them out.
 */
export async function findSlideHits(
  db: Database,
  eventId: number,
  match: string,
): Promise<{ hits: SlideHit[]; complete: boolean }> {
  // One row per talk: SQLite gives the bare columns of the row min() picked, the first page.
  // INDEXED BY: the planner would read each matching page's whole row by its rowid instead.
  const rows = await db.all<{ presentationId: number; page: number; second: number | null; matched: number }>(sql`
    WITH matched AS MATERIALIZED (
      SELECT rowid AS id FROM slide_search WHERE slide_search MATCH ${match} LIMIT ${MAX_SLIDE_SEARCH_PAGES + 1}
    )
    SELECT versions.presentation_id AS presentationId, min(slide_pages.page) AS page,
           json_extract(slide_pages.seconds, '$[0]') AS second, (SELECT count(*) FROM matched) AS matched
    FROM matched
    JOIN slide_pages INDEXED BY slide_pages_search ON slide_pages.id = matched.id
    JOIN versions ON versions.id = slide_pages.version_id
    JOIN presentations ON presentations.id = versions.presentation_id
    WHERE versions.online = 1 AND versions.status = 'success' AND presentations.event_id = ${eventId}
    GROUP BY versions.presentation_id`);
  const complete = (rows[0]?.matched ?? 0) <= MAX_SLIDE_SEARCH_PAGES;
  return {
    hits: rows.map((row) => ({ presentationId: row.presentationId, page: row.page, second: row.second ?? null })),
    complete,
  };
}

/**
 * The talks of an event whose name, subtitle, abstract and speakers hold every word of `match`
 * (the `talk_search` index, which triggers keep in step with those columns).
 */
export async function findTalkHits(db: Database, eventId: number, match: string): Promise<SlideHit[]> {
  const rows = await db.all<{ presentationId: number }>(sql`
    SELECT presentations.id AS presentationId
    FROM talk_search JOIN presentations ON presentations.id = talk_search.rowid
    WHERE talk_search MATCH ${match} AND presentations.event_id = ${eventId}`);
  return rows.map((row) => ({ presentationId: row.presentationId, page: null, second: null }));
}
