import { resolve } from "node:path";
import type { CommandOptions, CommandResult } from "./deps";

/**
 * Every program the processor runs (LibreOffice, poppler, ffmpeg) reads files an uploader chose,
 * and those formats can point elsewhere: a slide's image linked by URL or by file:// path, an
 * SVG's <image href>, an HLS playlist posing as a video. The sandbox gives such a program no
 * network and no view of the machine beyond the system files it runs from and the paths its
 * step names, so whatever the file asks for, it cannot reach a service or read another file.
 * Built on bubblewrap (Debian package bubblewrap): namespaces of its own (user, pid, network
 * with loopback only, ipc, uts), no capabilities, a clean environment (the processor's token
 * stays outside), and limits set with prlimit (util-linux) before the program starts.
 */

/** What the programs run from, read-only; a path this machine lacks is skipped. */
const SYSTEM_PATHS = [
  "/usr",
  "/bin",
  "/sbin",
  "/lib",
  "/lib32",
  "/lib64",
  "/libx32",
  // Debian's alternatives hold library links (libblas for ffmpeg); the loader reads its cache.
  "/etc/alternatives",
  "/etc/ld.so.cache",
  // Fonts for LibreOffice and pdftoppm, and their cache (else rebuilt on every run).
  "/etc/fonts",
  "/var/cache/fontconfig",
  // /usr/lib/libreoffice/program/sofficerc and its registry files link here.
  "/etc/libreoffice",
];

/** A program's private memory (RLIMIT_DATA): far above a deck's conversion or a 4K decode. */
export const SANDBOX_MEMORY_BYTES = 4 * 1024 ** 3;
/** The largest file a program may write (RLIMIT_FSIZE): twice the largest video upload. */
export const SANDBOX_FILE_BYTES = 10 * 1024 ** 3;
/** The sandbox's own /tmp, in memory: HOME and the programs' temporary files. */
const SANDBOX_TMP_BYTES = 512 * 1024 ** 2;

/** The bubblewrap command line that runs `command` confined to the paths of `options.paths`. */
export function sandboxArguments(command: string, args: readonly string[], options: CommandOptions): string[] {
  const read = (options.paths?.read ?? []).map((path) => resolve(path));
  const write = (options.paths?.write ?? []).map((path) => resolve(path));
  return [
    ...["--unshare-all", "--unshare-user", "--disable-userns", "--cap-drop", "ALL"],
    ...["--die-with-parent", "--new-session"],
    ...SYSTEM_PATHS.flatMap((path) => ["--ro-bind-try", path, path]),
    ...["--proc", "/proc", "--dev", "/dev"],
    ...["--size", String(SANDBOX_TMP_BYTES), "--tmpfs", "/tmp", "--dir", "/tmp/home"],
    ...read.flatMap((path) => ["--ro-bind", path, path]),
    ...write.flatMap((path) => ["--bind", path, path]),
    ...["--clearenv", "--setenv", "PATH", "/usr/bin:/bin", "--setenv", "HOME", "/tmp/home"],
    ...["--setenv", "TMPDIR", "/tmp", "--setenv", "LANG", "C.UTF-8"],
    ...["--chdir", options.cwd ? resolve(options.cwd) : "/tmp"],
    "--",
    ...["prlimit", `--data=${SANDBOX_MEMORY_BYTES}`, `--fsize=${SANDBOX_FILE_BYTES}`, "--core=0", "--"],
    command,
    ...args,
  ];
}

type Run = (command: string, args: string[], options: CommandOptions) => Promise<CommandResult>;

/** `run` with every command inside the sandbox: the one place the processor's programs start. */
export function sandboxed(run: Run): Run {
  return (command, args, options) => run("bwrap", sandboxArguments(command, args, options), options);
}
