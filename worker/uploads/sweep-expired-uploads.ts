import { UNREFERENCED_UPLOAD_LIFETIME_MS } from "@core/uploads/limits";
import { and, asc, eq, lte } from "drizzle-orm";
import type { Database } from "../db/client";
import { listUnreferencedUploads, terminateIfStillExpired, terminateIfStillUnreferenced } from "../db/queries/uploads";
import { uploads } from "../db/schema";

/**
 * Uploads freed per sweep, of each sort: each costs an R2 call and a D1 write, so a sweep stays
 * far under a scheduled Worker's limits; a backlog drains over the next runs.
 */
export const SWEEP_BATCH = 100;

/**
 * Frees the unfinished uploads past their `Upload-Expires` that nobody touched again: their R2
 * multipart upload is aborted (every stored part deleted) and they answer 404 from then on, as a
 * terminated one. Run by the Worker's cron trigger (wrangler.toml); the oldest go first. Answers
 * how many were freed.
 */
export async function sweepExpiredUploads(
  db: Database,
  bucket: R2Bucket,
  now = Date.now(),
  limit = SWEEP_BATCH,
): Promise<number> {
  const expired = await db
    .select({ id: uploads.id, r2Key: uploads.r2Key, r2UploadId: uploads.r2UploadId })
    .from(uploads)
    .where(and(eq(uploads.status, "uploading"), lte(uploads.expiresAt, now)))
    .orderBy(asc(uploads.expiresAt))
    .limit(limit)
    .all();
  let freed = 0;
  for (const upload of expired) {
    // Its last part may have completed it since it was read: then it is left alone.
    if (!(await terminateIfStillExpired(db, upload.id, now))) continue;
    // Already aborted (an earlier sweep cut short, or R2's own 7-day cleanup): nothing left to free.
    await bucket
      .resumeMultipartUpload(upload.r2Key, upload.r2UploadId)
      .abort()
      .catch(() => undefined);
    freed++;
  }
  return freed;
}

/**
 * Deletes the finished uploads nothing uses, a day after they finished
 * (`UNREFERENCED_UPLOAD_LIFETIME_MS`): no version took them, no quiz question shows them, and a
 * picture is never used. Each is marked terminated (404 from then on) in a statement that checks
 * again that nothing uses it, then its file is deleted. Run by the same cron; the oldest go
 * first. Answers how many were deleted.
 */
export async function sweepUnreferencedUploads(
  db: Database,
  bucket: R2Bucket,
  now = Date.now(),
  limit = SWEEP_BATCH,
): Promise<number> {
  const unused = await listUnreferencedUploads(db, now - UNREFERENCED_UPLOAD_LIFETIME_MS, limit);
  let deleted = 0;
  for (const upload of unused) {
    // Taken by a version or shown by a question since it was read: it stays.
    if (!(await terminateIfStillUnreferenced(db, upload))) continue;
    await bucket.delete(upload.r2Key);
    deleted++;
  }
  return deleted;
}
