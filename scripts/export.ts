// npm run export -- --slug <slug> [--url http://host:port] [--with-files] [--out FILE]
// Writes one event's archive (docs/operations.md#backups) through the admin API.
import { createWriteStream } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { parseArgs } from "node:util";
import { MAX_ARCHIVE_BYTES } from "@core/archive/format";
import { AdminClient } from "./lib/admin-client";
import {
  type ArchivedFile,
  archiveFolder,
  fileDestination,
  packArchive,
  writeArchiveEntries,
} from "./lib/archive-file";
import { serverForAdmin } from "./lib/server-for-admin";

const { values } = parseArgs({
  options: {
    slug: { type: "string" },
    url: { type: "string" },
    out: { type: "string" },
    "with-files": { type: "boolean", default: false },
  },
});
if (!values.slug) {
  console.error(
    "Usage: npm run export -- --slug <event-slug> [--url http://127.0.0.1:8787] [--with-files] [--out FILE]",
  );
  process.exit(2);
}
const slug = values.slug;
const out = values.out ?? `${slug}-${new Date().toISOString().slice(0, 10)}.event-archive.tar.gz`;
const locale = process.env.LANG?.toLowerCase().startsWith("fr") ? "fr" : "en";

const server = await serverForAdmin(values.url);
try {
  const client = new AdminClient(server.url, server.token, locale);
  const archive = await client.exportArchive(slug);
  const folder = await archiveFolder();
  const files: ArchivedFile[] = [];
  for (const key of archive.files) {
    if (!values["with-files"]) {
      files.push({ key, included: false });
      continue;
    }
    const destination = await fileDestination(folder, key);
    const response = destination ? await client.downloadFile(slug, key).catch(() => undefined) : undefined;
    if (!destination || !response?.body) {
      console.warn(`  file ${key}: not in the bucket (or an unsafe key), left out`);
      files.push({ key, included: false });
      continue;
    }
    await pipeline(Readable.fromWeb(response.body as WebReadableStream), createWriteStream(destination));
    files.push({
      key,
      included: true,
      size: Number(response.headers.get("content-length") ?? 0),
      contentType: response.headers.get("content-type") ?? "application/octet-stream",
      ...(response.headers.get("x-file-cache-control")
        ? { cacheControl: response.headers.get("x-file-cache-control") as string }
        : {}),
    });
  }
  await writeArchiveEntries(folder, archive, files);
  await packArchive(folder, out);
  const bytes = Buffer.byteLength(JSON.stringify(archive));
  if (bytes > MAX_ARCHIVE_BYTES) {
    console.warn(
      `Warning: the archive's tables and logs are ${(bytes / 2 ** 20).toFixed(1)} MB, over the ` +
        `${MAX_ARCHIVE_BYTES / 2 ** 20} MB a restore takes (docs/operations.md#backups): keep it, but it cannot be restored as it is.`,
    );
  }
  const rows = Object.values(archive.tables).reduce((sum, table) => sum + table.length, 0);
  const included = files.filter((file) => file.included).length;
  console.log(
    `Event ${slug} archived to ${out}: ${rows} rows in ${Object.keys(archive.tables).length} tables, ` +
      `${Object.keys(archive.quizLogs).length} quiz logs, ${archive.files.length} files named (${included} included)`,
  );
} catch (error) {
  console.error(`Export failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await server.release();
}
