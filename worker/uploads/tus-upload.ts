import { DomainError, ErrorCode } from "@core/errors";
import { IdText } from "@core/ids";
import { canManageQuiz } from "@core/quiz/permissions";
import { singleLineText } from "@core/text/plain-text";
import {
  IMAGE_UPLOAD_QUOTA_BYTES,
  UPLOAD_CREATION_LIMIT,
  UPLOAD_KINDS,
  UPLOAD_QUOTA_BYTES,
  type UploadKind,
} from "@core/uploads/limits";
import * as v from "valibot";
import { admitPerUser } from "../auth/rate-limit";
import { assertSameEvent, type Session } from "../auth/session";
import type { Database } from "../db/client";
import { findQuizPresentation } from "../db/queries/quiz";
import {
  findUpload,
  insertUploadWithinQuota,
  listParts,
  markUploadComplete,
  markUploadTerminated,
  recordPart,
  setUploadType,
  terminateUnlessShown,
  type UploadRow,
} from "../db/queries/uploads";
import { openManagedQuiz } from "../room-access/quiz-access";
import { openTalk } from "../versions/talk-access";
import { assertNoQuestionUses, quizVideoKey } from "./quiz-video-upload";
import type { UploadConfig } from "./upload-config";
import { newUploadId } from "./upload-id";
import { sniffUploadType, typeFitsKind } from "./upload-type";

/** How long an unfinished upload may wait for its next part (tus expiration). */
export const UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;

const FILE_NAME_LENGTH = 255;

const Metadata = v.object({
  kind: v.picklist(UPLOAD_KINDS),
  filename: v.pipe(v.string(), v.transform(singleLineText), v.trim(), v.minLength(1), v.maxLength(FILE_NAME_LENGTH)),
  presentationId: v.optional(IdText),
  /** The event's password, which a quiz manager gives for a `quiz-video` of a protected event. */
  password: v.optional(v.pipe(v.string(), v.maxLength(200))),
});

export interface UploadRequest {
  length: number;
  metadata: Map<string, string>;
}

/**
 * tus creation: checks what the file is for and whose talk it goes to, then opens an R2 multipart
 * upload and its row. A talk's video or slides can only be uploaded by that talk's speaker; a
 * quiz question's video by whoever manages the talk's quiz (its moderators and its speaker).
 */
export async function createUpload(
  db: Database,
  bucket: R2Bucket,
  session: Session,
  config: UploadConfig,
  request: UploadRequest,
  now = Date.now(),
): Promise<UploadRow> {
  const parsed = v.safeParse(Metadata, Object.fromEntries(request.metadata));
  if (!parsed.success)
    throw new DomainError(
      ErrorCode.ValidationFailed,
      "Upload-Metadata: kind (video, slides, image, quiz-video) and filename are required",
    );
  const { kind, filename, presentationId, password } = parsed.output;
  if (kind !== "image" && presentationId === undefined)
    throw new DomainError(
      ErrorCode.ValidationFailed,
      "Upload-Metadata: presentationId is required for a video, slides or a quiz-video",
    );
  if (request.length < 1)
    throw new DomainError(ErrorCode.ValidationFailed, "Upload-Length: an empty file is not a file");
  if (request.length > config.maxBytes[kind])
    throw new DomainError(kind === "quiz-video" ? ErrorCode.VideoTooLarge : ErrorCode.PayloadTooLarge);
  if (kind === "quiz-video" && presentationId !== undefined)
    await openManagedQuiz(db, presentationId, { session, password });
  else if (presentationId !== undefined) await openTalk(db, session, presentationId, "write");
  // Counted once the request is one the caller may make: a refused one creates nothing.
  await admitPerUser(db, "upload-creations", session.user.id, UPLOAD_CREATION_LIMIT);

  const id = newUploadId();
  // A question video plays for the quiz's players from its own quiz's folder; a talk's files wait
  // for a version to take them.
  const multipart =
    kind === "quiz-video" && presentationId !== undefined
      ? await bucket.createMultipartUpload(quizVideoKey(presentationId, id), {
          // A day, not forever: a video taken off a question should not live on in caches for a year.
          httpMetadata: { cacheControl: "public, max-age=86400" },
        })
      : await bucket.createMultipartUpload(`uploads/${id}`, {
          httpMetadata: { cacheControl: "private, max-age=31536000, immutable" },
        });
  const upload: UploadRow = {
    id,
    ownerUserId: session.user.id,
    eventId: session.event.id,
    presentationId: presentationId ?? null,
    kind,
    fileName: filename,
    contentType: null,
    length: request.length,
    offset: 0,
    partSize: config.partBytes,
    r2Key: multipart.key,
    r2UploadId: multipart.uploadId,
    status: "uploading",
    versionId: null,
    expiresAt: now + UPLOAD_LIFETIME_MS,
    createdAt: now,
    completedAt: null,
  };
  if (
    !(await insertUploadWithinQuota(db, upload, {
      totalBytes: UPLOAD_QUOTA_BYTES,
      imageBytes: IMAGE_UPLOAD_QUOTA_BYTES,
    }))
  ) {
    await abortQuietly(bucket, upload);
    throw new DomainError(
      ErrorCode.UploadQuotaExceeded,
      `Upload-Length: a user keeps at most ${UPLOAD_QUOTA_BYTES} bytes of uploads, of which ${IMAGE_UPLOAD_QUOTA_BYTES} of pictures`,
    );
  }
  return upload;
}

