import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";

const ROOT = join(import.meta.dirname, "..", "..");
const config = unstable_readConfig({ config: join(ROOT, "wrangler.toml") });

/** Cloudflare's limit for a Worker on the free plan is 3 MiB gzipped; ours stays well under. */
const MAX_GZIPPED_WORKER_BYTES = 1024 * 1024;
/** What only secrets may hold: a value in [vars] is in the repository and in the dashboard. */
const SECRET_NAMES = ["ADMIN_TOKEN", "JWT_SECRET", "PROCESSOR_TOKEN", "MAIL_API_KEY"];

describe("a plain `wrangler deploy`", () => {
  it("is production: wrangler.toml's vars turn no development feature on", () => {
    // worker/deploy-config.ts: only "development" turns the dev mailbox on.
    expect(config.vars.ENVIRONMENT).toBe("production");
  });

  it("carries no development value: no secret in [vars], no local URL, no outbox-only mail", () => {
    const vars = config.vars as Record<string, unknown>;
    for (const name of SECRET_NAMES) expect(vars, `${name} must be a secret`).not.toHaveProperty(name);
    for (const [name, value] of Object.entries(vars)) {
      expect(String(value), name).not.toMatch(/localhost|127\.0\.0\.1|\.dev\.vars/);
    }
    if (vars.MAIL_PROVIDER !== undefined) expect(vars.MAIL_PROVIDER).not.toBe("outbox");
  });

  const bundleDir = mkdtempSync(join(tmpdir(), "production-bundle-"));
  afterAll(() => rmSync(bundleDir, { recursive: true, force: true }));

  it("bundles, and the Worker is under 1 MiB gzipped", async () => {
    await promisify(execFile)(
      join(ROOT, "node_modules", ".bin", "wrangler"),
      ["deploy", "--dry-run", "--outdir", bundleDir],
      {
        cwd: ROOT,
        env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false", NO_COLOR: "1" },
      },
    );
    const modules = readdirSync(bundleDir, { recursive: true, withFileTypes: true }).filter(
      (entry) => entry.isFile() && /\.(m?js|wasm)$/.test(entry.name),
    );
    expect(modules.length).toBeGreaterThan(0);
    const gzipped = modules.reduce(
      (total, entry) => total + gzipSync(readFileSync(join(entry.parentPath, entry.name))).byteLength,
      0,
    );
    // Printed so the figure shows in the test log as the Worker grows.
    console.log(`production Worker: ${(gzipped / 1024).toFixed(0)} KiB gzipped`);
    expect(gzipped).toBeLessThan(MAX_GZIPPED_WORKER_BYTES);
  }, 60_000);
});
