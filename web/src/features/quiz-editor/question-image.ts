import { QUESTION_IMAGE_SIZE } from "@core/quiz/authoring";
import { coverImage } from "../../lib/cover-image";

/** Why a chosen file cannot be a question image, as a key of the quiz-editor namespace; null when it can. */
export function imageFileProblem(file: File): "media.image.not-image" | null {
  return file.type.startsWith("image/") ? null : "media.image.not-image";
}

/**
 * The image as questions show it (spec §9: 500 × 400), cut to fill like `object-fit: cover`, as
 * JPEG: a photo of any size becomes a small upload that every screen shows the same way.
 */
export function resizeQuestionImage(file: Blob): Promise<Blob> {
  return coverImage(file, QUESTION_IMAGE_SIZE, ["image/jpeg"]);
}