async function abortQuietly(bucket: R2Bucket, upload: UploadRow): Promise<void> {
  // Already aborted or completed by R2's own cleanup: nothing left to free.
  await bucket
    .resumeMultipartUpload(upload.r2Key, upload.r2UploadId)
    .abort()
    .catch(() => undefined);
}

/**
 * An upload as a session may address it. Invariant: an upload belongs to the event its creation's
 * token was for, and a token of another event is refused like none (401), whoever holds it.
 */
async function findUploadOfEvent(db: Database, session: Session, id: string): Promise<UploadRow | undefined> {
  const upload = await findUpload(db, id);
  if (upload) assertSameEvent(session, upload.eventId);
  return upload;
}

/**
 * The caller's own live upload: another user's, a terminated one or an unknown id is 404 alike (an
 * id reveals nothing); an unfinished one past its expiry is freed now and answers 410.
 */
export async function openOwnUpload(
  db: Database,
  bucket: R2Bucket,
  session: Session,
  id: string,
  now = Date.now(),
): Promise<UploadRow> {
  const upload = await findUploadOfEvent(db, session, id);
  if (!upload || upload.ownerUserId !== session.user.id || upload.status === "terminated")
    throw new DomainError(ErrorCode.NotFound);
  if (upload.status === "uploading" && upload.expiresAt <= now) {
    await abortQuietly(bucket, upload);
    await markUploadTerminated(db, upload.id);
    throw new DomainError(ErrorCode.UploadExpired);
  }
  return upload;
}

/**
 * The upload a tus DELETE may end: the caller's own, or a question video of a quiz the caller
 * manages (a moderator can take down a file a speaker uploaded once no question shows it).
 * Anything else is 404, as in {@link openOwnUpload}.
 */
export async function openUploadToEnd(
  db: Database,
  bucket: R2Bucket,
  session: Session,
  id: string,
): Promise<UploadRow> {
  const upload = await findUploadOfEvent(db, session, id);
  if (
    upload?.kind === "quiz-video" &&
    upload.presentationId !== null &&
    upload.status !== "terminated" &&
    upload.ownerUserId !== session.user.id
  ) {
    const presentation = await findQuizPresentation(db, upload.presentationId);
    if (presentation?.eventId === session.event.id && canManageQuiz(session.member, presentation.speakerId))
      return upload;
  }
  return openOwnUpload(db, bucket, session, id);
}

