import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..", "..");
export const DEV_VARS_PATH = join(ROOT, ".dev.vars");
/** The URL of `npm start` on its default port. */
export const DEFAULT_LOCAL_URL = "http://localhost:8787";

/** Local secrets and settings live in .dev.vars (git-ignored), which wrangler reads only locally. */
function readDevVars(): Record<string, string> {
  if (!existsSync(DEV_VARS_PATH)) return {};
  const entries = readFileSync(DEV_VARS_PATH, "utf8")
    .split("\n")
    .map((line) => line.match(/^\s*([A-Z0-9_]+)\s*=\s*"?(.*?)"?\s*$/))
    .filter((match): match is RegExpMatchArray => match !== null)
    .map((match) => [match[1] as string, match[2] as string] as const);
  return Object.fromEntries(entries);
}

/**
 * Makes .dev.vars describe local development: random local secrets when missing,
 * ENVIRONMENT="development" (wrangler.toml describes production, so the dev mailbox exists only
 * here) and PUBLIC_URL, the origin of e-mailed links: `publicUrl` when given (the URL this run
 * serves), else the default local URL when unset. Returns the admin and processor tokens.
 */
export function ensureDevVars(options: { publicUrl?: string } = {}): { adminToken: string; processorToken: string } {
  const vars = readDevVars();
  const secret = (name: string) => vars[name] || randomBytes(32).toString("hex");
  const wanted = {
    ADMIN_TOKEN: secret("ADMIN_TOKEN"),
    JWT_SECRET: secret("JWT_SECRET"),
    PROCESSOR_TOKEN: secret("PROCESSOR_TOKEN"),
    ENVIRONMENT: "development",
    PUBLIC_URL: options.publicUrl ?? (vars.PUBLIC_URL || DEFAULT_LOCAL_URL),
  };
  const changed = Object.entries(wanted).filter(([name, value]) => vars[name] !== value);
  if (changed.length > 0) {
    const body = Object.entries({ ...vars, ...wanted })
      .map(([name, value]) => `${name}="${value}"`)
      .join("\n");
    writeFileSync(DEV_VARS_PATH, `${body}\n`, { mode: 0o600 });
  }
  return { adminToken: wanted.ADMIN_TOKEN, processorToken: wanted.PROCESSOR_TOKEN };
}
