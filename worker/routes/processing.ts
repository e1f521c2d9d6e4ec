import { chapterTimesProblem } from "@core/chapters/save-rules";
import { DomainError, ErrorCode } from "@core/errors";
import {
  CompleteMultipartRequest,
  CompleteRequest,
  DEFAULT_LEASE_SECONDS,
  FailRequest,
  INPUT_KINDS,
  type LeasedJob,
  LeaseHolderQuery,
  LeaseRequest,
  OUTPUT_NAME_PATTERN,
  ProgressRequest,
  pageOfOutput,
} from "@core/processing/protocol";
import { slideIndexText } from "@core/schedule/slide-search";
import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import type { Database } from "../db/client";
import { recordProcessorSeen } from "../db/queries/processors";
import type { Env } from "../env";
import { InvalidInput } from "../invalid-input";
import { inputKeys, keyOfFileUrl, leasedInputs, streamInput } from "../processing/inputs";
import {
  completeJob,
  failExhaustedJobs,
  failJob,
  findJob,
  holdsLease,
  type JobRow,
  leaseNextJob,
  markProcessing,
  recordProgress,
  type VersionState,
} from "../processing/jobs";
import {
  completeMultipartOutput,
  missingOutputs,
  outputKey,
  putOutput,
  putOutputPart,
  startMultipartOutput,
} from "../processing/outputs";
import { requireProcessor } from "../processing/processor-token";
import { IdParam, valid } from "../validation";
import { reportVersionProgress } from "../versions/version-progress";

const JobParams = v.object({ jobId: IdParam });
const OutputParams = v.object({ jobId: IdParam, name: v.string() });
const PartParams = v.object({
  ...OutputParams.entries,
  uploadId: v.pipe(v.string(), v.minLength(1), v.maxLength(1024)),
  partNumber: v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,3}$/), v.transform(Number), v.maxValue(10_000)),
});
const UploadParams = v.object({ ...OutputParams.entries, uploadId: PartParams.entries.uploadId });
const InputParams = v.object({ jobId: IdParam, kind: v.picklist(INPUT_KINDS) });

/** Outputs by name (docs/processor.md); an unknown name matches no route (404). */
const OUTPUT = `/processing/jobs/:jobId/outputs/:name{${OUTPUT_NAME_PATTERN}}`;

async function existingJob(db: Database, jobId: number): Promise<JobRow> {
  const job = await findJob(db, jobId);
  if (!job) throw new DomainError(ErrorCode.NotFound);
  return job;
}

/**
 * The job, while `processorId` holds its lease; `lease-lost` once another processor took it over.
 * Invariant: every call on a job passes here (or checks the lease in the statement that writes),
 * so a processor reads and writes only the jobs it holds. An R2 write checked here may still
 * land just after a takeover; it writes the same names the new holder writes, and only the
 * holder's completion makes a version use them.
 */
async function heldJob(db: Database, jobId: number, processorId: string): Promise<JobRow> {
  const job = await existingJob(db, jobId);
  if (!holdsLease(job, processorId)) throw new DomainError(ErrorCode.LeaseLost);
  return job;
}

/** The version-stream room learns each change; a write of nobody's lease (undefined) lost it. */
async function reported(env: Env, state: VersionState | undefined): Promise<void> {
  if (!state) throw new DomainError(ErrorCode.LeaseLost);
  const { presentationId, ...progress } = state;
  await reportVersionProgress(env, presentationId, progress);
}

/**
 * The processing jobs API (docs/processor.md), for the media processors only: lease a job,
 * report progress (which renews the lease), download its inputs, upload its outputs, finish it.
 */