/** The size the PATCH at the upload's offset must have: a whole part, or what remains. */
export const expectedPartSize = (upload: UploadRow) => Math.min(upload.partSize, upload.length - upload.offset);

/**
 * One tus PATCH: one R2 part. The first part is read whole (one part at most, bounded by the
 * body limit) to check the file's type by its bytes before anything is stored; the others stream
 * straight into R2.
 * Answers the new offset; the last part completes the R2 object.
 */
export async function appendPart(
  db: Database,
  bucket: R2Bucket,
  upload: UploadRow,
  body: { offset: number; declaredLength: number | undefined; stream: ReadableStream<Uint8Array> | null },
  now = Date.now(),
): Promise<number> {
  if (upload.status !== "uploading" || body.offset !== upload.offset)
    throw new DomainError(ErrorCode.UploadOffsetMismatch, `Upload-Offset: the upload is at ${upload.offset}`);
  const size = expectedPartSize(upload);
  if (body.declaredLength !== undefined && body.declaredLength !== size)
    throw new DomainError(ErrorCode.UploadChunkSize, `Content-Length: ${size} bytes expected`);

  const multipart = bucket.resumeMultipartUpload(upload.r2Key, upload.r2UploadId);
  const partNumber = upload.offset / upload.partSize + 1;
  let bytes: ReadableStream<Uint8Array> | Uint8Array;
  if (upload.offset === 0 || body.declaredLength === undefined || !body.stream) {
    bytes = new Uint8Array(await new Response(body.stream).arrayBuffer());
    if (bytes.byteLength !== size) throw new DomainError(ErrorCode.UploadChunkSize, `${size} bytes expected`);
  } else {
    bytes = body.stream;
  }
  if (upload.offset === 0 && bytes instanceof Uint8Array) {
    const type = sniffUploadType(bytes);
    // Refused like any bad input, changing nothing: the client terminates the upload or lets it expire.
    if (!typeFitsKind(type, upload.kind as UploadKind))
      throw new DomainError(ErrorCode.UnsupportedFileType, `a ${upload.kind} file cannot be ${type}`);
    await setUploadType(db, upload.id, type);
  }

  let stored: R2UploadedPart;
  try {
    stored = await multipart.uploadPart(partNumber, bytes);
  } catch {
    // A body shorter than its Content-Length (the client went away) or a part R2 refused: nothing
    // was recorded, the client asks where the upload stands (HEAD) and sends the part again.
    throw new DomainError(ErrorCode.UploadChunkSize, `${size} bytes expected`);
  }
  const offset = await recordPart(db, upload.id, upload.offset, { partNumber, etag: stored.etag, size });
  if (offset === undefined) throw new DomainError(ErrorCode.UploadOffsetMismatch, "another request moved the upload");
  if (offset === upload.length) {
    try {
      await multipart.complete(await listParts(db, upload.id));
    } catch {
      // Terminated while this last part was on its way: the multipart upload is gone.
      throw new DomainError(ErrorCode.NotFound);
    }
    // Terminated between the two: the file it left behind goes with it.
    if (!(await markUploadComplete(db, upload.id, now))) await bucket.delete(upload.r2Key);
  }
  return offset;
}

/**
 * tus termination: an unfinished upload is aborted, a finished one deleted, unless a version took
 * it (only deleting that version removes its files) or a quiz question shows it.
 */
export async function terminateUpload(db: Database, bucket: R2Bucket, upload: UploadRow): Promise<void> {
  if (upload.versionId !== null) throw new DomainError(ErrorCode.UploadInUse);
  // Marked first, in one statement that also checks no question shows it; the file goes after.
  if (!(await terminateUnlessShown(db, upload))) {
    await assertNoQuestionUses(db, upload);
    throw new DomainError(ErrorCode.NotFound);
  }
  if (upload.status === "uploading") await abortQuietly(bucket, upload);
  else await bucket.delete(upload.r2Key);
}
