/**
 * Export and restore of one event (docs/operations.md#backups): its D1 rows, its quiz rooms' logs
 * and the keys of its files. The admin routes parse and answer; this module checks an archive
 * against the schema, writes it (one D1 batch, then the rooms, undone if a room refuses) and reads
 * one back.
 */
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  ArchiveEnvelope,
  type ArchiveRow,
  type EventArchive,
} from "@core/archive/format";
import { remapFileReference, remapQuizEvent } from "@core/archive/remap";
import { DomainError, ErrorCode } from "@core/errors";
import type { FieldIssue } from "@core/protocol/api-error";
import type { StoredEvent } from "@core/protocol/stored-event";
import { getServerByName } from "partyserver";
import * as v from "valibot";
import en from "../../locales/en/validation.json";
import fr from "../../locales/fr/validation.json";
import {
  DanglingReference,
  deleteRestoredRows,
  eventIdBySlug,
  readEventRows,
  referencedFileKeys,
  takenKeys,
  writeEventRows,
} from "../db/queries/event-archive";
import type { Env } from "../env";
import { InvalidInput } from "../invalid-input";
import { fillText } from "../issue-messages";
import { fieldIssues } from "../validation";
import { ARCHIVE_TABLES, archiveColumns, archiveTableName } from "./archive-tables";

/** One stored text value at most: D1 refuses a row over 2 MB. */
const MAX_TEXT_CHARACTERS = 1_000_000;
/** Issues listed at most: a broken archive has the same fault on every row. */
const MAX_ISSUES = 50;
/** Events handed to a room per call: bounds one RPC's size whatever the log's length. */
const LOG_CHUNK_EVENTS = 2_000;

type Locale = "fr" | "en";
type ArchiveText = keyof typeof en & `archive-${string}`;
const TEXTS = { fr, en } satisfies Record<Locale, Record<ArchiveText, string>>;
const text = (locale: Locale, key: ArchiveText, values: Record<string, string> = {}) =>
  fillText(TEXTS[locale][key], values);

const quizRoom = (env: Env, presentationId: number) => getServerByName(env.QuizRoom, String(presentationId));

/** The whole event as an archive; undefined when no event has the slug. */
export async function exportEventArchive(env: Env, slug: string): Promise<EventArchive | undefined> {
  const eventId = await eventIdBySlug(env.DB, slug);
  if (eventId === undefined) return undefined;
  const tables = await readEventRows(env.DB, eventId);
  const quizLogs: Record<string, StoredEvent[]> = {};
  for (const session of tables.quiz_sessions ?? []) {
    const presentationId = Number(session.presentation_id);
    const jsonl = await (await quizRoom(env, presentationId)).exportLog();
    const events = jsonl
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as StoredEvent);
    if (events.length > 0) quizLogs[String(presentationId)] = events;
  }
  return {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exportedAt: new Date().toISOString(),
    slug,
    tables,
    quizLogs,
    files: referencedFileKeys(tables),
  };
}

/** The R2 keys the event's rows name now: the only files the archive routes read or write. */
export async function eventFileKeys(env: Env, slug: string): Promise<Set<string> | undefined> {
  const eventId = await eventIdBySlug(env.DB, slug);
  if (eventId === undefined) return undefined;
  return new Set(referencedFileKeys(await readEventRows(env.DB, eventId)));
}

/** Checks an archive's envelope, version, tables and columns; answers it typed, or refuses with every issue. */
export function checkArchive(body: unknown, locale: Locale): EventArchive {
  const envelope = v.safeParse(ArchiveEnvelope, body, { lang: locale });
  if (!envelope.success) throw new InvalidInput(fieldIssues("body", envelope.issues).slice(0, MAX_ISSUES));
  const archive = envelope.output;
  if (archive.version !== ARCHIVE_VERSION) {
    const message = text(locale, "archive-version", {
      found: String(archive.version),
      expected: String(ARCHIVE_VERSION),
    });
    throw new InvalidInput([{ path: "body.version", message }], ErrorCode.ArchiveUnsupported);
  }
  const issues: FieldIssue[] = [];
  const known = new Map(ARCHIVE_TABLES.map((entry) => [archiveTableName(entry), archiveColumns(entry)]));
  for (const [table, rows] of Object.entries(archive.tables)) {
    const columns = known.get(table);
    if (!columns) {
      issues.push({ path: `body.tables.${table}`, message: text(locale, "archive-unknown-table", { table }) });
      continue;
    }
    const names = new Set(columns.map((column) => column.name));
    const ids = new Set<unknown>();
    rows.forEach((row, index) => {
      // Every archived table with an `id` has it as its key: two rows of one id are one too many.
      if (names.has("id") && row.id !== undefined) {
        if (ids.has(row.id)) {
          issues.push({ path: `body.tables.${table}.${index}.id`, message: text(locale, "archive-duplicate") });
        }
        ids.add(row.id);
      }
      const path = `body.tables.${table}.${index}`;
      for (const column of Object.keys(row)) {
        if (!names.has(column)) {
          issues.push({
            path: `${path}.${column}`,
            message: text(locale, "archive-unknown-column", { column, table }),
          });
        }
      }
      for (const column of columns) {
        const value = row[column.name];
        // A column added since the archive was made takes its default.
        if (value === undefined && column.fallback !== undefined) continue;
        if (value === undefined) {
          issues.push({ path, message: text(locale, "archive-missing-column", { column: column.name }) });
        } else if (!fitsColumn(value, column)) {
          const expected = `${column.integer ? "integer" : "text"}${column.nullable ? " | null" : ""}`;
          issues.push({ path: `${path}.${column.name}`, message: text(locale, "archive-value", { expected }) });
        }
      }
    });
    if (issues.length >= MAX_ISSUES) break;
  }
  const events = archive.tables.events ?? [];
  if (events.length !== 1 || events[0]?.slug !== archive.slug) {
    issues.push({ path: "body.tables.events", message: text(locale, "archive-one-event") });
  }
  const presentations = new Set((archive.tables.presentations ?? []).map((row) => String(row.id)));
  for (const [presentationId, log] of Object.entries(archive.quizLogs)) {
    if (!presentations.has(presentationId)) {
      issues.push({ path: `body.quizLogs.${presentationId}`, message: text(locale, "archive-log-presentation") });
    }
    // A room's log is numbered from 1 without gaps (party/lib/event-log.ts).
    const gap = log.findIndex((event, index) => event.seq !== index + 1);
    if (gap >= 0) {
      const message = text(locale, "archive-value", { expected: String(gap + 1) });
      issues.push({ path: `body.quizLogs.${presentationId}.${gap}.seq`, message });
    }
  }
  if (issues.length > 0) throw new InvalidInput(issues.slice(0, MAX_ISSUES));
  return archive as EventArchive;
}

