import { and, asc, eq, isNull, lte, ne, type SQLWrapper, sql } from "drizzle-orm";
import type { Database } from "../client";
import { quizQuestions, uploadParts, uploads } from "../schema";

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = typeof uploads.$inferInsert;

export function findUpload(db: Database, id: string) {
  return db.select().from(uploads).where(eq(uploads.id, id)).get();
}

/** What one user may keep in uploads (core/uploads/limits.ts). */
export interface UploadQuota {
  totalBytes: number;
  imageBytes: number;
}

/**
 * Stores a new upload unless its owner's uploads, this one included, then hold more than the
 * quota: unfinished ones count their announced length, terminated ones nothing. The insert and
 * the check are one transaction, so two creations at once cannot both slip under it. Answers
 * whether it was stored.
 */
export async function insertUploadWithinQuota(db: Database, upload: NewUpload, quota: UploadQuota): Promise<boolean> {
  const held = (kind?: "image") => sql`(select coalesce(sum(${uploads.length}), 0) from ${uploads}
    where ${uploads.ownerUserId} = ${upload.ownerUserId} and ${uploads.status} <> 'terminated'
    ${kind ? sql`and ${uploads.kind} = ${kind}` : sql``})`;
  const over =
    upload.kind === "image"
      ? sql`(${held()} > ${quota.totalBytes} or ${held("image")} > ${quota.imageBytes})`
      : sql`${held()} > ${quota.totalBytes}`;
  const [, refused] = await db.batch([
    db.insert(uploads).values(upload),
    db
      .delete(uploads)
      .where(and(eq(uploads.id, upload.id), over))
      .returning({ id: uploads.id }),
  ]);
  return refused.length === 0;
}

/** The first part's sniffed type, kept for the uploads that take the file. */
export async function setUploadType(db: Database, id: string, contentType: string): Promise<void> {
  await db.update(uploads).set({ contentType }).where(eq(uploads.id, id));
}

/**
 * Records a stored part and moves the offset past it, only if the upload is still at `offset`
 * (a concurrent PATCH of the same part loses here, not in R2's ledger). Answers the new offset,
 * or undefined when another request moved it first.
 */
export async function recordPart(
  db: Database,
  id: string,
  offset: number,
  part: { partNumber: number; etag: string; size: number },
): Promise<number | undefined> {
  const [, moved] = await db.batch([
    db
      .insert(uploadParts)
      .values({ uploadId: id, ...part })
      .onConflictDoUpdate({
        target: [uploadParts.uploadId, uploadParts.partNumber],
        set: { etag: part.etag, size: part.size },
      }),
    db
      .update(uploads)
      .set({ offset: sql`${uploads.offset} + ${part.size}` })
      .where(and(eq(uploads.id, id), eq(uploads.offset, offset), eq(uploads.status, "uploading")))
      .returning({ offset: uploads.offset }),
  ]);
  return moved[0]?.offset;
}

export function listParts(db: Database, id: string) {
  return db
    .select({ partNumber: uploadParts.partNumber, etag: uploadParts.etag })
    .from(uploadParts)
    .where(eq(uploadParts.uploadId, id))
    .orderBy(asc(uploadParts.partNumber))
    .all();
}

/** A finished upload keeps its row (a version takes it by id) but not its part ledger. */
/** Marks a finished upload complete, unless it was terminated meanwhile; answers whether it was. */
export async function markUploadComplete(db: Database, id: string, now: number): Promise<boolean> {
  const [completed] = await db.batch([
    db
      .update(uploads)
      .set({ status: "complete", completedAt: now })
      .where(and(eq(uploads.id, id), eq(uploads.status, "uploading")))
      .returning({ id: uploads.id }),
    db.delete(uploadParts).where(eq(uploadParts.uploadId, id)),
  ]);
  return completed.length > 0;
}

/**
 * Terminates an upload found expired, unless it moved on since it was read (finished, or a part
 * arrived and pushed its expiry): true when it was terminated, and only then may its R2 multipart
 * upload be aborted.
 */
export async function terminateIfStillExpired(db: Database, id: string, now: number): Promise<boolean> {
  const terminated = await db
    .update(uploads)
    .set({ status: "terminated" })
    .where(and(eq(uploads.id, id), eq(uploads.status, "uploading"), lte(uploads.expiresAt, now)))
    .returning({ id: uploads.id });
  if (terminated.length === 0) return false;
  await db.delete(uploadParts).where(eq(uploadParts.uploadId, id));
  return true;
}

/** A quiz question of the upload's talk names its file (a `quiz-video` it shows); values or the row's own columns. */
const shownByQuestion = (upload: { r2Key: string | SQLWrapper; presentationId: number | null | SQLWrapper }) =>
  sql`exists (select 1 from ${quizQuestions}
    where ${quizQuestions.presentationId} = ${upload.presentationId} and ${quizQuestions.videoKey} = ${upload.r2Key})`;

/**
 * Finished uploads that nothing uses and that finished before `finishedBefore`: no version took
 * them and no quiz question shows them (a picture is never used). The oldest first.
 */
export function listUnreferencedUploads(db: Database, finishedBefore: number, limit: number) {
  return db
    .select({ id: uploads.id, r2Key: uploads.r2Key, presentationId: uploads.presentationId })
    .from(uploads)
    .where(
      and(
        eq(uploads.status, "complete"),
        isNull(uploads.versionId),
        lte(uploads.completedAt, finishedBefore),
        sql`not ${shownByQuestion(uploads)}`,
      ),
    )
    .orderBy(asc(uploads.completedAt))
    .limit(limit)
    .all();
}

/**
 * Terminates a finished upload found unused, unless it is used now (a version took it or a
 * question shows it since it was read), in one statement: true when it was, and only then may its
 * file be deleted.
 */
export async function terminateIfStillUnreferenced(
  db: Database,
  upload: { id: string; r2Key: string; presentationId: number | null },
): Promise<boolean> {
  const terminated = await db
    .update(uploads)
    .set({ status: "terminated" })
    .where(
      and(
        eq(uploads.id, upload.id),
        eq(uploads.status, "complete"),
        isNull(uploads.versionId),
        sql`not ${shownByQuestion(upload)}`,
      ),
    )
    .returning({ id: uploads.id });
  return terminated.length > 0;
}

/**
 * Terminates an upload unless a quiz question of `presentationId` names its file (checked in the
 * same statement, so a question saved at that instant either sees the upload gone or keeps it);
 * answers whether it was terminated.
 */
export async function terminateUnlessShown(
  db: Database,
  upload: { id: string; r2Key: string; presentationId: number | null },
): Promise<boolean> {
  const shown = shownByQuestion(upload);
  const [terminated] = await db.batch([
    db
      .update(uploads)
      .set({ status: "terminated" })
      .where(and(eq(uploads.id, upload.id), ne(uploads.status, "terminated"), sql`not ${shown}`))
      .returning({ id: uploads.id }),
    db.delete(uploadParts).where(and(eq(uploadParts.uploadId, upload.id), sql`not ${shown}`)),
  ]);
  return terminated.length > 0;
}

export async function markUploadTerminated(db: Database, id: string): Promise<void> {
  await db.batch([
    db.update(uploads).set({ status: "terminated" }).where(eq(uploads.id, id)),
    db.delete(uploadParts).where(eq(uploadParts.uploadId, id)),
  ]);
}
