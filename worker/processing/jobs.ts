/**
 * The processing jobs' lease table (docs/processor.md): who holds which job until when, and the
 * version each write finishes. Every write that needs the lease checks it in the statement that
 * writes, so a processor whose lease was taken over changes nothing.
 */

import { MAX_JOB_ATTEMPTS } from "@core/processing/protocol";
import type { FailureReason, VersionStatus } from "@core/versions/status";
import { and, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { presentations, processingJobs, slidePages, versions, versionThumbnails } from "../db/schema";

/** What the Worker tells the version-stream room after a write. */
export interface VersionState {
  presentationId: number;
  versionId: string;
  percent: number;
  status: VersionStatus;
}

/** A job with its version's files, as a processor needs them. */
export interface JobRow {
  jobId: number;
  status: "queued" | "leased" | "done" | "failed";
  leaseOwner: string | null;
  attempts: number;
  leaseExpiresAt: number | null;
  versionId: string;
  presentationId: number;
  option: "first" | "two" | "three" | "four";
  videoKey: string | null;
  webcamKey: string | null;
  pdfUrl: string | null;
  pptUrl: string | null;
}

export async function findJob(db: Database, jobId: number): Promise<JobRow | undefined> {
  const [row] = await db.all<JobRow>(sql`
    select j.id as jobId, j.status, j.lease_owner as leaseOwner, j.attempts,
      j.lease_expires_at as leaseExpiresAt, v.id as versionId, v.presentation_id as presentationId,
      v.option, v.video_key as videoKey, v.webcam_key as webcamKey, v.pdf_url as pdfUrl, v.ppt_url as pptUrl
    from ${processingJobs} j join ${versions} v on v.id = j.version_id
    where j.id = ${jobId}`);
  return row;
}

export const holdsLease = (job: Pick<JobRow, "status" | "leaseOwner">, processorId: string) =>
  job.status === "leased" && job.leaseOwner === processorId;

/** True while `processorId` holds the job's lease, checked inside the statement that writes. */
const leaseHeld = (jobId: number, processorId: string): SQL => sql`exists (
  select 1 from ${processingJobs}
  where id = ${jobId} and status = 'leased' and lease_owner = ${processorId})`;

const ownLease = (jobId: number, processorId: string) =>
  and(eq(processingJobs.id, jobId), eq(processingJobs.status, "leased"), eq(processingJobs.leaseOwner, processorId));

/** The columns every write of a version answers: what the version-stream room is told. */
const versionState = {
  presentationId: versions.presentationId,
  versionId: versions.id,
  percent: versions.percent,
  status: versions.status,
};
const stillProcessing = inArray(versions.status, ["pending", "processing"]);

const EXHAUSTED_ERROR = `the processor's lease expired ${MAX_JOB_ATTEMPTS} times (it stopped or crashed each time)`;

/**
 * Fails the jobs whose last allowed attempt ran out of lease, and their versions: a file that
 * kills its processor every time would otherwise be taken forever. Answers the versions failed.
 */
export async function failExhaustedJobs(db: Database, now: number): Promise<VersionState[]> {
  const exhausted = and(
    eq(processingJobs.status, "leased"),
    lt(processingJobs.leaseExpiresAt, now),
    sql`${processingJobs.attempts} >= ${MAX_JOB_ATTEMPTS}`,
  );
  const [failed] = await db.batch([
    db
      .update(versions)
      .set({ status: "failed", error: EXHAUSTED_ERROR })
      .where(
        and(
          inArray(versions.id, db.select({ id: processingJobs.versionId }).from(processingJobs).where(exhausted)),
          stillProcessing,
        ),
      )
      .returning(versionState),
    db
      .update(processingJobs)
      .set({ status: "failed", error: EXHAUSTED_ERROR, leaseExpiresAt: null, updatedAt: now })
      .where(exhausted),
  ]);
  return failed;
}

/**
 * Takes the oldest job that is queued or whose lease expired, in one statement: two processors
 * asking at once never get the same job. The lease's length is kept as `lease_expires_at -
 * updated_at`, which each heartbeat renews.
 */
export async function leaseNextJob(
  db: Database,
  lease: { processorId: string; now: number; leaseMs: number },
): Promise<{ jobId: number; attempts: number; leaseExpiresAt: number } | undefined> {
  const { processorId, now, leaseMs } = lease;
  const [row] = await db.all<{ jobId: number; attempts: number; leaseExpiresAt: number }>(sql`
    update ${processingJobs}
    set status = 'leased', lease_owner = ${processorId}, lease_expires_at = ${now + leaseMs},
      attempts = attempts + 1, updated_at = ${now}
    where id = (
      select id from ${processingJobs}
      where status = 'queued'
        or (status = 'leased' and lease_expires_at < ${now} and attempts < ${MAX_JOB_ATTEMPTS})
      order by id limit 1)
    returning id as jobId, attempts, lease_expires_at as leaseExpiresAt`);
  return row;
}

/** The leased job's version now processing (it stays at the percent it reached before). */
export async function markProcessing(db: Database, versionId: string): Promise<VersionState | undefined> {
  const [row] = await db
    .update(versions)
    .set({ status: "processing", error: null })
    .where(and(eq(versions.id, versionId), stillProcessing))
    .returning(versionState);
  return row;
}

/**
 * Renews the lease and raises the stored percents to `percent` unless they were higher.
 * Invariant: the percent a user sees never goes down, even when a new attempt starts from 0.
 * Undefined when the caller does not hold the lease (nothing written).
 */
export async function recordProgress(
  db: Database,
  report: { jobId: number; processorId: string; percent: number; stage: string; now: number },
): Promise<VersionState | undefined> {
  const { jobId, processorId, percent, stage, now } = report;
  const [versionRows] = await db.batch([
    db
      .update(versions)
      .set({ status: "processing", percent: sql`max(${versions.percent}, ${percent})` })
      .where(
        and(
          sql`${versions.id} = (select version_id from ${processingJobs} where id = ${jobId})`,
          stillProcessing,
          leaseHeld(jobId, processorId),
        ),
      )
      .returning(versionState),
    db
      .update(processingJobs)
      .set({
        leaseExpiresAt: sql`${now} + (${processingJobs.leaseExpiresAt} - ${processingJobs.updatedAt})`,
        updatedAt: now,
        percent: sql`max(${processingJobs.percent}, ${percent})`,
        stage,
      })
      .where(ownLease(jobId, processorId)),
  ]);
  return versionRows[0];
}

export interface CompletedVersion {
  durationMs: number | null;
  pageCount: number | null;
  pdfKey: string | null;
  playableVideoKey: string | null;
  playableWebcamKey: string | null;
  chapters: { timeMs: number; title: string; imageKey: string }[];
  /** Each page's folded text and the seconds it is shown at; undefined keeps what is stored (an older processor). */
  pages?: { page: number; text: string; seconds: number[] }[];
}

/**
 * Writes the processed version (success at 100 %, its files, its chapter thumbnails in place of
 * any earlier attempt's) and closes the job, in one batch, only while `processorId` holds it.
 * Chapters a speaker has already edited and saved are kept: a version processed again after it
 * took its webcam video has the same main video, so the detector's chapters would only undo the
 * speaker's work.
 */
export async function completeJob(
  db: Database,
  job: { jobId: number; processorId: string; versionId: string; now: number },
  result: CompletedVersion,
): Promise<VersionState | undefined> {
  const held = leaseHeld(job.jobId, job.processorId);
  const detectedChaptersApply = and(
    held,
    sql`not exists (select 1 from ${versions} where ${versions.id} = ${job.versionId} and ${versions.chaptersRevision} > 0)`,
  );
  const { chapters, pages, ...files } = result;
  const pageWrites =
    pages === undefined
      ? []
      : ([
          db.delete(slidePages).where(and(eq(slidePages.versionId, job.versionId), held)),
          db.insert(slidePages).select(
            db
              .select({
                id: sql<number>`null`.as("id"),
                versionId: sql<string>`${job.versionId}`.as("version_id"),
                // The event of the version's talk, which the index matches a search's event on.
                eventId: sql<number>`(${db
                  .select({ eventId: presentations.eventId })
                  .from(versions)
                  .innerJoin(presentations, eq(presentations.id, versions.presentationId))
                  .where(eq(versions.id, job.versionId))})`.as("event_id"),
                page: sql<number>`json_extract(value, '$.page')`.as("page"),
                text: sql<string>`json_extract(value, '$.text')`.as("text"),
                seconds: sql<string>`json(json_extract(value, '$.seconds'))`.as("seconds"),
              })
              .from(sql`json_each(${JSON.stringify(pages)})`)
              .where(held),
          ),
        ] as const);
  const [versionRows] = await db.batch([
    db
      .update(versions)
      .set({ status: "success", percent: 100, error: null, failureReason: null, ...files })
      .where(and(eq(versions.id, job.versionId), held))
      .returning(versionState),
    db.delete(versionThumbnails).where(and(eq(versionThumbnails.versionId, job.versionId), detectedChaptersApply)),
    db.insert(versionThumbnails).select(
      db
        .select({
          id: sql<number>`null`.as("id"),
          versionId: sql<string>`${job.versionId}`.as("version_id"),
          imageKey: sql<string>`json_extract(value, '$.imageKey')`.as("image_key"),
          timeMs: sql<number>`json_extract(value, '$.timeMs')`.as("time_ms"),
          title: sql<string>`json_extract(value, '$.title')`.as("title"),
          description: sql<null>`null`.as("description"),
          position: sql<number>`key`.as("position"),
        })
        .from(sql`json_each(${JSON.stringify(chapters)})`)
        .where(detectedChaptersApply),
    ),
    // Before the job is closed: these writes, too, hold only while the lease does.
    ...pageWrites,
    db
      .update(processingJobs)
      .set({ status: "done", percent: 100, leaseExpiresAt: null, stage: null, error: null, updatedAt: job.now })
      .where(ownLease(job.jobId, job.processorId)),
  ]);
  return versionRows[0];
}

/**
 * Ends the job and its version in `status`, keeping `error` for operators only and `reason`, when
 * the speaker can act on it, for them. A failed job is never taken again.
 */
export async function failJob(
  db: Database,
  job: { jobId: number; processorId: string; versionId: string; now: number },
  failure: { status: "failed" | "convert-failed"; error: string; reason?: FailureReason },
): Promise<VersionState | undefined> {
  const [versionRows] = await db.batch([
    db
      .update(versions)
      .set({ status: failure.status, error: failure.error, failureReason: failure.reason ?? null })
      .where(and(eq(versions.id, job.versionId), leaseHeld(job.jobId, job.processorId)))
      .returning(versionState),
    db
      .update(processingJobs)
      .set({ status: "failed", error: failure.error, leaseExpiresAt: null, updatedAt: job.now })
      .where(ownLease(job.jobId, job.processorId)),
  ]);
  return versionRows[0];
}
