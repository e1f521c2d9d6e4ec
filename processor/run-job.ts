import { join } from "node:path";
import { type InputKind, type LeasedJob, MAX_ERROR_LENGTH } from "@core/processing/protocol";
import type { StepDeps } from "./deps";
import { jobOutputs } from "./job-outputs";
import { type LeaseClient, LeaseLostError } from "./lease-client";
import { mapWithLimit } from "./parallel";
import type { processVersion, VersionInputs } from "./pipeline";
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

/**
 * Runs one leased job: downloads its inputs into a directory of its own, runs the pipeline while
 * reporting progress and renewing the lease, uploads the outputs and completes the job, or fails
 * it with the pipeline's status. A lost lease stops everything at once (its commands are
 * killed); an unreachable Worker drops the job, which is taken over once its lease expires.
 * The directory is removed in every case.
 */
export async function runJob(job: LeasedJob, deps: RunJobDeps, options: RunJobOptions): Promise<JobEnd> {
  const { client, processorId } = deps;
  const stop = new AbortController();
  const onShutdown = () => stop.abort();
  options.shutdown?.addEventListener("abort", onShutdown, { once: true });
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
  const ended = (): JobEnd => (leaseLost ? "lease-lost" : "dropped");
  try {
    const inputs = await downloadInputs(job, directory, deps, stop.signal);
    if (stop.signal.aborted) return ended();
    const outcome = await deps.process(inputs, directory, abortable(deps.steps, stop.signal), ({ percent, stage }) =>
      reporter.update({ percent, stage }),
    );
    if (stop.signal.aborted) return ended();
    await reporter.stop();
    if (outcome.status !== "success") {
      await client.fail(job.jobId, {
        processorId,
        status: outcome.status,
        error: outcome.message.slice(0, MAX_ERROR_LENGTH),
      });
      return "failed";
    }
    const { uploads, completion } = jobOutputs(outcome, inputs);
    await mapWithLimit(uploads, PARALLEL_UPLOADS, ({ name, path }) =>
      client.upload(job.jobId, processorId, name, path),
    );
    await client.complete(job.jobId, { processorId, ...completion });
    return "completed";
  } catch (error) {
    if (error instanceof LeaseLostError) return "lease-lost";
    deps.log(`job ${job.jobId}: dropped (${error instanceof Error ? error.message : String(error)})`);
    return ended();
  } finally {
    await reporter.stop();
    options.shutdown?.removeEventListener("abort", onShutdown);
    await deps.steps.files.remove(directory);
  }
}
