import { bodyLimit } from "hono/body-limit";
import { ErrorCode } from "../core/errors";
import { errorResponse } from "./errors";

/** The small JSON bodies of quiz calls (an answer, a video announcement or completion): ample room. */
export const SMALL_JSON_BYTES = 16 * 1024;

/**
 * Refuses a body over `maxBytes` with 413 `payload-too-large` before a route reads it: at once
 * when its declared length is over, or as soon as a body streamed without a length passes it, so a
 * huge body is never held in memory nor parsed.
 */
export const limitBody = (maxBytes: number) =>
  bodyLimit({ maxSize: maxBytes, onError: (c) => errorResponse(c, ErrorCode.PayloadTooLarge) });
