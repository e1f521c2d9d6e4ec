import { mkdir, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Where processors keep their jobs' files: one directory per processor process, named by its pid,
 * so the processors of one machine sharing a temporary directory never touch each other's files.
 */
export const PROCESSORS_TEMP_ROOT = join(tmpdir(), "event-engagement-processors");

/** Whether a process of this pid runs on this machine (signal 0 only checks). */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes what processors that are no longer running left under `root` (a processor killed
 * mid-job, a crash, a power cut keep their downloads and outputs, gigabytes for a long talk),
 * then makes this process's own directory. Answers that directory and the names removed.
 */
export async function claimTempDirectory(
  root: string,
  pid: number,
  isAlive: (pid: number) => boolean = processIsAlive,
): Promise<{ directory: string; removed: string[] }> {
  await mkdir(root, { recursive: true });
  const removed: string[] = [];
  for (const name of await readdir(root)) {
    const owner = /^[1-9][0-9]*$/.test(name) ? Number(name) : undefined;
    // Another name is not a processor's: left alone. A live owner other than this process is
    // another processor at work; this pid's directory is an earlier process's, pids being reused.
    if (owner === undefined || (owner !== pid && isAlive(owner))) continue;
    await rm(join(root, name), { recursive: true, force: true });
    removed.push(name);
  }
  const directory = join(root, String(pid));
  await mkdir(directory, { recursive: true });
  return { directory, removed };
}
