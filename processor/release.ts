import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..");

/**
 * This processor's release, sent with each lease request so the operator sees which processors
 * run what (GET /api/admin/processors): the package's version and PROCESSOR_RELEASE (set by the
 * container image) or else the checkout's commit.
 */
function readRelease(): string {
  const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
  let build = process.env.PROCESSOR_RELEASE;
  if (!build) {
    try {
      build = execFileSync("git", ["rev-parse", "--short", "HEAD"], {
        cwd: ROOT,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      }).trim();
    } catch {
      build = undefined;
    }
  }
  return `${version}${build ? `+${build}` : ""}`.replace(/[^\w.+:-]/g, "-").slice(0, 64);
}

export const PROCESSOR_RELEASE = readRelease();
