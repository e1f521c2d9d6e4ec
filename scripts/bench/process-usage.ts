// CPU and memory of the bench's process and of the local server's (workerd, its child), read
// from /proc (Linux only; NaN elsewhere), so a benchmark tells which side bounds a run.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** The server's process (workerd, the bench's child; Linux only). */
export function serverPid(): string | undefined {
  try {
    return execFileSync("pgrep", ["-P", String(process.pid), "workerd"], { encoding: "utf8" })
      .trim()
      .split("\n")[0];
  } catch {
    return undefined;
  }
}

/** The server's resident memory in MB (each socket's compression contexts are in it), NaN when unknown. */
export function serverRssMb(): number {
  try {
    const status = readFileSync(`/proc/${serverPid()}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** CPU ms used so far by the bench's process and by the server's (workerd, its child; Linux only). */
export function cpuMs(): { bench: number; server: number } {
  const own = process.cpuUsage();
  let server = Number.NaN;
  try {
    const pid = serverPid();
    // Fields 14 and 15 of /proc/<pid>/stat: user and system time in clock ticks (100 a second).
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    server = (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    // No /proc or no workerd child: the server's time is not shown.
  }
  return { bench: (own.user + own.system) / 1000, server };
}
