import { DomainError, ErrorCode } from "@core/errors";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import en from "../locales/en/errors.json";
import fr from "../locales/fr/errors.json";
import { InvalidInput } from "./invalid-input";

/** The one table from error code to HTTP status. */
const STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  [ErrorCode.BadRequest]: 400,
  [ErrorCode.InvalidJson]: 400,
  [ErrorCode.ValidationFailed]: 400,
  [ErrorCode.ForeignId]: 400,
  [ErrorCode.Unauthorized]: 401,
  [ErrorCode.LoginRequired]: 401,
  [ErrorCode.Forbidden]: 403,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.EventNotFound]: 404,
  [ErrorCode.PresentationNotFound]: 404,
  [ErrorCode.PromptPassword]: 401,
  [ErrorCode.InvalidPassword]: 403,
  [ErrorCode.Conflict]: 409,
  [ErrorCode.InvalidCredentials]: 401,
  [ErrorCode.EmailNotValidated]: 403,
  [ErrorCode.SignupClosed]: 403,
  [ErrorCode.InvalidCode]: 400,
  [ErrorCode.NotSpeaker]: 403,
  [ErrorCode.QuizNotRunning]: 409,
  [ErrorCode.QuizAlreadyStarted]: 409,
  [ErrorCode.QuestionClosed]: 409,
  [ErrorCode.AlreadyAnswered]: 409,
  [ErrorCode.InvalidOptions]: 400,
  [ErrorCode.NoQuestions]: 409,
  [ErrorCode.NoSuchQuestion]: 404,
  [ErrorCode.InvalidInviteCode]: 404,
  [ErrorCode.NicknameTaken]: 409,
  [ErrorCode.UnknownCommand]: 400,
  [ErrorCode.PayloadTooLarge]: 413,
  [ErrorCode.RangeNotSatisfiable]: 416,
  [ErrorCode.VideoTooLarge]: 413,
  [ErrorCode.QuizNotOpen]: 403,
  [ErrorCode.ResultsNotOpen]: 403,
  [ErrorCode.QuizIsLive]: 409,
  [ErrorCode.QuizOff]: 403,
  [ErrorCode.RateLimited]: 429,
  [ErrorCode.WrongCurrentPassword]: 403,
  [ErrorCode.ServerMisconfigured]: 503,
  [ErrorCode.LeaseLost]: 409,
  [ErrorCode.VersionNotReady]: 409,
  [ErrorCode.AnotherVersionOnline]: 409,
  [ErrorCode.EmptyPptNotAllowed]: 400,
  [ErrorCode.UploadOffsetMismatch]: 409,
  [ErrorCode.UploadChunkSize]: 400,
  [ErrorCode.UnsupportedFileType]: 415,
  [ErrorCode.TusVersionUnsupported]: 412,
  [ErrorCode.UploadContentType]: 415,
  [ErrorCode.UploadExpired]: 410,
  [ErrorCode.UploadIncomplete]: 409,
  [ErrorCode.UploadInUse]: 409,
  [ErrorCode.Internal]: 500,
};

const MESSAGES: Record<"fr" | "en", Record<ErrorCode, string>> = { fr, en };

/** French unless the client prefers English (the product's default locale is fr). */
export function requestLocale(c: Context): "fr" | "en" {
  const explicit = c.req.header("x-locale");
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
  return c.json({ error: { code, message: MESSAGES[requestLocale(c)][code], issues } }, STATUS[code]);
}

export const errorStatus = (code: ErrorCode) => STATUS[code];

export function errorResponse(c: Context, code: ErrorCode, detail?: string) {
  return c.json(errorBody(c, code, detail), STATUS[code]);
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
