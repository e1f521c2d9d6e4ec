import { errorStatus } from "@core/error-status";
import { DomainError, ErrorCode } from "@core/errors";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import en from "../locales/en/errors.json";
import fr from "../locales/fr/errors.json";
import { InvalidInput } from "./invalid-input";

/** The status of each code: core/error-status.ts, which the rooms read too. */

const MESSAGES: Record<"fr" | "en", Record<ErrorCode, string>> = { fr, en };

/** French unless the client prefers English (the product's default locale is fr). */
export function requestLocale(c: Context): "fr" | "en" {
  const explicit = c.req.header("x-locale")?.trim().toLowerCase();
  if (explicit === "en" || explicit === "fr") return explicit;
  const accepted = c.req.header("accept-language") ?? "";
  const first = accepted.split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("en") ? "en" : "fr";
}

/** A 429 that tells the client how many seconds to wait (`Retry-After`). */
export class RetryLater extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(ErrorCode.RateLimited);
  }
}

export function errorBody(c: Context, code: ErrorCode, detail?: string) {
  const message = MESSAGES[requestLocale(c)][code];
  return { error: detail ? { code, message, detail } : { code, message } };
}

/** The envelope of input refused field by field: the fields in `issues`, no detail string. */
function invalidInputResponse(c: Context, error: InvalidInput) {
  const { code, issues } = error;
  return c.json({ error: { code, message: MESSAGES[requestLocale(c)][code], issues } }, errorStatus(code));
}

export function errorResponse(c: Context, code: ErrorCode, detail?: string) {
  return c.json(errorBody(c, code, detail), errorStatus(code));
}

/** Maps every thrown error to `{ error: { code, message } }`; only a bug gives a 500. */
export function handleError(error: unknown, c: Context) {
  if (error instanceof RetryLater) c.header("Retry-After", String(error.retryAfterSeconds));
  if (error instanceof InvalidInput) return invalidInputResponse(c, error);
  if (error instanceof DomainError) return errorResponse(c, error.code, error.detail);
  if (error instanceof HTTPException) {
    if (error.status === 400) return errorResponse(c, ErrorCode.InvalidJson);
    if (error.status === 413) return errorResponse(c, ErrorCode.PayloadTooLarge);
    if (error.status === 401) return errorResponse(c, ErrorCode.Unauthorized);
    if (error.status === 404) return errorResponse(c, ErrorCode.NotFound);
    return errorResponse(c, ErrorCode.BadRequest);
  }
  // Log the failure without request data: bodies and headers may hold passwords and tokens.
  console.error("unhandled error", error instanceof Error ? error.stack : String(error));
  return errorResponse(c, ErrorCode.Internal);
}
