import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./local-server";

/** Builds the SPA into web/dist, where the Worker serves it from. */
export function buildSpa(): void {
  console.log("Building the web app…");
  const result = spawnSync(join(ROOT, "node_modules", ".bin", "vite"), ["build", "--logLevel", "warn"], {
    cwd: ROOT,
    stdio: "inherit",
    // Vitest sets NODE_ENV=test, which Vite would keep: the e2e setup would then test React's
    // development build, bigger and slower than what users get.
    env: { ...process.env, NODE_ENV: "production" },
  });
  // A Vite build may leave a redirect that would make wrangler serve a stale build.
  rmSync(join(ROOT, ".wrangler", "deploy", "config.json"), { force: true });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status})`);
}