function fitsColumn(value: unknown, column: { nullable: boolean; integer: boolean }): boolean {
  if (value === null) return column.nullable;
  if (column.integer) return typeof value === "number" && Number.isSafeInteger(value);
  return typeof value === "string" && value.length <= MAX_TEXT_CHARACTERS;
}

export interface RestoreReport {
  slug: string;
  eventId: number;
  /** Rows written per table (accounts that already existed here are linked, not counted). */
  rows: Record<string, number>;
  /** Events written per quiz room, by the restored presentation's id. */
  quizLogs: Record<string, number>;
  /** The keys of the files to upload next (`PUT …/archive/files?key=`), as the restored rows name them. */
  files: string[];
}

/**
 * Restores a checked archive as a new event. Refused, with nothing written: a slug in use (409
 * `event-exists`), a version or upload id in use here (409), a reference to a row the archive
 * lacks (400). The rows go in one D1 batch; if a quiz room then refuses its log, the rows are
 * deleted again.
 */
export async function restoreEventArchive(env: Env, archive: EventArchive, locale: Locale): Promise<RestoreReport> {
  if ((await eventIdBySlug(env.DB, archive.slug)) !== undefined) throw new DomainError(ErrorCode.EventExists);
  const taken = await takenKeys(env.DB, archive.tables);
  const takenIssues = [
    ...taken.versions.map((id) => ({ kind: "version", id })),
    ...taken.uploads.map((id) => ({ kind: "upload", id })),
  ].map(({ kind, id }) => ({ path: "body.tables", message: text(locale, "archive-taken", { kind, id }) }));
  if (takenIssues.length > 0) throw new InvalidInput(takenIssues.slice(0, MAX_ISSUES), ErrorCode.Conflict);

  let restored: Awaited<ReturnType<typeof writeEventRows>>;
  try {
    restored = await writeEventRows(env.DB, archive.tables);
  } catch (error) {
    if (error instanceof DanglingReference) {
      const path = `body.tables.${error.table}.${error.row}.${error.column}`;
      throw new InvalidInput([{ path, message: text(locale, "archive-dangling") }]);
    }
    // Another request took a key between the checks and the batch (a slug, an id): nothing was written.
    if (error instanceof Error && /UNIQUE constraint failed|PRIMARY KEY/i.test(error.message)) {
      throw new DomainError(ErrorCode.Conflict);
    }
    throw error;
  }

  const quizLogs: Record<string, number> = {};
  try {
    for (const [oldId, events] of Object.entries(archive.quizLogs)) {
      const presentationId = restored.maps.presentations.get(Number(oldId));
      if (presentationId === undefined || events.length === 0) continue;
      const room = await quizRoom(env, presentationId);
      for (let start = 0; start < events.length; start += LOG_CHUNK_EVENTS) {
        const chunk = events
          .slice(start, start + LOG_CHUNK_EVENTS)
          .map((event) => remapQuizEvent(event, restored.maps));
        const written = await room.restoreLog(chunk);
        if (!written.ok) throw new DomainError(written.code);
      }
      quizLogs[String(presentationId)] = events.length;
    }
  } catch (error) {
    const versionIds = (archive.tables.versions ?? []).map((row: ArchiveRow) => String(row.id));
    await deleteRestoredRows(env.DB, restored, versionIds);
    throw error;
  }
  const files = archive.files.map((key) => remapFileReference(key, restored.maps));
  return { slug: archive.slug, eventId: restored.eventId, rows: restored.counts, quizLogs, files };
}
