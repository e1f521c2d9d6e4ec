import { MAX_SLIDE_SEARCH_PAGES, type SlideHit, slideEventMatchExpression } from "@core/schedule/slide-search";
import { sql } from "drizzle-orm";
import type { Database } from "../client";

type SearchRow =
  | { found: "pages-read"; pagesRead: number }
  | { found: "slide"; presentationId: number; page: number; second: number | null }
  | { found: "details"; presentationId: number };

/**
 * Both halves of a search inside talks in one statement, so one round trip to D1 (a call costs
 * the Worker about as much CPU as the search itself, benchmarks.md#search-inside-talks):
 * - `onSlides`: the talks of an event whose online version has a slide page matching `match` (an
 *   FTS5 expression from slideMatchExpression), each with its first such page and the first second
 *   the video shows it, among the event's first MAX_SLIDE_SEARCH_PAGES matching pages; `complete`
 *   is false when the event has more. The index matches the event's id with the words
 *   (slideEventMatchExpression), so other events' pages are neither read nor counted. Versions
 *   that are not online (a speaker's drafts, an older upload) are never searched: the index holds
 *   them (and counts them among the pages read), the join leaves them out.
 * - `onDetails`: the talks of the event whose name, subtitle, abstract and speakers hold every
 *   word (the `talk_search` index, which triggers keep in step with those columns).
 */
export async function findSearchHits(
  db: Database,
  eventId: number,
  match: string,
): Promise<{ onSlides: SlideHit[]; onDetails: SlideHit[]; complete: boolean }> {
  const rows = await db.all<SearchRow>(searchHitsQuery(eventId, match));
  const onSlides: SlideHit[] = [];
  const onDetails: SlideHit[] = [];
  let pagesRead = 0;
  for (const row of rows) {
    if (row.found === "pages-read") pagesRead = row.pagesRead;
    else if (row.found === "slide")
      onSlides.push({ presentationId: row.presentationId, page: row.page, second: row.second });
    else onDetails.push({ presentationId: row.presentationId, page: null, second: null });
  }
  return { onSlides, onDetails, complete: pagesRead <= MAX_SLIDE_SEARCH_PAGES };
}

/**
 * The statement of findSearchHits (exported for the test of its plan: every join is walked from
 * the index's few rows, never from a table's every row).
 */
export function searchHitsQuery(eventId: number, match: string) {
  // On slides, one row per talk: SQLite gives the bare columns of the row min() picked, the first
  // page. INDEXED BY: the planner would read each matching page's whole row by its rowid instead.
  // CROSS JOIN fixes the order of the joins, the index's rows first: in this compound statement
  // workerd's planner read all of slide_pages (40,000 rows, 10 ms) to meet the pages matched, and
  // SQLite 3.40's walks the event's talks and runs one MATCH per talk (17–47 ms for 1,000 talks,
  // where the index alone answers in under 0.1 ms). The index keeps the event's pages only; the
  // test of presentations.event_id stays, as the check of the index's copy of the event.
  return sql`
    WITH matched AS MATERIALIZED (
      SELECT rowid AS id FROM slide_search WHERE slide_search MATCH ${slideEventMatchExpression(eventId, match)}
      LIMIT ${MAX_SLIDE_SEARCH_PAGES + 1}
    ), on_slides AS (
      SELECT versions.presentation_id AS presentationId, min(slide_pages.page) AS page,
             json_extract(slide_pages.seconds, '$[0]') AS second
      FROM matched
      CROSS JOIN slide_pages INDEXED BY slide_pages_search ON slide_pages.id = matched.id
      CROSS JOIN versions ON versions.id = slide_pages.version_id
      CROSS JOIN presentations ON presentations.id = versions.presentation_id
      WHERE versions.online = 1 AND versions.status = 'success' AND presentations.event_id = ${eventId}
      GROUP BY versions.presentation_id
    )
    SELECT 'pages-read' AS found, count(*) AS pagesRead, NULL AS presentationId, NULL AS page, NULL AS second
    FROM matched
    UNION ALL
    SELECT 'slide', NULL, presentationId, page, second FROM on_slides
    UNION ALL
    SELECT 'details', NULL, presentations.id, NULL, NULL
    FROM talk_search CROSS JOIN presentations ON presentations.id = talk_search.rowid
    WHERE talk_search MATCH ${match} AND presentations.event_id = ${eventId}`;
}
