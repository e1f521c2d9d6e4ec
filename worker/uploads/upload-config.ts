import { DomainError, ErrorCode } from "@core/errors";
import {
  MAX_IMAGE_BYTES,
  MAX_QUIZ_VIDEO_BYTES,
  MAX_SLIDES_BYTES,
  MAX_VIDEO_BYTES,
  UPLOAD_PART_BYTES,
  type UploadKind,
} from "@core/uploads/limits";
import type { Env } from "../env";

/** The largest part a PATCH may carry whatever the configuration: a Worker body stays far under 100 MB. */
export const MAX_PART_BYTES = 64 * 1024 * 1024;
/** R2 refuses a multipart upload's parts under 5 MiB (all but the last): a smaller part size could never finish. */
const MIN_PART_BYTES = 5 * 1024 * 1024;

export interface UploadConfig {
  partBytes: number;
  maxBytes: Record<UploadKind, number>;
}

/** A byte count from a Worker var, or the default when unset; a malformed one is the operator's mistake (503). */
function bytesVar(value: string | undefined, fallback: number, floor = 1, ceiling = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined || value === "") return fallback;
  const bytes = Number(value);
  if (!Number.isSafeInteger(bytes) || bytes < floor || bytes > ceiling)
    throw new DomainError(ErrorCode.ServerMisconfigured, "an UPLOAD_* var is not a byte count in range");
  return bytes;
}

/**
 * The upload limits of this deployment: the documented defaults, or the Worker vars
 * `UPLOAD_PART_BYTES`, `UPLOAD_MAX_VIDEO_BYTES`, `UPLOAD_MAX_SLIDES_BYTES` (docs/uploads.md).
 */
export function uploadConfig(env: Env): UploadConfig {
  return {
    partBytes: bytesVar(env.UPLOAD_PART_BYTES, UPLOAD_PART_BYTES, MIN_PART_BYTES, MAX_PART_BYTES),
    maxBytes: {
      video: bytesVar(env.UPLOAD_MAX_VIDEO_BYTES, MAX_VIDEO_BYTES),
      slides: bytesVar(env.UPLOAD_MAX_SLIDES_BYTES, MAX_SLIDES_BYTES),
      image: MAX_IMAGE_BYTES,
      "quiz-video": MAX_QUIZ_VIDEO_BYTES,
    },
  };
}
