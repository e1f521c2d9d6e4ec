import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");

/**
 * The processor as its container image and systemd unit run it (processor/deploy/): one bundled
 * file beside package.json, started with `node processor/processor.mjs` and its environment only.
 */
const installed = mkdtempSync(join(tmpdir(), "processor-install-"));
afterAll(() => rmSync(installed, { recursive: true, force: true }));

/** Runs the installed processor until it exits, or until its output matches `until` (then stops it). */
function run(env: Record<string, string>, until?: RegExp): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["processor/processor.mjs"], {
      cwd: installed,
      env: { PATH: process.env.PATH ?? "", HOME: installed, ...env },
    });
    let output = "";
    const read = (chunk: Buffer) => {
      output += chunk;
      if (until?.test(output)) child.kill("SIGTERM");
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("exit", (code) => resolve({ code, output }));
  });
}

describe("the processor's deployable bundle", () => {
  it("builds into one file that runs with nothing but Node, its settings and package.json", async () => {
    mkdirSync(join(installed, "processor"));
    await build({
      entryPoints: [join(ROOT, "processor", "main.ts")],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      outfile: join(installed, "processor", "processor.mjs"),
      logLevel: "warning",
    });
    copyFileSync(join(ROOT, "package.json"), join(installed, "package.json"));

    const unset = await run({});
    expect(unset.code).toBe(1);
    expect(unset.output).toContain("PROCESSOR_URL is not set");

    const started = await run(
      { PROCESSOR_URL: "http://127.0.0.1:9", PROCESSOR_TOKEN: "t", PROCESSOR_RELEASE: "abc123" },
      /leasing from/,
    );
    expect(started.output).toMatch(/\+abc123 leasing from http:\/\/127\.0\.0\.1:9, 1 job\(s\) at a time/);
  }, 60_000);
});
