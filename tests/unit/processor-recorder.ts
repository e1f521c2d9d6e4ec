// Recording deps for the processor's steps: every command is recorded, and answered from the
// outputs a test gives (recorded from the real programs where it matters).
import { dirname } from "node:path";
import type { CommandOptions, CommandResult, FileDeps, StepDeps } from "../../processor/deps";

export interface RecordedCall {
  command: string;
  args: string[];
  options: CommandOptions;
}

export interface Answer {
  code?: number | null;
  timedOut?: boolean;
  stdout?: Buffer | string;
  stderrLines?: string[];
  stdoutLines?: string[];
  /** Files the program would have written. */
  writes?: Record<string, Buffer | string>;
}

export function recordingDeps(
  answer: (call: RecordedCall) => Answer = () => ({}),
  initialFiles: Record<string, Buffer | string> = {},
) {
  const calls: RecordedCall[] = [];
  const removed: string[] = [];
  const files = new Map<string, Buffer>(Object.entries(initialFiles).map(([path, body]) => [path, Buffer.from(body)]));
  let temporary = 0;
  const fileDeps: FileDeps = {
    exists: async (path) => files.has(path),
    readText: async (path) => (files.get(path) ?? Buffer.alloc(0)).toString("utf8"),
    readBytes: async (path, offset, length) => (files.get(path) ?? Buffer.alloc(0)).subarray(offset, offset + length),
    size: async (path) => files.get(path)?.length ?? 0,
    writeText: async (path, text) => {
      files.set(path, Buffer.from(text));
    },
    writeBytes: async (path, bytes) => {
      files.set(path, Buffer.from(bytes));
    },
    list: async (directory) =>
      [...files.keys()].filter((path) => dirname(path) === directory).map((path) => path.slice(directory.length + 1)),
    makeDirectory: async () => {},
    rename: async (from, to) => {
      const body = files.get(from);
      if (body) files.set(to, body);
      files.delete(from);
    },
    makeTemporaryDirectory: async (prefix) => `/tmp/${prefix}${++temporary}`,
    remove: async (path) => {
      removed.push(path);
    },
  };
  const deps: StepDeps = {
    files: fileDeps,
    now: () => 0,
    parallelism: 2,
    async run(command, args, options) {
      const call = { command, args, options };
      calls.push(call);
      const given = answer(call);
      for (const line of given.stderrLines ?? []) options.onStderrLine?.(line);
      for (const line of given.stdoutLines ?? []) options.onStdoutLine?.(line);
      // A streamed stdout arrives in uneven chunks, as from a pipe.
      if (options.onStdoutData && given.stdout) {
        const body = Buffer.from(given.stdout);
        for (let at = 0; at < body.length; at += 7919) options.onStdoutData(body.subarray(at, at + 7919));
      }
      for (const [path, body] of Object.entries(given.writes ?? {})) {
        files.set(path, Buffer.from(body));
      }
      const result: CommandResult = {
        code: given.code === undefined ? 0 : given.code,
        timedOut: given.timedOut ?? false,
        stdout: Buffer.from(given.stdout ?? given.stdoutLines?.join("\n") ?? ""),
        stderr: (given.stderrLines ?? []).join("\n"),
      };
      return result;
    },
  };
  return { deps, calls, files, removed };
}

/** Collects what a progress callback was given. */
export function progressRecorder() {
  const values: number[] = [];
  return { values, report: (percent: number) => values.push(percent) };
}

export function isNonDecreasing(values: readonly number[]): boolean {
  return values.every((value, i) => i === 0 || value >= (values[i - 1] ?? 0));
}
