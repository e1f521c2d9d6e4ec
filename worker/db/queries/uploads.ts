import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Database } from "../client";
import { uploadParts, uploads } from "../schema";

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
export async function markUploadComplete(db: Database, id: string, now: number): Promise<void> {
  await db.batch([
    db.update(uploads).set({ status: "complete", completedAt: now }).where(eq(uploads.id, id)),
    db.delete(uploadParts).where(eq(uploadParts.uploadId, id)),
  ]);
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
export async function markUploadTerminated(db: Database, id: string): Promise<void> {
  await db.batch([
    db.update(uploads).set({ status: "terminated" }).where(eq(uploads.id, id)),
    db.delete(uploadParts).where(eq(uploadParts.uploadId, id)),
  ]);
}
