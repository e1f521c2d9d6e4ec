/**
 * Reading one event's rows for an archive, and writing an archive's rows under new ids in one D1
 * batch (one transaction: all or nothing). Every statement binds at most D1_MAX_PARAMETERS values.
 */
import type { ArchiveRow, ArchiveValue } from "@core/archive/format";
import { fileKeyOf, type IdMaps, remapFileReference, remapOptionIds, remapPlayerKey } from "@core/archive/remap";
import { DomainError, ErrorCode } from "@core/errors";
import { deletedAccountEmail } from "@core/personal-data/account-deletion";
import {
  ARCHIVE_TABLES,
  type ArchiveTable,
  archiveColumns,
  archiveTableName,
  type RemappedTable,
} from "../../archive/archive-tables";

/** D1 binds at most 100 parameters to one statement. */
export const D1_MAX_PARAMETERS = 100;
/**
 * D1 counts each statement of a batch among the 1,000 queries one Worker request may make
 * (Workers Paid); the restore's checks take a few before its one batch.
 */
export const RESTORE_MAX_STATEMENTS = 950;
/** Rows read per query: bounds one answer's size whatever the event's. */
const READ_PAGE_ROWS = 2_000;

const quoted = (name: string) => `"${name}"`;

/** Every row of the event, table by table (SQL names), in the order they were written. */
export async function readEventRows(d1: D1Database, eventId: number): Promise<Record<string, ArchiveRow[]>> {
  const tables: Record<string, ArchiveRow[]> = {};
  for (const entry of ARCHIVE_TABLES) {
    const name = archiveTableName(entry);
    const columns = archiveColumns(entry).map((column) => quoted(column.name));
    const rows: ArchiveRow[] = [];
    let after = 0;
    for (;;) {
      const page = await d1
        .prepare(
          `SELECT rowid AS "__rowid", ${columns.join(", ")} FROM ${quoted(name)}
           WHERE (${entry.scope}) AND rowid > ?2 ORDER BY rowid LIMIT ${READ_PAGE_ROWS}`,
        )
        .bind(eventId, after)
        .all<ArchiveRow & { __rowid: number }>();
      for (const { __rowid, ...row } of page.results) {
        rows.push(row);
        after = __rowid;
      }
      if (page.results.length < READ_PAGE_ROWS) break;
    }
    tables[name] = rows;
  }
  return tables;
}

/** The R2 keys the rows name (outside URLs left out), each once. */
export function referencedFileKeys(tables: Record<string, ArchiveRow[]>): string[] {
  const keys = new Set<string>();
  for (const entry of ARCHIVE_TABLES) {
    for (const row of tables[archiveTableName(entry)] ?? []) {
      for (const column of entry.files ?? []) {
        const value = row[column];
        const key = typeof value === "string" ? fileKeyOf(value) : undefined;
        if (key) keys.add(key);
      }
    }
  }
  return [...keys].sort();
}

export async function eventIdBySlug(d1: D1Database, slug: string): Promise<number | undefined> {
  const row = await d1.prepare("SELECT id FROM events WHERE slug = ?").bind(slug).first<{ id: number }>();
  return row?.id;
}

/** A reference the archive's rows do not hold: the archive is inconsistent. */
export class DanglingReference extends Error {
  constructor(
    readonly table: string,
    readonly row: number,
    readonly column: string,
  ) {
    super(`${table}[${row}].${column} names no row of the archive`);
  }
}

/** Keys that a restore would take but the database already has: it would overwrite another event's. */
export interface TakenKeys {
  versions: string[];
  uploads: string[];
}

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

/** The ids of `ids` that `table` has (a statement per D1_MAX_PARAMETERS ids). */
async function existing(d1: D1Database, table: "versions" | "retired_version_ids" | "uploads", ids: readonly string[]) {
  const found: string[] = [];
  for (const chunk of chunks(ids, D1_MAX_PARAMETERS)) {
    const result = await d1
      .prepare(`SELECT id FROM ${table} WHERE id IN (${chunk.map(() => "?").join(", ")})`)
      .bind(...chunk)
      .all<{ id: string }>();
    found.push(...result.results.map((row) => row.id));
  }
  return found;
}

