/**
 * Question media of a presentation's quiz in R2 (live quiz spec §5, §9): images already resized
 * to 500×400 in the browser, stored in one request; videos up to 50 MB, uploaded as an R2
 * multipart upload in parts of 8 MiB so a large file shows real progress and no request is huge.
 */
import { DomainError, ErrorCode } from "@core/errors";
import { MAX_QUESTION_VIDEO_BYTES } from "@core/quiz/authoring";
import { fileUrl, storeImage } from "./pictures";

/** The size of each part but the last, as the client is told when the upload starts. */
export const VIDEO_PART_BYTES = 8 * 1024 * 1024;
/** R2 refuses parts under 5 MiB except the last, so no video within the limit needs more parts. */
export const MAX_VIDEO_PARTS = Math.ceil(MAX_QUESTION_VIDEO_BYTES / (5 * 1024 * 1024));

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const VIDEO_KEY = new RegExp(`^quiz/([1-9][0-9]{0,15})/videos/${UUID}\\.[a-z0-9]{2,5}$`);
const IMAGE_URL = new RegExp(`^${fileUrl("quiz/")}([1-9][0-9]{0,15})/images/${UUID}\\.(jpg|png|webp)$`);
const VIDEO_TYPE = /^video\/[a-z0-9][a-z0-9.+-]{0,99}$/i;
const VIDEO_EXTENSIONS: Record<string, string> = {
  "video/mp4": "mp4",
  "video/webm": "webm",
  "video/ogg": "ogv",
  "video/quicktime": "mov",
  "video/x-matroska": "mkv",
  "video/mpeg": "mpeg",
  "video/3gpp": "3gp",
};

// Keys: everything of a presentation's quiz lives under `quiz/<id>/`, so a question can only
// point at media uploaded for its own presentation.
export const quizImagePrefix = (presentationId: number) => `quiz/${presentationId}/images/`;
export const quizVideoPrefix = (presentationId: number) => `quiz/${presentationId}/videos/`;

/**
 * A media key or URL in the shape the upload routes give out, and of this presentation:
 * `validation-failed` when it is not one at all, `foreign-id` when it is another presentation's.
 */
function assertOwnMedia(shape: RegExp, presentationId: number, value: string, path: string, what: string): void {
  const owner = shape.exec(value)?.[1];
  if (owner === undefined)
    throw new DomainError(ErrorCode.ValidationFailed, `${path}: ${what} uploaded for this quiz is required`);
  if (owner !== String(presentationId))
    throw new DomainError(ErrorCode.ForeignId, `${path}: ${what} uploaded for another presentation`);
}

function assertOwnVideoKey(presentationId: number, key: string): void {
  assertOwnMedia(VIDEO_KEY, presentationId, key, "key", "a question video");
}

// Image: one request.

export function storeQuizImage(bucket: R2Bucket, presentationId: number, request: Request): Promise<string> {
  return storeImage(bucket, quizImagePrefix(presentationId), request, "image");
}

// Video: create, parts, complete (or abort).

/** Starts the upload of a question video after checking what the browser says it is. */
export async function startVideoUpload(
  bucket: R2Bucket,
  presentationId: number,
  file: { size: number; type: string },
): Promise<{ uploadId: string; key: string; partSize: number }> {
  if (file.size > MAX_QUESTION_VIDEO_BYTES) throw new DomainError(ErrorCode.VideoTooLarge);
  const type = file.type.toLowerCase();
  if (!VIDEO_TYPE.test(type)) throw new DomainError(ErrorCode.ValidationFailed, "type: a video file is required");
  const key = `${quizVideoPrefix(presentationId)}${crypto.randomUUID()}.${VIDEO_EXTENSIONS[type] ?? "video"}`;
  const upload = await bucket.createMultipartUpload(key, {
    httpMetadata: { contentType: type, cacheControl: "public, max-age=31536000, immutable" },
  });
  return { uploadId: upload.uploadId, key: upload.key, partSize: VIDEO_PART_BYTES };
}

