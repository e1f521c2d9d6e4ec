import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..", "..");
export const DEV_VARS_PATH = join(ROOT, ".dev.vars");

/** Local secrets live in .dev.vars (git-ignored), which wrangler reads. */
function readDevVars(): Record<string, string> {
  if (!existsSync(DEV_VARS_PATH)) return {};
  const entries = readFileSync(DEV_VARS_PATH, "utf8")
    .split("\n")
    .map((line) => line.match(/^\s*([A-Z0-9_]+)\s*=\s*"?(.*?)"?\s*$/))
    .filter((match): match is RegExpMatchArray => match !== null)
    .map((match) => [match[1] as string, match[2] as string] as const);
  return Object.fromEntries(entries);
}

/** Creates .dev.vars with random local secrets when missing; returns the admin token. */
export function ensureDevVars(): { adminToken: string } {
  const vars = readDevVars();
  const missing: string[] = [];
  for (const name of ["ADMIN_TOKEN", "JWT_SECRET"]) {
    if (!vars[name]) {
      vars[name] = randomBytes(32).toString("hex");
      missing.push(name);
    }
  }
  if (missing.length > 0) {
    const body = Object.entries(vars)
      .map(([name, value]) => `${name}="${value}"`)
      .join("\n");
    writeFileSync(DEV_VARS_PATH, `${body}\n`, { mode: 0o600 });
  }
  return { adminToken: vars.ADMIN_TOKEN as string };
}
