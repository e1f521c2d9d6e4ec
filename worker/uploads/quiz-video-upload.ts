import { DomainError, ErrorCode } from "@core/errors";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import type { UploadRow } from "../db/queries/uploads";
import { quizQuestions, uploads } from "../db/schema";
import { UPLOAD_ID_PATTERN } from "./upload-id";

/**
 * Where a quiz question's video is stored, and the `video_key` a question names it by: under
 * its quiz's own prefix (`quiz/<presentationId>/`), with the upload id as the file's name, so the
 * files route plays it and the key says which quiz it belongs to.
 */
export const quizVideoKey = (presentationId: number, uploadId: string) => `quiz/${presentationId}/videos/${uploadId}`;

/** A `video_key` of a quiz-video upload: the talk it was sent for, then the upload id. */
const UPLOADED_KEY = new RegExp(`^quiz/([1-9][0-9]{0,15})/videos/(${UPLOAD_ID_PATTERN})$`);
/** A key the earlier question-video routes gave out (`<uuid>.<ext>`): still played and kept as it is. */
const EARLIER_KEY =
  /^quiz\/([1-9][0-9]{0,15})\/videos\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{2,5}$/;

/**
 * Refuses a question whose `video_key` is not a finished `quiz-video` upload of this talk (any of
 * its quiz managers may have sent it), naming the question (`questions.<index>.video_key`):
 * `foreign-id` for another talk's file, `upload-incomplete` while bytes are missing,
 * `validation-failed` for anything else (no such upload, a deleted one, another kind). A key the
 * question already held from before uploads went through tus stays accepted while it is stored.
 */
export async function assertQuestionVideos(
  db: Database,
  bucket: R2Bucket,
  presentationId: number,
  questions: readonly { video_key: string | null }[],
): Promise<void> {
  const named = questions.flatMap((question, index) =>
    question.video_key === null ? [] : [{ path: `questions.${index}.video_key`, key: question.video_key }],
  );
  const uploaded: { path: string; key: string; uploadId: string }[] = [];
  for (const { path, key } of named) {
    const match = UPLOADED_KEY.exec(key) ?? EARLIER_KEY.exec(key);
    if (!match)
      throw new DomainError(ErrorCode.ValidationFailed, `${path}: a video uploaded for this quiz is required`);
    if (match[1] !== String(presentationId))
      throw new DomainError(ErrorCode.ForeignId, `${path}: a video uploaded for another presentation`);
    if (match[2] !== undefined) uploaded.push({ path, key, uploadId: match[2] });
    else if ((await bucket.head(key)) === null)
      throw new DomainError(ErrorCode.ValidationFailed, `${path}: no such file`);
  }
  if (uploaded.length === 0) return;
  const rows = await db
    .select({ id: uploads.id, kind: uploads.kind, status: uploads.status, r2Key: uploads.r2Key })
    .from(uploads)
    .where(
      inArray(
        uploads.id,
        uploaded.map((video) => video.uploadId),
      ),
    )
    .all();
  for (const video of uploaded) {
    const row = rows.find((candidate) => candidate.id === video.uploadId);
    // The key names its talk, and only a quiz-video upload of that talk is stored under it.
    if (row?.kind !== "quiz-video" || row.r2Key !== video.key || row.status === "terminated")
      throw new DomainError(ErrorCode.ValidationFailed, `${video.path}: no such uploaded video`);
    if (row.status !== "complete") throw new DomainError(ErrorCode.UploadIncomplete, video.path);
  }
}

/**
 * A question video stays while a question of its quiz shows it: its uploader's tus DELETE is
 * refused (`upload-in-use`) until the question names another video or none.
 */
export async function assertNoQuestionUses(db: Database, upload: UploadRow): Promise<void> {
  if (upload.kind !== "quiz-video" || upload.presentationId === null) return;
  const user = await db
    .select({ id: quizQuestions.id })
    .from(quizQuestions)
    .where(and(eq(quizQuestions.presentationId, upload.presentationId), eq(quizQuestions.videoKey, upload.r2Key)))
    .get();
  if (user) throw new DomainError(ErrorCode.UploadInUse, "a quiz question shows this video");
}
