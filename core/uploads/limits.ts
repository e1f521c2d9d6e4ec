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

/**
 * Upload creations one user may make per minute (429 with Retry-After past it): a speaker sends a
 * version's two or three files, a quiz editor a video per question; a script sends thousands.
 */
export const UPLOAD_CREATION_LIMIT = { attempts: 30, windowMs: 60 * 1000 } as const;

/**
 * Bytes one user may keep in uploads, all events and kinds together: a finished file counts until
 * it is deleted, an unfinished one its whole announced length (413 `upload-quota-exceeded` past it).
 * Four 5 GiB recordings, or a talk's versions with their webcam videos.
 */
export const UPLOAD_QUOTA_BYTES = 25_000_000_000;

/** Of which pictures (`kind: image`), which no route takes yet: five at the largest. */
export const IMAGE_UPLOAD_QUOTA_BYTES = 5 * MAX_IMAGE_BYTES;

/**
 * A finished upload nothing uses (no version took it, no quiz question shows it, any picture) is
 * deleted by the hourly sweep once this long has passed since it finished.
 */
export const UNREFERENCED_UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;
