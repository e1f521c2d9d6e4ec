// The media processor service (docs/processor.md): leases jobs from the Worker, runs them and
// sends their outputs back. Run as many as the load needs, anywhere that reaches the Worker.
//   PROCESSOR_URL=https://events.example.org PROCESSOR_TOKEN=… npx tsx processor/main.ts
import { mkdtemp, rm } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import {
  DEFAULT_LEASE_SECONDS,
  HEARTBEATS_PER_LEASE,
  MAX_LEASE_SECONDS,
  MIN_LEASE_SECONDS,
} from "@core/processing/protocol";
import { httpLeaseClient } from "./lease-client";
import { leaseLoop } from "./lease-loop";
import { nodeStepDeps } from "./node-deps";
import { processVersion } from "./pipeline";
import { PROCESSOR_RELEASE } from "./release";
import { runJob } from "./run-job";
import { sandboxProblems } from "./sandbox-check";
import { claimTempDirectory, PROCESSORS_TEMP_ROOT } from "./temp-directories";

function setting(name: string, fallback?: string): string {
  const value = process.env[name] ?? fallback;
  if (value === undefined || value === "") {
    console.error(`${name} is not set (see docs/processor.md).`);
    process.exit(1);
  }
  return value;
}

function whole(name: string, fallback: number, min: number, max: number): number {
  const value = Number(setting(name, String(fallback)));
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`${name} must be a whole number from ${min} to ${max}.`);
    process.exit(1);
  }
  return value;
}

// PROCESSOR_API is the name it had before: still read, so existing units keep working.
const api = setting("PROCESSOR_URL", process.env.PROCESSOR_API);
const token = setting("PROCESSOR_TOKEN");
const concurrency = whole("PROCESSOR_CONCURRENCY", 1, 1, 64);
const leaseSeconds = whole("PROCESSOR_LEASE_SECONDS", DEFAULT_LEASE_SECONDS, MIN_LEASE_SECONDS, MAX_LEASE_SECONDS);
const pollMs = whole("PROCESSOR_POLL_MS", 2_000, 100, 600_000);
// Unique among the processors of a deployment: the host and this process.
const processorId = `${hostname()
  .replace(/[^A-Za-z0-9.-]/g, "-")
  .slice(0, 60)}:${process.pid}`;

const log = (line: string) => console.log(`[processor ${processorId}] ${line}`);
const shutdown = new AbortController();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log(`${signal}: taking no new job; running jobs are dropped and taken over once their lease expires`);
    shutdown.abort();
  });
}

const client = httpLeaseClient(api, token);
// Jobs' files go under this process's own directory; what stopped processors left is swept first.
const temp = await claimTempDirectory(PROCESSORS_TEMP_ROOT, process.pid);
if (temp.removed.length > 0)
  log(`removed the temporary files of ${temp.removed.length} stopped processor(s) (${temp.removed.join(", ")})`);
const nodeSteps = nodeStepDeps();
// Hostile files are converted only where they can reach nothing: no sandbox, no job.
const sandbox = await sandboxProblems(nodeSteps.run);
if (sandbox.length > 0) {
  console.error(`The processor's sandbox does not hold (docs/processor.md#sandbox):\n  ${sandbox.join("\n  ")}`);
  process.exit(1);
}
const steps = {
  ...nodeSteps,
  files: { ...nodeSteps.files, makeTemporaryDirectory: (prefix: string) => mkdtemp(join(temp.directory, prefix)) },
};
log(`${PROCESSOR_RELEASE} leasing from ${api}, ${concurrency} job(s) at a time, leases of ${leaseSeconds} s`);
await leaseLoop({
  concurrency,
  pollMs,
  shutdown: shutdown.signal,
  sleep: (ms, signal) => sleep(ms, undefined, { signal }).catch(() => undefined),
  lease: () => client.lease(processorId, leaseSeconds),
  run: (job) =>
    runJob(
      job,
      { client, steps, process: processVersion, processorId, log },
      {
        heartbeatMs: (leaseSeconds * 1000) / HEARTBEATS_PER_LEASE,
        minProgressIntervalMs: 500,
        shutdown: shutdown.signal,
      },
    ),
  log,
});
await rm(temp.directory, { recursive: true, force: true });
log("stopped");
