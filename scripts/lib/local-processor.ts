import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { ROOT } from "./local-server";

export interface LocalProcessor {
  /** Its process id while it runs (its processor id is `<host>:<pid>`). */
  pid(): number | undefined;
  stop(): Promise<void>;
}

/** Restarts wait longer after each quick death, up to this, so a broken setup does not spin. */
const MAX_RESTART_DELAY_MS = 30_000;
/** A processor that ran this long before dying is restarted at once again. */
const HEALTHY_RUN_MS = 60_000;

/**
 * Runs one media processor (processor/main.ts) against `api` beside the local Worker, as
 * `npm start` and the e2e suite do: its lines prefixed with `processor | `, restarted if it dies.
 * `env` adds settings (a short lease in the chaos run, for one); `restart: false` lets it die.
 */
export function startLocalProcessor(options: {
  api: string;
  token: string;
  quiet?: boolean;
  env?: Record<string, string>;
  restart?: boolean;
}): LocalProcessor {
  let child: ChildProcess | undefined;
  let stopping = false;
  let delay = 1_000;
  const prefix = (stream: NodeJS.ReadableStream, write: (line: string) => void) =>
    createInterface({ input: stream }).on("line", (line) => write(`processor | ${line}`));

  const start = () => {
    const startedAt = Date.now();
    child = spawn(process.execPath, ["--import", "tsx", "processor/main.ts"], {
      cwd: ROOT,
      env: {
        ...process.env,
        PROCESSOR_URL: options.api,
        PROCESSOR_TOKEN: options.token,
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    if (child.stdout) prefix(child.stdout, (line) => options.quiet || console.log(line));
    if (child.stderr) prefix(child.stderr, (line) => console.error(line));
    child.once("exit", (code, signal) => {
      if (stopping || options.restart === false) return;
      delay = Date.now() - startedAt > HEALTHY_RUN_MS ? 1_000 : Math.min(delay * 2, MAX_RESTART_DELAY_MS);
      console.error(`processor | exited (code ${code}, signal ${signal}); restarting in ${delay / 1000} s`);
      void sleep(delay).then(() => stopping || start());
    });
  };
  start();

  return {
    pid: () => (child?.exitCode === null && child.signalCode === null ? child.pid : undefined),
    async stop() {
      stopping = true;
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      running.kill("SIGTERM");
      await Promise.race([new Promise((resolve) => running.once("exit", resolve)), sleep(5_000)]);
      if (running.exitCode === null && running.signalCode === null) running.kill("SIGKILL");
    },
  };
}
