import type { VersionOption } from "@core/versions/options";
import type { VersionStatus } from "@core/versions/status";
import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { Database } from "../client";
import { events, presentations, processingJobs, uploads, versions, versionThumbnails } from "../schema";

/** A talk as its versions' rules need it: whose it is and which event it belongs to. */
export async function findTalk(db: Database, presentationId: number) {
  return db
    .select({ id: presentations.id, eventId: presentations.eventId, speakerId: presentations.speakerId })
    .from(presentations)
    .where(and(eq(presentations.id, presentationId), eq(presentations.archived, false)))
    .get();
}

export type VersionRow = typeof versions.$inferSelect;

/** A version with what its answer shows: its chapter thumbnails and the uploads it took. */
export interface VersionWithFiles {
  version: VersionRow;
  thumbnails: { imageKey: string; timeMs: number; title: string | null }[];
  uploads: { id: string; r2Key: string }[];
}

/** The talk's versions, newest first, with their thumbnails and uploads (three reads, not one per version). */
export async function listVersions(db: Database, presentationId: number): Promise<VersionWithFiles[]> {
  const ofTalk = db.select({ id: versions.id }).from(versions).where(eq(versions.presentationId, presentationId));
  const [rows, thumbnails, taken] = await db.batch([
    db
      .select()
      .from(versions)
      .where(eq(versions.presentationId, presentationId))
      .orderBy(desc(versions.createdAt), desc(versions.id)),
    db
      .select({
        versionId: versionThumbnails.versionId,
        imageKey: versionThumbnails.imageKey,
        timeMs: versionThumbnails.timeMs,
        title: versionThumbnails.title,
      })
      .from(versionThumbnails)
      .where(inArray(versionThumbnails.versionId, ofTalk))
      .orderBy(asc(versionThumbnails.position)),
    db
      .select({ versionId: uploads.versionId, id: uploads.id, r2Key: uploads.r2Key })
      .from(uploads)
      .where(inArray(uploads.versionId, ofTalk)),
  ]);
  return rows.map((version) => ({
    version,
    thumbnails: thumbnails.filter((thumbnail) => thumbnail.versionId === version.id),
    uploads: taken.filter((upload) => upload.versionId === version.id),
  }));
}

/** A version of the talk, or undefined when the talk has no version of that id. */
export async function findVersion(db: Database, presentationId: number, versionId: string) {
  return db
    .select()
    .from(versions)
    .where(and(eq(versions.id, versionId), eq(versions.presentationId, presentationId)))
    .get();
}

/** Whether any talk has a version of that id: a client's proposed id must be new everywhere. */
export async function versionIdTaken(db: Database, versionId: string): Promise<boolean> {
  return (await db.select({ id: versions.id }).from(versions).where(eq(versions.id, versionId)).get()) !== undefined;
}

export interface NewVersion {
  id: string;
  presentationId: number;
  option: VersionOption;
  fileName: string | null;
  videoKey: string | null;
  webcamKey: string | null;
  pdfUrl: string | null;
  pptUrl: string | null;
}

/**
 * Creates a pending version, takes its uploads (each only if no version took it since it was
 * checked) and queues its processing job, in one batch. False when an upload was taken meanwhile:
 * nothing is written then.
 */
export async function createVersion(db: Database, version: NewVersion, uploadIds: string[]): Promise<boolean> {
  const [, taken] = await db.batch([
    db.insert(versions).values({ ...version, status: "pending", percent: 0 }),
    db
      .update(uploads)
      .set({ versionId: version.id })
      // Still complete: the hourly sweep may have deleted a file nothing used since it was checked.
      .where(and(inArray(uploads.id, uploadIds), isNull(uploads.versionId), eq(uploads.status, "complete")))
      .returning({ id: uploads.id }),
    db.insert(processingJobs).values({ versionId: version.id, status: "queued" }),
  ]);
  if (taken.length === uploadIds.length) return true;
  // Another version took one of the files between the check and this batch: undo this one.
  await db.batch([
    db.update(uploads).set({ versionId: null }).where(eq(uploads.versionId, version.id)),
    db.delete(versions).where(eq(versions.id, version.id)),
  ]);
  return false;
}

/**
 * Puts the version online or offline. Invariant: one version of a talk online at a time, and
 * only a success goes online; both are checked in the statement that writes, so two requests at
 * once cannot both win. Returns whether the version changed (or already was so).
 */
export async function setVersionOnline(db: Database, presentationId: number, versionId: string, online: boolean) {
  const target = and(eq(versions.id, versionId), eq(versions.presentationId, presentationId));
  if (!online) {
    const rows = await db.update(versions).set({ online: false }).where(target).returning({ id: versions.id });
    return rows.length > 0;
  }
  const otherOnline = db
    .select({ id: versions.id })
    .from(versions)
    .where(and(eq(versions.presentationId, presentationId), eq(versions.online, true), ne(versions.id, versionId)));
  const rows = await db
    .update(versions)
    .set({ online: true })
    .where(and(target, eq(versions.status, "success"), sql`not exists ${otherOnline}`))
    .returning({ id: versions.id });
  return rows.length > 0;
}

