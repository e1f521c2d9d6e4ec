import { MAX_ARCHIVE_BYTES, MAX_ARCHIVE_FILE_BYTES } from "@core/archive/format";
import { MAX_PICTURE_BYTES } from "@core/auth/schemas";
import { ErrorCode } from "@core/errors";
import { MAX_OUTPUT_PUT_BYTES, MAX_PROCESSING_JSON_BYTES } from "@core/processing/protocol";
import { MAX_VIDEO_BYTES } from "@core/uploads/limits";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";
import { isDevelopment } from "./deploy-config";
import { errorResponse } from "./errors";
import { readBodyWithin } from "./unread-body";
import { MAX_PART_BYTES } from "./uploads/upload-config";

/**
 * Every body the API takes unless its route is in `LARGER_BODIES`: the JSON of a form, a post,
 * an answer or a setting is a few kilobytes at most.
 */
export const DEFAULT_BODY_BYTES = 64 * 1024;

/** The small JSON bodies of quiz calls (an answer): ample room. */
export const SMALL_JSON_BYTES = 16 * 1024;

/** A whole quiz as the editor saves it: 50 questions of 10 options at their longest fit in half of it. */
const QUIZ_QUESTIONS_BYTES = 1024 * 1024;

/**
 * A chapter editor's save at its longest: 500 chapters with a 200-character title and a
 * 1,000-character description each, at up to 3 bytes a character.
 */
export const CHAPTER_EDIT_BYTES = 2 * 1024 * 1024;

/** A Frab schedule imported by the operator: a large congress is a few megabytes. */
const SCHEDULE_IMPORT_BYTES = 20 * 1024 * 1024;

/**
 * The only routes whose bodies may pass `DEFAULT_BODY_BYTES`, each up to its own ceiling (paths
 * as the routes write them). A route opts in here, explicitly; any other, new ones included, gets
 * the default. A route may still set a lower limit of its own (`limitBody`).
 */
const LARGER_BODIES = [
  { method: "PUT", path: "/api/admin/events/:slug/schedule", maxBytes: SCHEDULE_IMPORT_BYTES },
  { method: "POST", path: "/api/admin/archive", maxBytes: MAX_ARCHIVE_BYTES },
  { method: "PUT", path: "/api/admin/events/:slug/archive/files", maxBytes: MAX_ARCHIVE_FILE_BYTES },
  { method: "PUT", path: "/api/me/picture", maxBytes: MAX_PICTURE_BYTES },
  { method: "PUT", path: "/api/quiz/:presentationId/questions", maxBytes: QUIZ_QUESTIONS_BYTES },
  { method: "PUT", path: "/api/quiz/:presentationId/media/image", maxBytes: MAX_PICTURE_BYTES },
  // A processor's outputs (one file, or one part of a multipart one) and their part lists.
  { method: "PUT", path: "/api/processing/jobs/:jobId/outputs/*", maxBytes: MAX_OUTPUT_PUT_BYTES },
  { method: "POST", path: "/api/processing/jobs/:jobId/outputs/*", maxBytes: MAX_PROCESSING_JSON_BYTES },
  { method: "POST", path: "/api/processing/jobs/:jobId/complete", maxBytes: MAX_PROCESSING_JSON_BYTES },
  { method: "PATCH", path: "/api/uploads/:uploadId", maxBytes: MAX_PART_BYTES },
  {
    method: "PATCH",
    path: "/api/presentation/asspeaker/:presentationId/version/:versionId/chapter-edit-update",
    maxBytes: CHAPTER_EDIT_BYTES,
  },
  // The test screen's upload check: a bounded body, counted and dropped.
  { method: "POST", path: "/api/network-check/upload", maxBytes: 2 * 1024 * 1024 },
  // Development only (404 in production): a whole video in one put, the baseline of npm run bench:upload.
  // Elsewhere the default applies, before any route runs: no one may make a deployed Worker read 5 GB.
  { method: "PUT", path: "/api/dev/upload-baseline", maxBytes: MAX_VIDEO_BYTES, developmentOnly: true },
].map(({ path, ...route }) => ({ developmentOnly: false, ...route, pattern: new URLPattern({ pathname: path }) }));

/**
 * Refuses a body over `maxBytes` with 413 `payload-too-large` before a route reads it: at once
 * when its declared length is over (worker/index.ts then drops the unread body), or as soon as a
 * body streamed without a length passes it, its rest read and dropped here, so a huge body is
 * never held in memory nor parsed, and its connection stays usable for the client's next request.
 */
export const limitBody =
  (maxBytes: number): MiddlewareHandler =>
  async (c, next) => {
    const request = c.req.raw;
    if (!request.body) return next();
    const declared = request.headers.has("transfer-encoding") ? null : request.headers.get("content-length");
    if (declared !== null) return Number(declared) > maxBytes ? refuseTooLarge(c) : next();
    const body = await readBodyWithin(request.body, maxBytes);
    if (body === null) return refuseTooLarge(c);
    c.req.raw = new Request(request, { body });
    return next();
  };

function refuseTooLarge(c: Context) {
  return errorResponse(c, ErrorCode.PayloadTooLarge);
}

/** The body ceiling of a request: its route's in `LARGER_BODIES`, else the default. */
function bodyLimitOf(method: string, pathname: string, development: boolean): number {
  const larger = LARGER_BODIES.find(
    (route) => route.method === method && (development || !route.developmentOnly) && route.pattern.test({ pathname }),
  );
  return larger?.maxBytes ?? DEFAULT_BODY_BYTES;
}

/** Every API request: its body is limited before any route sees it (worker/app.ts). */
export const limitRequestBody: MiddlewareHandler<AppEnv> = (c, next) =>
  limitBody(bodyLimitOf(c.req.method, c.req.path, isDevelopment(c.env)))(c, next);
