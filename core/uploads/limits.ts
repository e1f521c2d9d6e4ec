import { MAX_PICTURE_BYTES } from "@core/auth/schemas";

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

/** What an upload is for: it decides the types its bytes may show and its size limit. */
export type UploadKind = "video" | "slides" | "image";

export const UPLOAD_KINDS: readonly UploadKind[] = ["video", "slides", "image"];