/** Whether another version of the talk is online. */
export async function anotherVersionOnline(db: Database, presentationId: number, versionId: string) {
  const row = await db
    .select({ id: versions.id })
    .from(versions)
    .where(and(eq(versions.presentationId, presentationId), eq(versions.online, true), ne(versions.id, versionId)))
    .get();
  return row !== undefined;
}

/**
 * Deletes the version with its thumbnails, job and the uploads it took (rows only), and returns
 * the R2 keys of those uploads: the caller deletes the files once the rows are gone, so no row
 * ever names a missing file.
 */
export async function deleteVersion(db: Database, presentationId: number, versionId: string) {
  const ofTalk = and(eq(versions.id, versionId), eq(versions.presentationId, presentationId));
  const [keys, , deleted] = await db.batch([
    db
      .select({ r2Key: uploads.r2Key })
      .from(uploads)
      .where(and(eq(uploads.versionId, versionId), sql`exists ${db.select().from(versions).where(ofTalk)}`)),
    db
      .delete(uploads)
      .where(and(eq(uploads.versionId, versionId), sql`exists ${db.select().from(versions).where(ofTalk)}`)),
    db.delete(versions).where(ofTalk).returning({ online: versions.online }),
  ]);
  const [row] = deleted;
  return row ? { wasOnline: row.online, fileKeys: keys.map((key) => key.r2Key) } : undefined;
}

/**
 * Gives a two-mode version its webcam video and queues it again: it is pending (and offline)
 * until its new job ends. The webcam upload it had before (if any) is dropped; its key is returned for the caller
 * to delete. False when the version changed meanwhile (no longer a success) or the upload was taken.
 */
export async function attachWebcam(
  db: Database,
  version: { id: string; presentationId: number; webcamKey: string | null },
  upload: { id: string; r2Key: string },
): Promise<boolean> {
  // The statements after the first act only when it did: the version now names the new webcam.
  const applied = sql`exists (select 1 from ${versions} where ${versions.id} = ${version.id}
    and ${versions.webcamKey} = ${upload.r2Key})`;
  const replaced = version.webcamKey
    ? [db.delete(uploads).where(and(eq(uploads.versionId, version.id), eq(uploads.r2Key, version.webcamKey), applied))]
    : [];
  const [updated] = await db.batch([
    db
      .update(versions)
      // Offline too: the public schedule shows only a success, and the speaker puts it back online.
      .set({
        webcamKey: upload.r2Key,
        playableWebcamKey: null,
        status: "pending",
        percent: 0,
        error: null,
        online: false,
      })
      .where(
        and(
          eq(versions.id, version.id),
          eq(versions.presentationId, version.presentationId),
          eq(versions.status, "success"),
          sql`exists (select 1 from ${uploads} where ${uploads.id} = ${upload.id} and ${uploads.versionId} is null
            and ${uploads.status} = 'complete')`,
        ),
      )
      .returning({ id: versions.id }),
    ...replaced,
    db
      .update(uploads)
      .set({ versionId: version.id })
      .where(and(eq(uploads.id, upload.id), applied)),
    db.delete(processingJobs).where(and(eq(processingJobs.versionId, version.id), applied)),
    db.insert(processingJobs).select(
      db
        .select({
          id: sql<number>`null`.as("id"),
          versionId: sql<string>`${version.id}`.as("version_id"),
          status: sql<"queued">`'queued'`.as("status"),
          leaseOwner: sql<null>`null`.as("lease_owner"),
          leaseExpiresAt: sql<null>`null`.as("lease_expires_at"),
          stage: sql<null>`null`.as("stage"),
          attempts: sql<number>`0`.as("attempts"),
          percent: sql<number>`0`.as("percent"),
          error: sql<null>`null`.as("error"),
          createdAt: sql<number>`unixepoch('subsec') * 1000`.as("created_at"),
          updatedAt: sql<null>`null`.as("updated_at"),
        })
        .from(sql`(select 1)`)
        .where(applied),
    ),
  ]);
  return updated.length > 0;
}

/**
 * What the version-stream room checks its snapshot against: the state of the given versions of
 * the talk and of every one of its versions under way.
 */
export async function versionStates(db: Database, presentationId: number, versionIds: string[]) {
  const rows = await db
    .select({ versionId: versions.id, percent: versions.percent, status: versions.status })
    .from(versions)
    .where(
      and(
        eq(versions.presentationId, presentationId),
        or(inArray(versions.status, ["pending", "processing"]), inArray(versions.id, versionIds)),
      ),
    );
  return rows;
}

/** The version's state as the version-stream room shows it. */
export function progressOf(version: { id: string; percent: number; status: VersionStatus }) {
  return { versionId: version.id, percent: version.percent, status: version.status };
}

/** Every public schedule copy of the event is stale once a version goes online or offline. */
export function bumpScheduleRevision(db: Database, eventId: number) {
  return db
    .update(events)
    .set({ revision: sql`${events.revision} + 1` })
    .where(eq(events.id, eventId));
}
