// npm run import-archive -- --file FILE [--url http://host:port]
// Restores an event archive (npm run export) as a new event, then uploads its files.
import { parseArgs } from "node:util";
import { MAX_ARCHIVE_FILE_BYTES } from "@core/archive/format";
import { AdminClient } from "./lib/admin-client";
import { openArchive } from "./lib/archive-file";
import { serverForAdmin } from "./lib/server-for-admin";

const { values } = parseArgs({ options: { file: { type: "string" }, url: { type: "string" } } });
if (!values.file) {
  console.error("Usage: npm run import-archive -- --file <archive.tar.gz> [--url http://127.0.0.1:8787]");
  process.exit(2);
}
const locale = process.env.LANG?.toLowerCase().startsWith("fr") ? "fr" : "en";

let opened: Awaited<ReturnType<typeof openArchive>>;
try {
  opened = await openArchive(values.file);
} catch (error) {
  console.error(`Cannot read ${values.file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const server = await serverForAdmin(values.url);
try {
  const client = new AdminClient(server.url, server.token, locale);
  const { manifest, archive } = opened;
  const report = await client.restoreArchive(archive);
  const rows = Object.values(report.rows).reduce((sum, count) => sum + count, 0);
  console.log(
    `Event ${report.slug} restored (id ${report.eventId}): ${rows} rows, ${Object.keys(report.quizLogs).length} quiz logs`,
  );
  const missing: string[] = [];
  for (const [index, file] of manifest.files.entries()) {
    const key = report.files[index] ?? file.key;
    if (!file.included || (file.size ?? 0) > MAX_ARCHIVE_FILE_BYTES) {
      missing.push(file.key);
      continue;
    }
    const bytes = await opened.readFile(file.key);
    await client.uploadFile(report.slug, key, bytes, {
      contentType: file.contentType ?? "application/octet-stream",
      ...(file.cacheControl ? { cacheControl: file.cacheControl } : {}),
    });
  }
  console.log(`  files: ${manifest.files.length - missing.length} uploaded, ${missing.length} not in the archive`);
  for (const key of missing) console.log(`    not uploaded: ${key}`);
} catch (error) {
  console.error(`Import failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await opened.close();
  await server.release();
}
