/**
 * Versions queued straight into a local server's D1 and R2 (its `--persist-to` state), as the
 * versions API leaves them, for the processing benchmark and its chaos run: they need jobs
 * without a speaker's uploads. Reads go through the same local state.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { ROOT } from "./local-server";

const BUCKET = "event-engagement-files";

function wrangler(args: string[]): string {
  const result = spawnSync(join(ROOT, "node_modules", ".bin", "wrangler"), args, {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false", NO_COLOR: "1" },
  });
  if (result.status !== 0)
    throw new Error(`wrangler ${args.slice(0, 3).join(" ")} failed:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** Rows of a statement on the local database (values inlined by the caller: trusted, local). */
export function localSql<Row>(stateDir: string, statement: string): Row[] {
  const output = wrangler([
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    stateDir,
    "--json",
    "--command",
    statement,
  ]);
  return (JSON.parse(output) as { results: Row[] }[])[0]?.results ?? [];
}

/** A pending version of `presentationId` with `video` (and `slides`, a pptx) and its queued job. */
export function queueLocalVersion(
  stateDir: string,
  version: { id: string; presentationId: number; video?: string; slides?: string },
): void {
  const key = (kind: string) => `uploads/local/${version.id}/${kind}`;
  for (const [kind, file] of [
    ["video", version.video],
    ["slides", version.slides],
  ] as const) {
    if (file)
      wrangler(["r2", "object", "put", `${BUCKET}/${key(kind)}`, "--file", file, "--local", "--persist-to", stateDir]);
  }
  const text = (value: string | undefined) => (value ? `'${value}'` : "null");
  localSql(
    stateDir,
    `insert into versions (id, presentation_id, option, status, video_key, ppt_url)
     values ('${version.id}', ${version.presentationId}, '${version.video ? "two" : "four"}', 'pending',
       ${text(version.video && key("video"))}, ${text(version.slides && `/api/files/${key("slides")}`)});
     insert into processing_jobs (version_id) values ('${version.id}');`,
  );
}
