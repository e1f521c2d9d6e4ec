import { spawn } from "node:child_process";
import { copyFile, mkdir, mkdtemp, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import type { CommandOptions, CommandResult, FileDeps, StepDeps } from "./deps";
import { sandboxed } from "./sandbox";

/** Splits a byte stream into lines, ending a line at \n or \r. */
function lineSplitter(onLine: (line: string) => void) {
  let pending = "";
  return {
    push(chunk: Buffer) {
      pending += chunk.toString("utf8");
      const lines = pending.split(/\r\n|\r|\n/);
      pending = lines.pop() ?? "";
      for (const line of lines) onLine(line);
    },
    end() {
      if (pending !== "") onLine(pending);
      pending = "";
    },
  };
}

/**
 * Process groups still running, killed if this process exits first: in a group of their own
 * they do not get the terminal's Ctrl-C.
 */
const runningGroups = new Set<number>();
let exitHookInstalled = false;

function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // The group is already gone.
  }
}

function trackGroup(pid: number): void {
  runningGroups.add(pid);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const group of runningGroups) killGroup(group);
  });
}

/**
 * Runs a program in its own process group, so a timeout kills its children too (soffice runs
 * soffice.bin, which would otherwise survive and keep the profile directory locked).
 */
export function runCommand(command: string, args: string[], options: CommandOptions): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const stdout: Buffer[] = [];
    const stderr: string[] = [];
    let timedOut = false;
    const outLines = options.onStdoutLine ? lineSplitter(options.onStdoutLine) : undefined;
    const errLines = lineSplitter((line) => {
      stderr.push(line);
      options.onStderrLine?.(line);
    });
    child.stdout.on("data", (chunk: Buffer) => {
      if (options.onStdoutData) return options.onStdoutData(chunk);
      stdout.push(chunk);
      outLines?.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => errLines.push(chunk));
    const { pid } = child;
    if (pid !== undefined) trackGroup(pid);
    const timer = setTimeout(() => {
      timedOut = true;
      if (pid !== undefined) killGroup(pid);
    }, options.timeoutMs);
    const abort = () => {
      if (pid !== undefined) killGroup(pid);
    };
    if (options.signal?.aborted) abort();
    options.signal?.addEventListener("abort", abort, { once: true });
    let finished = false;
    const finish = (code: number | null) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", abort);
      // Children left behind by a program that exited on its own die with it too.
      if (pid !== undefined) {
        killGroup(pid);
        runningGroups.delete(pid);
      }
      outLines?.end();
      errLines.end();
      resolve({ code, timedOut, stdout: Buffer.concat(stdout), stderr: stderr.join("\n") });
    };
    child.on("error", (error) => {
      stderr.push(String(error));
      finish(null);
    });
    child.on("close", (code) => finish(code));
  });
}

export const nodeFiles: FileDeps = {
  async exists(path) {
    try {
      await stat(path);
      return true;
    } catch {
      return false;
    }
  },
  readText: (path) => readFile(path, "utf8"),
  async readBytes(path, offset, length) {
    const handle = await open(path, "r");
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  },
  size: async (path) => (await stat(path)).size,
  writeText: (path, text) => writeFile(path, text),
  writeBytes: (path, bytes) => writeFile(path, bytes),
  list: (directory) => readdir(directory),
  makeDirectory: async (path) => {
    await mkdir(path, { recursive: true });
  },
  async rename(from, to) {
    try {
      await rename(from, to);
    } catch (error) {
      // A scratch directory under the system's temporary directory and an --out elsewhere may
      // be on different file systems.
      if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
      await copyFile(from, to);
      await rm(from, { force: true });
    }
  },
  makeTemporaryDirectory: (prefix) => mkdtemp(join(tmpdir(), prefix)),
  remove: (path) => rm(path, { recursive: true, force: true }),
};

/** The steps' effects on this machine: every command runs in the sandbox (processor/sandbox.ts). */
export function nodeStepDeps(): StepDeps {
  return {
    run: sandboxed(runCommand),
    files: nodeFiles,
    now: Date.now,
    parallelism: availableParallelism(),
  };
}
