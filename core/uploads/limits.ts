import { MAX_PICTURE_BYTES } from "@core/auth/schemas";
import { MAX_QUESTION_VIDEO_BYTES } from "@core/quiz/authoring";

/**
 * Every PATCH of a tus upload but the last carries exactly this many bytes, and each is one R2
 * multipart part: R2 wants equal parts (but the last) of at least 5 MiB, and a Worker request
 * body is at most 100 MB on common plans. 16 MiB keeps a lost part cheap to re-send.
 */
export const UPLOAD_PART_BYTES = 16 * 1024 * 1024;

/** A talk's recording (or webcam) file. */
export const MAX_VIDEO_BYTES = 5 * 1024 * 1024 * 1024;

/** A talk's slides (PDF, PPT or PPTX). */
export const MAX_SLIDES_BYTES = 200 * 1024 * 1024;

/** A picture: the same ceiling as a profile picture's. */
export const MAX_IMAGE_BYTES = MAX_PICTURE_BYTES;

/** A quiz question's video (live quiz spec §5: 'Please upload a file smaller than 50 MB'). */
export const MAX_QUIZ_VIDEO_BYTES = MAX_QUESTION_VIDEO_BYTES;

/**
 * What an upload is for: it decides the types its bytes may show, its size limit and who may
 * send it (a talk's `video` and `slides`: its speaker; a `quiz-video`: whoever manages the talk's
 * quiz, its moderators and its speaker).
 */
export type UploadKind = "video" | "slides" | "image" | "quiz-video";

export const UPLOAD_KINDS: readonly UploadKind[] = ["video", "slides", "image", "quiz-video"];
