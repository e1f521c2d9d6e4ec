import type { FailureReason } from "@core/versions/status";

/**
 * The effects a processing step may have, passed in as `deps` so unit tests hand the steps a
 * recorder and recorded outputs instead of real programs and files.
 */
export interface CommandOptions {
  /** After this long the whole process group is killed (soffice and ffmpeg start children). */
  timeoutMs: number;
  cwd?: string;
  /**
   * The only files the command sees besides the system's (processor/sandbox.ts): `read`, files
   * or directories it reads; `write`, directories it writes into (bound read-write).
   */
  paths?: { read?: readonly string[]; write?: readonly string[] };
  /** Called with each line of stderr (split on \n and \r, as ffmpeg rewrites its stats line). */
  onStderrLine?: (line: string) => void;
  /** Called with each line of stdout; stdout is still collected whole in the result. */
  onStdoutLine?: (line: string) => void;
  /** Called with each chunk of stdout as it comes; stdout is then not kept (a long raw stream). */
  onStdoutData?: (chunk: Buffer) => void;
  /** Aborting kills the whole process group at once (a job whose lease was lost). */
  signal?: AbortSignal;
}

export interface CommandResult {
  /** Exit code, or null when a signal ended the process. */
  code: number | null;
  timedOut: boolean;
  stdout: Buffer;
  stderr: string;
}

export interface FileDeps {
  exists(path: string): Promise<boolean>;
  readText(path: string): Promise<string>;
  /** `length` bytes from `offset` (fewer at the end of the file). */
  readBytes(path: string, offset: number, length: number): Promise<Buffer>;
  size(path: string): Promise<number>;
  writeText(path: string, text: string): Promise<void>;
  writeBytes(path: string, bytes: Uint8Array): Promise<void>;
  list(directory: string): Promise<string[]>;
  makeDirectory(path: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  /** A new empty directory under the system's temporary directory. */
  makeTemporaryDirectory(prefix: string): Promise<string>;
  remove(path: string): Promise<void>;
}

export interface StepDeps {
  run(command: string, args: string[], options: CommandOptions): Promise<CommandResult>;
  files: FileDeps;
  now(): number;
  /** How many commands may run at once (the machine's cores). */
  parallelism: number;
}

/** A percentage callback; see progress.ts for the never-decreasing wrapper. */
export type ProgressReport = (percent: number) => void;

/** A step failure that carries the version status it leads to, and why when the speaker can act on it. */
export class ProcessingError extends Error {
  constructor(
    readonly status: "failed" | "convert-failed",
    message: string,
    readonly reason?: FailureReason,
  ) {
    super(message);
    this.name = "ProcessingError";
  }
}
