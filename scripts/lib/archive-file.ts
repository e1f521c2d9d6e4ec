/**
 * The event archive as a file (docs/operations.md#backups): a gzipped tar holding
 * `manifest.json`, `tables/<table>.jsonl` (a row a line), `quiz-logs/<presentationId>.jsonl` (a
 * stored event a line, as `npm run replay` reads) and, with `--with-files`, `files/<R2 key>`.
 * Tables and logs are lines, so no single value of the file grows with the event.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, type ArchiveRow, type EventArchive } from "@core/archive/format";
import type { StoredEvent } from "@core/protocol/stored-event";
import * as tar from "tar";
import * as v from "valibot";

/** A file the archive names, and whether its bytes are in it. */
export interface ArchivedFile {
  key: string;
  included: boolean;
  size?: number;
  contentType?: string;
  cacheControl?: string;
}

export interface ArchiveManifest {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  exportedAt: string;
  slug: string;
  /** Rows per table. */
  tables: Record<string, number>;
  /** Events per quiz room, by the archive's presentation id. */
  quizLogs: Record<string, number>;
  files: ArchivedFile[];
}

const Manifest = v.object({
  format: v.literal(ARCHIVE_FORMAT),
  version: v.number(),
  exportedAt: v.string(),
  slug: v.string(),
  tables: v.record(v.string(), v.number()),
  quizLogs: v.record(v.string(), v.number()),
  files: v.array(
    v.object({
      key: v.string(),
      included: v.boolean(),
      size: v.optional(v.number()),
      contentType: v.optional(v.string()),
      cacheControl: v.optional(v.string()),
    }),
  ),
});

const SAFE_NAME = /^[A-Za-z0-9_-]+$/;

/** An R2 key as a path under `files/`: refused when it could leave the folder. */
export function filePath(key: string): string | undefined {
  const parts = key.split("/");
  if (parts.some((part) => part === "" || part === "." || part === "..")) return undefined;
  return join("files", ...parts);
}

const jsonLines = (items: readonly unknown[]) => items.map((item) => `${JSON.stringify(item)}\n`).join("");

/** A folder to fill with the archive's entries, then packed by {@link packArchive}. */
export async function archiveFolder(): Promise<string> {
  return mkdtemp(join(tmpdir(), "event-archive-"));
}

/** Writes the manifest, tables and logs into `folder` (the files are written by the caller). */
export async function writeArchiveEntries(folder: string, archive: EventArchive, files: ArchivedFile[]) {
  const manifest: ArchiveManifest = {
    format: archive.format,
    version: archive.version,
    exportedAt: archive.exportedAt,
    slug: archive.slug,
    tables: Object.fromEntries(Object.entries(archive.tables).map(([name, rows]) => [name, rows.length])),
    quizLogs: Object.fromEntries(Object.entries(archive.quizLogs).map(([id, events]) => [id, events.length])),
    files,
  };
  await mkdir(join(folder, "tables"), { recursive: true });
  await mkdir(join(folder, "quiz-logs"), { recursive: true });
  await writeFile(join(folder, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  for (const [name, rows] of Object.entries(archive.tables)) {
    if (!SAFE_NAME.test(name)) throw new Error(`unexpected table name ${name}`);
    await writeFile(join(folder, "tables", `${name}.jsonl`), jsonLines(rows));
  }
  for (const [id, events] of Object.entries(archive.quizLogs)) {
    if (!SAFE_NAME.test(id)) throw new Error(`unexpected presentation id ${id}`);
    await writeFile(join(folder, "quiz-logs", `${id}.jsonl`), jsonLines(events));
  }
}

export async function packArchive(folder: string, out: string) {
  const entries = await readdir(folder);
  await tar.c({ gzip: true, file: out, cwd: folder, portable: true }, entries);
  await rm(folder, { recursive: true, force: true });
}

export interface OpenedArchive {
  manifest: ArchiveManifest;
  archive: EventArchive;
  /** The bytes of an included file. */
  readFile(key: string): Promise<Uint8Array<ArrayBuffer>>;
  close(): Promise<void>;
}

function parseLines<T>(text: string, where: string): T[] {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line, index) => {
      try {
        return JSON.parse(line) as T;
      } catch {
        throw new Error(`${where}: line ${index + 1} is not JSON`);
      }
    });
}

/**
 * Unpacks an archive file into a temporary folder and reads its manifest, tables and logs. Its
 * rows are checked by the server; here only the manifest's format and version are.
 */
export async function openArchive(file: string): Promise<OpenedArchive> {
  const folder = await archiveFolder();
  try {
    await tar.x({ file, cwd: folder, strict: true });
    const parsed = v.safeParse(Manifest, JSON.parse(await readFile(join(folder, "manifest.json"), "utf8")));
    if (!parsed.success) throw new Error(`${file} has no manifest of an ${ARCHIVE_FORMAT}`);
    const manifest = parsed.output as ArchiveManifest;
    if (manifest.version !== ARCHIVE_VERSION) {
      throw new Error(`${file} is an archive of version ${manifest.version}; this version reads ${ARCHIVE_VERSION}`);
    }
    const tables: Record<string, ArchiveRow[]> = {};
    for (const name of Object.keys(manifest.tables)) {
      if (!SAFE_NAME.test(name)) throw new Error(`unexpected table name ${name}`);
      const path = join("tables", `${name}.jsonl`);
      tables[name] = parseLines<ArchiveRow>(await readFile(join(folder, path), "utf8"), path);
    }
    const quizLogs: Record<string, StoredEvent[]> = {};
    for (const id of Object.keys(manifest.quizLogs)) {
      if (!SAFE_NAME.test(id)) throw new Error(`unexpected presentation id ${id}`);
      const path = join("quiz-logs", `${id}.jsonl`);
      quizLogs[id] = parseLines<StoredEvent>(await readFile(join(folder, path), "utf8"), path);
    }
    const archive: EventArchive = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      exportedAt: manifest.exportedAt,
      slug: manifest.slug,
      tables,
      quizLogs,
      files: manifest.files.map((entry) => entry.key),
    };
    return {
      manifest,
      archive,
      readFile: async (key) => {
        const path = filePath(key);
        if (!path) throw new Error(`unsafe file key ${key}`);
        return Uint8Array.from(await readFile(join(folder, path)));
      },
      close: () => rm(folder, { recursive: true, force: true }),
    };
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}

/** Where a downloaded file goes in the folder being packed. */
export async function fileDestination(folder: string, key: string): Promise<string | undefined> {
  const path = filePath(key);
  if (!path) return undefined;
  const destination = join(folder, path);
  await mkdir(dirname(destination), { recursive: true });
  return destination;
}
