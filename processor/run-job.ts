import { join } from "node:path";
import { type InputKind, type LeasedJob, MAX_ERROR_LENGTH } from "@core/processing/protocol";
import type { StepDeps } from "./deps";
import { MAX_JOB_OUTPUT_BYTES, MAX_JOB_WALL_MS } from "./job-limits";
import { jobOutputs } from "./job-outputs";
import { type LeaseClient, LeaseLostError } from "./lease-client";
import { mapWithLimit } from "./parallel";
import type { FailedVersion, processVersion, VersionInputs } from "./pipeline";
import { progressReporter } from "./progress-reporter";

export interface RunJobDeps {
  client: LeaseClient;
  steps: StepDeps;
  /** The version pipeline (processor/pipeline.ts). */
  process: typeof processVersion;
  processorId: string;
  log(line: string): void;
}

export interface RunJobOptions {
  /** Renews the lease this often whatever the steps report (a sixth of the lease). */
  heartbeatMs: number;
  /** Progress reports at most this often (500 ms: ≤ 2 a second). */
  minProgressIntervalMs: number;
  /** Aborted when the processor shuts down: the job is dropped and taken over after its lease. */
  shutdown?: AbortSignal;
  /** The job's time limit (MAX_JOB_WALL_MS unless a test says otherwise). */
  maxWallMs?: number;
  /** The job's output limit (MAX_JOB_OUTPUT_BYTES unless a test says otherwise). */
  maxOutputBytes?: number;
}

export type JobEnd = "completed" | "failed" | "lease-lost" | "dropped";

/** Outputs uploaded at once: small page renders mostly, so a few in parallel. */
const PARALLEL_UPLOADS = 4;

/** Steps whose commands die when `signal` aborts. */
function abortable(steps: StepDeps, signal: AbortSignal): StepDeps {
  return { ...steps, run: (command, args, options) => steps.run(command, args, { ...options, signal }) };
}

/** Where an input is saved: a presentation's extension told by its bytes (LibreOffice reads both). */
async function inputPath(kind: InputKind, job: LeasedJob, directory: string, steps: StepDeps): Promise<string> {
  const path = join(directory, kind);
  if (kind !== "slides") return path;
  if (job.inputs.slides?.type === "pdf") return `${path}.pdf`;
  const zip = (await steps.files.readBytes(path, 0, 2)).toString("latin1") === "PK";
  return `${path}.${zip ? "pptx" : "ppt"}`;
}

async function downloadInputs(
  job: LeasedJob,
  directory: string,
  deps: RunJobDeps,
  signal: AbortSignal,
): Promise<VersionInputs> {
  const inputs: VersionInputs = {};
  for (const [kind, input] of Object.entries(job.inputs) as [InputKind, { url: string }][]) {
    const downloaded = join(directory, kind);
    await deps.client.download(input.url, downloaded, signal);
    const path = await inputPath(kind, job, directory, deps.steps);
    if (path !== downloaded) await deps.steps.files.rename(downloaded, path);
    inputs[kind] = path;
  }
  return inputs;
}

async function totalBytes(files: readonly { path: string }[], steps: StepDeps): Promise<number> {
  let total = 0;
  for (const { path } of files) total += await steps.files.size(path);
  return total;
}

/**
 * Runs one leased job: downloads its inputs into a directory of its own, runs the pipeline while
 * reporting progress and renewing the lease, uploads the outputs and completes the job, or fails
 * it with the pipeline's status. A lost lease stops everything at once (its commands are
 * killed); an unreachable Worker drops the job, which is taken over once its lease expires.
 * A job past its time limit (its commands killed) or whose outputs outweigh their limit fails
 * for good, with the reason the speaker reads (processor/job-limits.ts).
 * The directory is removed in every case.
 */
export async function runJob(job: LeasedJob, deps: RunJobDeps, options: RunJobOptions): Promise<JobEnd> {
  const { client, processorId } = deps;
  const maxWallMs = options.maxWallMs ?? MAX_JOB_WALL_MS;
  const maxOutputBytes = options.maxOutputBytes ?? MAX_JOB_OUTPUT_BYTES;
  const stop = new AbortController();
  const onShutdown = () => stop.abort();
  options.shutdown?.addEventListener("abort", onShutdown, { once: true });
  let outOfTime = false;
  const deadline = setTimeout(() => {
    outOfTime = true;
    stop.abort();
  }, maxWallMs);
  let leaseLost = false;
  const reporter = progressReporter(
    (progress) => client.progress(job.jobId, { processorId, ...progress }),
    { minIntervalMs: options.minProgressIntervalMs, heartbeatMs: options.heartbeatMs },
    (error) => {
      if (error instanceof LeaseLostError) {
        leaseLost = true;
        stop.abort();
      } else deps.log(`job ${job.jobId}: progress not reported (${String(error)}); retrying`);
    },
    { percent: 0, stage: "download" },
  );
  const directory = await deps.steps.files.makeTemporaryDirectory(`job-${job.jobId}-`);
  const fail = async (failure: FailedVersion): Promise<JobEnd> => {
    await reporter.stop();
    try {
      await client.fail(job.jobId, {
        processorId,
        status: failure.status,
        // Operators read which step failed in versions.error: "convert: PPT to PDF file convert failed".
        error: `${failure.stage ? `${failure.stage}: ` : ""}${failure.message}`.slice(0, MAX_ERROR_LENGTH),
        ...(failure.reason && { reason: failure.reason }),
      });
      return "failed";
    } catch (error) {
      if (error instanceof LeaseLostError) return "lease-lost";
      deps.log(`job ${job.jobId}: dropped, its failure not reported (${String(error)})`);
      return "dropped";
    }
  };
  const ended = async (): Promise<JobEnd> => {
    if (leaseLost) return "lease-lost";
    if (!outOfTime) return "dropped";
    const message = `the job ran past its time limit (${maxWallMs / 1000} s)`;
    return fail({ status: "failed", message, reason: "processing-too-long" });
  };
  try {
    const inputs = await downloadInputs(job, directory, deps, stop.signal);
    if (stop.signal.aborted) return await ended();
    const outcome = await deps.process(inputs, directory, abortable(deps.steps, stop.signal), ({ percent, stage }) =>
      reporter.update({ percent, stage }),
    );
    if (stop.signal.aborted) return await ended();
    if (outcome.status !== "success") return await fail(outcome);
    const { uploads, completion } = jobOutputs(outcome, inputs);
    const bytes = await totalBytes(uploads, deps.steps);
    if (bytes > maxOutputBytes) {
      const message = `the outputs weigh ${bytes} bytes, more than ${maxOutputBytes}`;
      return await fail({ status: "failed", message, reason: "output-too-large" });
    }
    await reporter.stop();
    await mapWithLimit(uploads, PARALLEL_UPLOADS, ({ name, path }) =>
      client.upload(job.jobId, processorId, name, path),
    );
    await client.complete(job.jobId, { processorId, ...completion });
    return "completed";
  } catch (error) {
    if (error instanceof LeaseLostError) return "lease-lost";
    // A download cut by the time limit ends here too, and fails the job.
    if (!outOfTime) deps.log(`job ${job.jobId}: dropped (${error instanceof Error ? error.message : String(error)})`);
    return await ended();
  } finally {
    clearTimeout(deadline);
    await reporter.stop();
    options.shutdown?.removeEventListener("abort", onShutdown);
    await deps.steps.files.remove(directory);
  }
}
