// npm run import -- <schedule.json> --slug <slug> [--url http://host:port]
// Imports a frab / c3voc / pretalx schedule.json into an event, creating or updating it.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { AdminClient, describeImport } from "./lib/admin-client";
import { serverForAdmin } from "./lib/server-for-admin";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { slug: { type: "string" }, url: { type: "string" } },
});
const [file] = positionals;
if (!file || !values.slug) {
  console.error("Usage: npm run import -- <schedule.json> --slug <event-slug> [--url http://127.0.0.1:8787]");
  process.exit(2);
}

let schedule: unknown;
try {
  schedule = JSON.parse(readFileSync(file, "utf8"));
} catch (error) {
  console.error(`Cannot read ${file} as JSON: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const server = await serverForAdmin(values.url);
try {
  const report = await new AdminClient(server.url, server.token).importSchedule(values.slug, schedule);
  console.log(describeImport(values.slug, report));
} catch (error) {
  console.error(`Import failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await server.release();
}