/** Version and upload ids of the archive that the database already uses (or used: retired versions). */
export async function takenKeys(d1: D1Database, tables: Record<string, ArchiveRow[]>): Promise<TakenKeys> {
  const ids = (table: string) => (tables[table] ?? []).map((row) => String(row.id));
  const versions = ids("versions");
  return {
    versions: [
      ...new Set([
        ...(await existing(d1, "versions", versions)),
        ...(await existing(d1, "retired_version_ids", versions)),
      ]),
    ],
    uploads: await existing(d1, "uploads", ids("uploads")),
  };
}

/** The next free id of each remapped table: past every id it has, or ever gave (sqlite_sequence). */
async function nextIds(d1: D1Database): Promise<Map<string, number>> {
  const names = ARCHIVE_TABLES.filter((entry) => entry.newIds).map(archiveTableName);
  const maxima = await d1.batch(
    names.map((name) =>
      d1
        .prepare(
          `SELECT MAX(COALESCE((SELECT MAX(id) FROM ${quoted(name)}), 0),
                COALESCE((SELECT seq FROM sqlite_sequence WHERE name = ?), 0)) AS top`,
        )
        .bind(name),
    ),
  );
  const top = (index: number) => (maxima[index]?.results[0] as { top: number } | undefined)?.top ?? 0;
  return new Map(names.map((name, index) => [name, top(index) + 1]));
}

/** Users of the archive who already have an account here, by e-mail: the restore links to them. */
async function existingUsers(d1: D1Database, emails: readonly string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const chunk of chunks(emails, D1_MAX_PARAMETERS)) {
    const result = await d1
      .prepare(`SELECT id, email FROM users WHERE email IN (${chunk.map(() => "?").join(", ")})`)
      .bind(...chunk)
      .all<{ id: number; email: string }>();
    for (const row of result.results) found.set(row.email, row.id);
  }
  return found;
}

export interface RestoredRows {
  eventId: number;
  maps: IdMaps;
  /** Accounts the restore created (not the existing ones it linked to), for a cleanup. */
  createdUserIds: number[];
  counts: Record<string, number>;
}

/**
 * Writes the archive's rows (already checked column by column) under new ids, in one batch.
 * A user whose e-mail has an account here is that account: it is linked to, not written.
 */
export async function writeEventRows(d1: D1Database, tables: Record<string, ArchiveRow[]>): Promise<RestoredRows> {
  const next = await nextIds(d1);
  const maps = new Map<RemappedTable, Map<number, number>>();
  const userRows = tables.users ?? [];
  const known = await existingUsers(
    d1,
    userRows.map((row) => String(row.email)),
  );
  const createdUserIds: number[] = [];
  for (const entry of ARCHIVE_TABLES.filter((table) => table.newIds)) {
    const name = archiveTableName(entry) as RemappedTable;
    const map = new Map<number, number>();
    let id = next.get(name) ?? 1;
    const rows = [...(tables[name] ?? [])].sort((a, b) => Number(a.id) - Number(b.id));
    for (const row of rows) {
      const linked = name === "users" ? known.get(String(row.email)) : undefined;
      if (linked !== undefined) map.set(Number(row.id), linked);
      else {
        map.set(Number(row.id), id);
        if (name === "users") createdUserIds.push(id);
        id += 1;
      }
    }
    maps.set(name, map);
  }
  const idMaps: IdMaps = {
    presentations: maps.get("presentations") ?? new Map(),
    users: maps.get("users") ?? new Map(),
    quizQuestions: maps.get("quiz_questions") ?? new Map(),
    quizOptions: maps.get("quiz_options") ?? new Map(),
    quizPlayers: maps.get("quiz_players") ?? new Map(),
  };
  const linkedUsers = new Set(known.values());

  const statements: D1PreparedStatement[] = [];
  const counts: Record<string, number> = {};
  for (const entry of ARCHIVE_TABLES) {
    const name = archiveTableName(entry);
    const rows = (tables[name] ?? [])
      .map((row, index) => remapRow(entry, name, row, index, maps, idMaps))
      .filter((row) => !(name === "users" && linkedUsers.has(Number(row.id))));
    counts[name] = rows.length;
    statements.push(...insertStatements(d1, name, entry, rows));
  }
  // Refused before anything is written, rather than failing inside D1 as a 500.
  if (statements.length > RESTORE_MAX_STATEMENTS) {
    throw new DomainError(
      ErrorCode.PayloadTooLarge,
      `the archive's rows need ${statements.length} statements; one restore writes at most ${RESTORE_MAX_STATEMENTS}`,
    );
  }
  if (statements.length > 0) await d1.batch(statements);
  const eventId = [...(maps.get("events")?.values() ?? [])][0];
  if (eventId === undefined) throw new DanglingReference("events", 0, "id");
  return { eventId, maps: idMaps, createdUserIds, counts };
}

