import { and, asc, eq, lte, ne, sql } from "drizzle-orm";
import type { Database } from "../client";
import { quizQuestions, uploadParts, uploads } from "../schema";

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = typeof uploads.$inferInsert;

export function findUpload(db: Database, id: string) {
  return db.select().from(uploads).where(eq(uploads.id, id)).get();
}

export async function insertUpload(db: Database, upload: NewUpload): Promise<void> {
  await db.insert(uploads).values(upload);
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

/** A terminated (or expired) upload answers 404 from now on; its bytes are already gone. */
/**
 * Terminates an upload unless a quiz question of `presentationId` names its file (checked in the
 * same statement, so a question saved at that instant either sees the upload gone or keeps it);
 * answers whether it was terminated.
 */
export async function terminateUnlessShown(
  db: Database,
  upload: { id: string; r2Key: string; presentationId: number | null },
): Promise<boolean> {
  const shown = sql`exists (select 1 from ${quizQuestions}
    where ${quizQuestions.presentationId} = ${upload.presentationId} and ${quizQuestions.videoKey} = ${upload.r2Key})`;
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
