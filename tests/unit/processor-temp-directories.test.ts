// A processor's start sweeps the temporary files of processors that stopped without cleaning up
// (killed mid-job), never those of a processor still at work on the same machine.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { claimTempDirectory } from "../../processor/temp-directories";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "processor-temp-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function leftBy(pid: string) {
  mkdirSync(join(root, pid, "job-7-abc"), { recursive: true });
  writeFileSync(join(root, pid, "job-7-abc", "video"), "bytes");
}

it("removes a stopped processor's files, keeps a running one's and anything not a processor's", async () => {
  leftBy("101"); // killed mid-job
  leftBy("202"); // still running
  leftBy("303"); // this pid, reused: an earlier process's
  mkdirSync(join(root, "not-a-processor"));
  const alive = new Set([202, 303]);
  const claimed = await claimTempDirectory(root, 303, (pid) => alive.has(pid));
  expect(claimed.removed.sort()).toEqual(["101", "303"]);
  expect(readdirSync(root).sort()).toEqual(["202", "303", "not-a-processor"]);
  expect(existsSync(join(root, "202", "job-7-abc", "video"))).toBe(true);
  expect(readdirSync(claimed.directory)).toEqual([]);
});