/**
 * Runs one step of an upload in progress. R2 refuses an unknown upload id, a key that is not the
 * upload's, and parts it cannot assemble: those are the client's mistakes, not server failures.
 */
async function uploadStep<T>(
  bucket: R2Bucket,
  presentationId: number,
  target: { key: string; uploadId: string },
  step: (upload: R2MultipartUpload) => Promise<T>,
): Promise<T> {
  assertOwnVideoKey(presentationId, target.key);
  try {
    return await step(bucket.resumeMultipartUpload(target.key, target.uploadId));
  } catch (error) {
    console.warn("video upload step refused by R2", error instanceof Error ? error.message : error);
    throw new DomainError(ErrorCode.ValidationFailed, "upload: no such upload in progress, or parts that do not fit");
  }
}

export async function uploadVideoPart(
  bucket: R2Bucket,
  presentationId: number,
  target: { key: string; uploadId: string; partNumber: number },
  request: Request,
): Promise<{ partNumber: number; etag: string }> {
  if (target.partNumber > MAX_VIDEO_PARTS) throw new DomainError(ErrorCode.VideoTooLarge);
  if (Number(request.headers.get("content-length") ?? 0) > VIDEO_PART_BYTES)
    throw new DomainError(ErrorCode.PayloadTooLarge);
  const bytes = await request.arrayBuffer();
  if (bytes.byteLength > VIDEO_PART_BYTES) throw new DomainError(ErrorCode.PayloadTooLarge);
  if (bytes.byteLength === 0) throw new DomainError(ErrorCode.ValidationFailed, "part: the part is empty");
  const part = await uploadStep(bucket, presentationId, target, (upload) =>
    upload.uploadPart(target.partNumber, bytes),
  );
  return { partNumber: part.partNumber, etag: part.etag };
}

/** Assembles the parts; a video that turns out larger than the limit is deleted, not kept. */
export async function completeVideoUpload(
  bucket: R2Bucket,
  presentationId: number,
  target: { key: string; uploadId: string; parts: R2UploadedPart[] },
): Promise<{ video_key: string; url: string }> {
  const video = await uploadStep(bucket, presentationId, target, (upload) => upload.complete(target.parts));
  if (video.size > MAX_QUESTION_VIDEO_BYTES) {
    await bucket.delete(target.key);
    throw new DomainError(ErrorCode.VideoTooLarge);
  }
  return { video_key: target.key, url: fileUrl(target.key) };
}

export async function abortVideoUpload(
  bucket: R2Bucket,
  presentationId: number,
  target: { key: string; uploadId: string },
): Promise<void> {
  await uploadStep(bucket, presentationId, target, (upload) => upload.abort());
}

// Questions: what the question editor saves may only point at media stored for this quiz.

/**
 * Refuses a question whose image or video was not uploaded for this presentation (or whose video
 * upload never completed), naming the question: `questions.<index>.image` or `.video_key`.
 */
export async function assertQuestionMedia(
  bucket: R2Bucket,
  presentationId: number,
  questions: readonly { image: string | null; video_key: string | null }[],
): Promise<void> {
  const stored: { path: string; key: string }[] = [];
  questions.forEach((question, index) => {
    if (question.image !== null) {
      const path = `questions.${index}.image`;
      assertOwnMedia(IMAGE_URL, presentationId, question.image, path, "an image");
      stored.push({ path, key: question.image.slice(fileUrl("").length) });
    }
    if (question.video_key !== null) {
      const path = `questions.${index}.video_key`;
      assertOwnMedia(VIDEO_KEY, presentationId, question.video_key, path, "a video");
      stored.push({ path, key: question.video_key });
    }
  });
  const found = await Promise.all(stored.map(({ key }) => bucket.head(key)));
  const missing = stored.find((_, index) => found[index] === null);
  if (missing)
    throw new DomainError(ErrorCode.ValidationFailed, `${missing.path}: no such file (was its upload finished?)`);
}
