import type { LeasedJob } from "@core/processing/protocol";
import type { JobEnd } from "./run-job";

export interface LeaseLoopDeps {
  /** How many jobs run at once. */
  concurrency: number;
  /** The wait after finding no job, or after the Worker could not be reached. */
  pollMs: number;
  shutdown: AbortSignal;
  /** Resolves after `ms`, or at once when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  lease(): Promise<LeasedJob | undefined>;
  run(job: LeasedJob): Promise<JobEnd>;
  log(line: string): void;
}

/**
 * `concurrency` slots, each leasing a job, running it and leasing the next, until shutdown:
 * then no new job is leased and the loop ends once the running ones have stopped.
 */
export async function leaseLoop(deps: LeaseLoopDeps): Promise<void> {
  const slot = async () => {
    while (!deps.shutdown.aborted) {
      let job: LeasedJob | undefined;
      try {
        job = await deps.lease();
      } catch (error) {
        deps.log(`lease failed (${error instanceof Error ? error.message : String(error)}); retrying`);
      }
      if (!job) {
        await deps.sleep(deps.pollMs, deps.shutdown);
        continue;
      }
      deps.log(`job ${job.jobId} (version ${job.versionId}, attempt ${job.attempt}) started`);
      const end = await deps.run(job);
      deps.log(`job ${job.jobId}: ${end}`);
    }
  };
  await Promise.all(Array.from({ length: deps.concurrency }, slot));
}
