/**
 * The event archive (docs/operations.md#backups): one event's rows, its live quiz rooms' event
 * logs and the R2 keys of its files, as `npm run export` writes it and `npm run import-archive`
 * restores it. A newer version of the format gets a new `ARCHIVE_VERSION`; a reader refuses every
 * version it does not know rather than guess.
 */
import * as v from "valibot";
import type { StoredEvent } from "../protocol/stored-event";

export const ARCHIVE_FORMAT = "event-engagement-archive";
export const ARCHIVE_VERSION = 1;

/**
 * The largest archive the Worker restores: parsed whole in memory (128 MB per isolate), so well
 * under it. A larger event is split by nothing today: docs/operations.md#backups says so.
 */
export const MAX_ARCHIVE_BYTES = 32 * 1024 * 1024;
/** The largest file one `PUT …/archive/files` carries: under a Worker's 100 MB request body. */
export const MAX_ARCHIVE_FILE_BYTES = 95 * 1024 * 1024;

/** A stored value of a D1 row, as SQLite gives it: booleans are 0/1, JSON columns are text. */
export type ArchiveValue = string | number | null;
export type ArchiveRow = Record<string, ArchiveValue>;

/**
 * The archive as the admin API exchanges it. `tables` maps a table's SQL name to its rows
 * (columns by SQL name); `quizLogs` maps a presentation id of the archive to its quiz room's log.
 */
export interface EventArchive {
  format: typeof ARCHIVE_FORMAT;
  version: typeof ARCHIVE_VERSION;
  exportedAt: string;
  slug: string;
  tables: Record<string, ArchiveRow[]>;
  quizLogs: Record<string, StoredEvent[]>;
  /** Every R2 key the rows name (files of versions, thumbnails, quiz media, pictures). */
  files: string[];
}

/** The archive's envelope: what must hold before any table is read. */
export const ArchiveEnvelope = v.object({
  format: v.literal(ARCHIVE_FORMAT),
  version: v.number(),
  exportedAt: v.pipe(v.string(), v.maxLength(40)),
  slug: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,63}$/)),
  tables: v.record(v.pipe(v.string(), v.maxLength(64)), v.array(v.record(v.string(), v.unknown()))),
  quizLogs: v.record(
    v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,15}$/)),
    v.array(
      v.object({
        seq: v.pipe(v.number(), v.integer(), v.minValue(1)),
        at: v.pipe(v.number(), v.integer()),
        type: v.pipe(v.string(), v.maxLength(64)),
        data: v.unknown(),
      }),
    ),
  ),
  files: v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(1024))),
});
