/**
 * Question media of a presentation's quiz in R2 (live quiz spec §5, §9): images already resized
 * to 500×400 in the browser, stored in one request. Question videos are tus uploads of kind
 * `quiz-video` (docs/uploads.md, worker/uploads/quiz-video-upload.ts).
 */
import { DomainError, ErrorCode } from "@core/errors";
import type { Database } from "../db/client";
import { assertQuestionVideos } from "../uploads/quiz-video-upload";
import { fileUrl, storeImage } from "./pictures";

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const IMAGE_URL = new RegExp(`^${fileUrl("quiz/")}([1-9][0-9]{0,15})/images/${UUID}\\.(jpg|png|webp)$`);

// Keys: everything of a presentation's quiz lives under `quiz/<id>/`, so a question can only
// point at media uploaded for its own presentation.
export const quizImagePrefix = (presentationId: number) => `quiz/${presentationId}/images/`;

export function storeQuizImage(bucket: R2Bucket, presentationId: number, request: Request): Promise<string> {
  return storeImage(bucket, quizImagePrefix(presentationId), request, "image");
}

/**
 * Refuses a question whose image was not uploaded for this presentation, or whose video is not
 * a finished question-video upload of it, naming the question: `questions.<index>.image` or
 * `.video_key` (`validation-failed` when it is no such file, `foreign-id` when it is another
 * presentation's).
 */
export async function assertQuestionMedia(
  db: Database,
  bucket: R2Bucket,
  presentationId: number,
  questions: readonly { image: string | null; video_key: string | null }[],
): Promise<void> {
  const images: { path: string; key: string }[] = [];
  questions.forEach((question, index) => {
    if (question.image === null) return;
    const path = `questions.${index}.image`;
    const owner = IMAGE_URL.exec(question.image)?.[1];
    if (owner === undefined)
      throw new DomainError(ErrorCode.ValidationFailed, `${path}: an image uploaded for this quiz is required`);
    if (owner !== String(presentationId))
      throw new DomainError(ErrorCode.ForeignId, `${path}: an image uploaded for another presentation`);
    images.push({ path, key: question.image.slice(fileUrl("").length) });
  });
  await assertQuestionVideos(db, bucket, presentationId, questions);
  const found = await Promise.all(images.map(({ key }) => bucket.head(key)));
  const missing = images.find((_, index) => found[index] === null);
  if (missing) throw new DomainError(ErrorCode.ValidationFailed, `${missing.path}: no such file`);
}
