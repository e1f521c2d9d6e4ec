import { SELF } from "cloudflare:test";
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, type ArchiveRow, type EventArchive } from "@core/archive/format";
import { type IdMaps, remapFileReference, remapOptionIds, remapPlayerKey } from "@core/archive/remap";
import { ARCHIVE_TABLES, archiveTableName } from "../../worker/archive/archive-tables";
import { ADMIN_TOKEN } from "./admin-client";

/** `GET /api/admin/events/{slug}/archive`, as `npm run export` calls it. */
export async function exportArchive(slug: string): Promise<EventArchive> {
  const response = await SELF.fetch(`http://localhost/api/admin/events/${slug}/archive`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  if (response.status !== 200) throw new Error(`export ${response.status} ${await response.text()}`);
  return (await response.json<{ data: EventArchive }>()).data;
}

/** `POST /api/admin/archive`: the answer's status and body. */
export async function postArchive(archive: unknown, locale?: "fr" | "en") {
  const response = await SELF.fetch("http://localhost/api/admin/archive", {
    method: "POST",
    headers: {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      "content-type": "application/json",
      ...(locale ? { "x-locale": locale } : {}),
    },
    body: typeof archive === "string" ? archive : JSON.stringify(archive),
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** The smallest archive a restore takes: an event and nothing else. */
export function minimalArchive(slug: string): EventArchive {
  // The columns without a default only: the others take theirs, as in an archive made before
  // they existed (feedback_authors_visible, for one).
  const event: ArchiveRow = {
    id: 1,
    slug,
    name: `Restored ${slug}`,
    start: "2026-05-01",
    end: "2026-05-02",
    created_at: 1_700_000_000_000,
  };
  return {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exportedAt: new Date(0).toISOString(),
    slug,
    tables: { events: [event] },
    quizLogs: {},
    files: [],
  };
}

const rankMap = (rows: readonly ArchiveRow[]) =>
  new Map(
    rows
      .map((row) => Number(row.id))
      .sort((a, b) => a - b)
      .map((id, index) => [id, index + 1]),
  );

/**
 * An archive's rows with every id replaced by its rank in its table (and every reference by the
 * rank of the row it names), rows sorted: two archives of the same event restored under other ids
 * are equal in this form exactly when nothing was lost or changed.
 */
export function canonicalTables(archive: EventArchive): Record<string, string[]> {
  const ranks = new Map<string, Map<number, number>>();
  for (const entry of ARCHIVE_TABLES.filter((table) => table.newIds)) {
    const name = archiveTableName(entry);
    ranks.set(name, rankMap(archive.tables[name] ?? []));
  }
  const maps: IdMaps = {
    presentations: ranks.get("presentations") ?? new Map(),
    users: ranks.get("users") ?? new Map(),
    quizQuestions: ranks.get("quiz_questions") ?? new Map(),
    quizOptions: ranks.get("quiz_options") ?? new Map(),
    quizPlayers: ranks.get("quiz_players") ?? new Map(),
  };
  const result: Record<string, string[]> = {};
  for (const entry of ARCHIVE_TABLES) {
    const name = archiveTableName(entry);
    result[name] = (archive.tables[name] ?? [])
      .map((row) => {
        const copy: ArchiveRow = { ...row };
        if (entry.newIds) copy.id = ranks.get(name)?.get(Number(row.id)) ?? -1;
        for (const [column, table] of Object.entries(entry.references ?? {})) {
          const value = row[column];
          copy[column] = value === null || value === undefined ? null : (ranks.get(table)?.get(Number(value)) ?? -1);
        }
        for (const column of entry.files ?? []) {
          const value = row[column];
          if (typeof value === "string") copy[column] = remapFileReference(value, maps);
        }
        if (typeof row.player_key === "string") copy.player_key = remapPlayerKey(row.player_key, maps);
        if (name === "quiz_answers")
          copy.option_ids = JSON.stringify(remapOptionIds(JSON.parse(String(row.option_ids)), maps));
        return JSON.stringify(copy);
      })
      .sort();
  }
  return result;
}