function remapRow(
  entry: ArchiveTable,
  name: string,
  row: ArchiveRow,
  index: number,
  maps: Map<RemappedTable, Map<number, number>>,
  idMaps: IdMaps,
): ArchiveRow {
  const copy: ArchiveRow = { ...row };
  const lookUp = (table: RemappedTable, column: string, value: ArchiveValue) => {
    if (value === null) return null;
    const mapped = maps.get(table)?.get(Number(value));
    if (mapped === undefined) throw new DanglingReference(name, index, column);
    return mapped;
  };
  if (entry.newIds) copy.id = lookUp(name as RemappedTable, "id", row.id ?? null);
  for (const [column, table] of Object.entries(entry.references ?? {})) {
    copy[column] = lookUp(table, column, row[column] ?? null);
  }
  for (const column of entry.files ?? []) {
    const value = row[column];
    if (typeof value === "string") copy[column] = remapFileReference(value, idMaps);
  }
  if (name === "users" && typeof row.email === "string" && row.email === deletedAccountEmail(Number(row.id))) {
    copy.email = deletedAccountEmail(Number(copy.id));
  }
  if (name === "quiz_answers" || name === "quiz_results") {
    copy.player_key = remapPlayerKey(String(row.player_key), idMaps);
  }
  if (name === "quiz_answers")
    copy.option_ids = JSON.stringify(remapOptionIds(optionIdsOf(row.option_ids ?? null), idMaps));
  return copy;
}

function optionIdsOf(value: ArchiveValue): number[] {
  try {
    const parsed: unknown = JSON.parse(String(value));
    if (Array.isArray(parsed) && parsed.every((id) => Number.isSafeInteger(id))) return parsed as number[];
  } catch {
    // Refused below, like any other malformed reference.
  }
  throw new DanglingReference("quiz_answers", 0, "option_ids");
}

function insertStatements(d1: D1Database, name: string, entry: ArchiveTable, rows: ArchiveRow[]) {
  const columns = archiveColumns(entry);
  const perStatement = Math.max(1, Math.floor(D1_MAX_PARAMETERS / columns.length));
  const tuple = `(${columns.map(() => "?").join(", ")})`;
  const names = columns.map((column) => quoted(column.name)).join(", ");
  return chunks(rows, perStatement).map((chunk) =>
    d1
      .prepare(`INSERT INTO ${quoted(name)} (${names}) VALUES ${chunk.map(() => tuple).join(", ")}`)
      .bind(...chunk.flatMap((row) => columns.map((column) => row[column.name] ?? column.fallback ?? null))),
  );
}

/**
 * Undoes a restore whose rooms could not be written: the event (its rows cascade), the accounts it
 * made, and the retirement of its version ids that deleting its versions wrote (they were free).
 */
export async function deleteRestoredRows(d1: D1Database, restored: RestoredRows, versionIds: string[]): Promise<void> {
  const statements = [d1.prepare("DELETE FROM events WHERE id = ?").bind(restored.eventId)];
  const placeholders = (chunk: readonly unknown[]) => chunk.map(() => "?").join(", ");
  for (const chunk of chunks(restored.createdUserIds, D1_MAX_PARAMETERS)) {
    statements.push(d1.prepare(`DELETE FROM users WHERE id IN (${placeholders(chunk)})`).bind(...chunk));
  }
  for (const chunk of chunks(versionIds, D1_MAX_PARAMETERS)) {
    statements.push(d1.prepare(`DELETE FROM retired_version_ids WHERE id IN (${placeholders(chunk)})`).bind(...chunk));
  }
  await d1.batch(statements);
}