export const processingRoutes = new Hono<AppEnv>()
  .use("/processing/*", requireProcessor)
  .post("/processing/lease", valid("json", LeaseRequest), async (c) => {
    const db = c.get("db");
    const { processorId, version, leaseSeconds = DEFAULT_LEASE_SECONDS } = c.req.valid("json");
    const now = Date.now();
    await recordProcessorSeen(db, { id: processorId, version, now });
    for (const failed of await failExhaustedJobs(db, now)) await reported(c.env, failed);
    const lease = await leaseNextJob(db, { processorId, now, leaseMs: leaseSeconds * 1000 });
    if (!lease) return c.body(null, 204);
    const job = await existingJob(db, lease.jobId);
    const processing = await markProcessing(db, job.versionId);
    if (processing) await reported(c.env, processing);
    const data: LeasedJob = {
      jobId: job.jobId,
      versionId: job.versionId,
      presentationId: job.presentationId,
      option: job.option,
      attempt: lease.attempts,
      leaseExpiresAt: lease.leaseExpiresAt,
      inputs: leasedInputs(job, processorId),
    };
    return c.json({ data }, 200);
  })
  .post("/processing/jobs/:jobId/progress", valid("param", JobParams), valid("json", ProgressRequest), async (c) => {
    const db = c.get("db");
    const { jobId } = c.req.valid("param");
    const { processorId, percent, stage } = c.req.valid("json");
    await heldJob(db, jobId, processorId);
    await reported(c.env, await recordProgress(db, { jobId, processorId, percent, stage, now: Date.now() }));
    return c.body(null, 204);
  })
  .get(
    "/processing/jobs/:jobId/inputs/:kind",
    valid("param", InputParams),
    valid("query", LeaseHolderQuery),
    async (c) => {
      const { jobId, kind } = c.req.valid("param");
      const key = inputKeys(await heldJob(c.get("db"), jobId, c.req.valid("query").processorId))[kind];
      if (!key) throw new DomainError(ErrorCode.NotFound);
      return streamInput(c, c.env.FILES, key);
    },
  )
  .put(OUTPUT, valid("param", OutputParams), valid("query", LeaseHolderQuery), async (c) => {
    const { jobId, name } = c.req.valid("param");
    const job = await heldJob(c.get("db"), jobId, c.req.valid("query").processorId);
    await putOutput(c.env.FILES, job.versionId, name, c.req.raw);
    return c.body(null, 204);
  })
  .post(`${OUTPUT}/multipart`, valid("param", OutputParams), valid("query", LeaseHolderQuery), async (c) => {
    const { jobId, name } = c.req.valid("param");
    const job = await heldJob(c.get("db"), jobId, c.req.valid("query").processorId);
    return c.json({ uploadId: await startMultipartOutput(c.env.FILES, job.versionId, name) }, 201);
  })
  .put(
    `${OUTPUT}/multipart/:uploadId/:partNumber`,
    valid("param", PartParams),
    valid("query", LeaseHolderQuery),
    async (c) => {
      const { jobId, name, uploadId, partNumber } = c.req.valid("param");
      const job = await heldJob(c.get("db"), jobId, c.req.valid("query").processorId);
      const etag = await putOutputPart(
        c.env.FILES,
        { versionId: job.versionId, name, uploadId, partNumber },
        c.req.raw,
      );
      return c.json({ etag }, 200);
    },
  )
  .post(
    `${OUTPUT}/multipart/:uploadId/complete`,
    valid("param", UploadParams),
    valid("query", LeaseHolderQuery),
    valid("json", CompleteMultipartRequest),
    async (c) => {
      const { jobId, name, uploadId } = c.req.valid("param");
      const { parts } = c.req.valid("json");
      const job = await heldJob(c.get("db"), jobId, c.req.valid("query").processorId);
      await completeMultipartOutput(c.env.FILES, { versionId: job.versionId, name, uploadId, parts });
      return c.body(null, 204);
    },
  )
  .post("/processing/jobs/:jobId/complete", valid("param", JobParams), valid("json", CompleteRequest), async (c) => {
    const db = c.get("db");
    const { jobId } = c.req.valid("param");
    const body = c.req.valid("json");
    const job = await existingJob(db, jobId);
    // A repeated call of the processor that finished the job (its answer was lost) succeeds again.
    if (job.status === "done" && job.leaseOwner === body.processorId) return c.body(null, 204);
    if (!holdsLease(job, body.processorId)) throw new DomainError(ErrorCode.LeaseLost);
    // The detector's chapters obey the editor's rule, so a speaker can always save them back.
    const problem =
      body.chapters.length === 0
        ? null
        : chapterTimesProblem(
            body.chapters.map((chapter) => chapter.timeMs),
            body.durationMs,
            (index) => `chapters.${index}.timeMs`,
          );
    if (problem) throw new DomainError(ErrorCode.ValidationFailed, problem);
    // A chapter's page is the one its picture shows (pageOfOutput): the two never disagree.
    const misplaced = body.chapters.findIndex((chapter) => chapter.page !== pageOfOutput(chapter.thumbnail));
    if (misplaced >= 0) {
      throw new DomainError(
        ErrorCode.ValidationFailed,
        `chapters.${misplaced}.page: the page its thumbnail shows (pages/NNN.jpg is page NNN, chapters/NNN.jpg none)`,
      );
    }
    // A page's text is of a page the version has.
    const outside = body.pages?.findIndex((page) => page.page > (body.pageCount ?? 0)) ?? -1;
    if (outside >= 0) {
      throw new DomainError(ErrorCode.ValidationFailed, `pages.${outside}.page: a page of the deck (1 to pageCount)`);
    }
    const inputs = inputKeys(job);
    if ((body.video && !inputs.video) || (body.webcam && !inputs.webcam) || (body.pdf && !inputs.slides)) {
      throw new DomainError(ErrorCode.ForeignId, "a playable copy or PDF of a file this version does not have");
    }
    const named = [body.pdf, body.video, body.webcam, ...body.chapters.map((chapter) => chapter.thumbnail)];
    const missing = await missingOutputs(
      c.env.FILES,
      job.versionId,
      named.filter((name): name is string => name !== null),
    );
    if (missing.length > 0) {
      throw new InvalidInput(
        missing.slice(0, 10).map((name) => ({ path: "body", message: `output not uploaded: ${name}` })),
      );
    }
    const output = (name: string | null) => (name ? outputKey(job.versionId, name) : null);
    const completed = await completeJob(
      db,
      { jobId, processorId: body.processorId, versionId: job.versionId, now: Date.now() },
      {
        durationMs: body.durationMs,
        pageCount: body.pageCount,
        pdfKey: output(body.pdf) ?? (job.pdfUrl ? keyOfFileUrl(job.pdfUrl) : null),
        playableVideoKey: output(body.video) ?? inputs.video ?? null,
        playableWebcamKey: output(body.webcam) ?? inputs.webcam ?? null,
        chapters: body.chapters.map((chapter) => ({
          timeMs: chapter.timeMs,
          title: chapter.title,
          imageKey: outputKey(job.versionId, chapter.thumbnail),
        })),
        pages: body.pages?.map((page) => ({ ...page, text: slideIndexText(page.text) })),
      },
    );
    await reported(c.env, completed);
    return c.body(null, 204);
  })
  .post("/processing/jobs/:jobId/fail", valid("param", JobParams), valid("json", FailRequest), async (c) => {
    const db = c.get("db");
    const { jobId } = c.req.valid("param");
    const { processorId, ...failure } = c.req.valid("json");
    const job = await heldJob(db, jobId, processorId);
    await reported(
      c.env,
      await failJob(db, { jobId, processorId, versionId: job.versionId, now: Date.now() }, failure),
    );
    return c.body(null, 204);
  });
