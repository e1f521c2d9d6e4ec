/**
 * The one error vocabulary of the product. The API maps each code to an HTTP status
 * (worker/errors.ts), rooms send the code in `{ type: "error", code }`, and the web shows
 * `t("errors." + code)` in French or English.
 */
export const ErrorCode = {
  BadRequest: "bad-request",
  InvalidJson: "invalid-json",
  ValidationFailed: "validation-failed",
  /** An id or key in a body that is not part of the resource the path names. */
  ForeignId: "foreign-id",
  Unauthorized: "unauthorized",
  /** The event lets no one in anonymously (`events.allow_anonymous_access` off): log in to it first. */
  LoginRequired: "login-required",
  Forbidden: "forbidden",
  NotFound: "not-found",
  EventNotFound: "event-not-found",
  PresentationNotFound: "presentation-not-found",
  SpeakerNotFound: "speaker-not-found",
  PromptPassword: "error.prompt-password",
  InvalidPassword: "error.invalid-password",
  Conflict: "conflict",
  InvalidCredentials: "invalid-credentials",
  EmailNotValidated: "email-not-validated",
  SignupClosed: "signup-closed",
  InvalidCode: "invalid-code",
  NotSpeaker: "not-speaker",
  QuizNotRunning: "quiz-not-running",
  QuizAlreadyStarted: "quiz-already-started",
  QuestionClosed: "question-closed",
  AlreadyAnswered: "already-answered",
  InvalidOptions: "invalid-options",
  NoQuestions: "no-questions",
  NoSuchQuestion: "no-such-question",
  InvalidInviteCode: "invalid-invite-code",
  NicknameTaken: "nickname-taken",
  UnknownCommand: "unknown-command",
  PayloadTooLarge: "payload-too-large",
  /** A byte range (`Range: bytes=…`) that lies outside the file. */
  RangeNotSatisfiable: "range-not-satisfiable",
  VideoTooLarge: "video-too-large",
  QuizNotOpen: "quiz-not-open",
  ResultsNotOpen: "results-not-open",
  QuizIsLive: "quiz-is-live",
  /** The event has its quiz switched off (`events.quiz`). */
  QuizOff: "quiz-off",
  RateLimited: "rate-limited",
  /** Changing the password: the current password given is not the account's. */
  WrongCurrentPassword: "wrong-current-password",
  /** The deployment lacks a setting it needs (PUBLIC_URL, JWT_SECRET): the operator must fix it. */
  ServerMisconfigured: "server-misconfigured",
  /** A media processor's lease on a job ended (expired and taken over, or the job is finished). */
  LeaseLost: "lease-lost",
  /** A version that is not (yet) a success cannot go online: the spec's 'You Have To Wait'. */
  VersionNotReady: "version-not-ready",
  /** Invariant: one version of a talk online at a time; another one is online now. */
  AnotherVersionOnline: "another-version-online",
  /** A presentation-file-only version (mode four) saved without its presentation file. */
  EmptyPptNotAllowed: "empty-ppt-not-allowed",
  /** A tus PATCH whose `Upload-Offset` is not where the stored upload is (docs/uploads.md). */
  UploadOffsetMismatch: "upload-offset-mismatch",
  /** A tus PATCH body that is not exactly one part (`Upload-Part-Size` bytes, or the rest for the last). */
  UploadChunkSize: "upload-chunk-size",
  /** A file whose first bytes show a type its use does not take (checked by content, not by name). */
  UnsupportedFileType: "unsupported-file-type",
  /** An unfinished upload past its `Upload-Expires`: it is gone, start again. */
  UploadExpired: "upload-expired",
  /** An upload used before all its bytes arrived. */
  UploadIncomplete: "upload-incomplete",
  /** An upload a version has taken: only deleting that version removes it. */
  UploadInUse: "upload-in-use",
  /** A new upload would take the uploader past the bytes one user may keep (core/uploads/limits.ts). */
  UploadQuotaExceeded: "upload-quota-exceeded",
  /** A tus request of another protocol version than 1.0.0 (`Tus-Resumable`). */
  TusVersionUnsupported: "tus-version-unsupported",
  /** A tus PATCH whose body is not `application/offset+octet-stream`. */
  UploadContentType: "upload-content-type",
  /** Restoring an archive (docs/operations.md#backups) whose event's slug is taken here. */
  EventExists: "event-exists",
  /** An event archive of another format or version than this server reads. */
  ArchiveUnsupported: "archive-unsupported",
  /** Rating a talk before its start (event clock): feedback opens then (docs/feedback.md). */
  FeedbackNotOpen: "feedback-not-open",
  /** Rating a talk after the end of the event's last day: ratings are final. */
  FeedbackClosed: "feedback-closed",
  /** A talk's own speakers do not rate it. */
  OwnTalkFeedback: "own-talk-feedback",
  /** Asking a talk's question anonymously where neither the event nor the talk allows it (docs/qa.md). */
  QaAnonymousOff: "qa-anonymous-off",
  /** Rewording a question that has votes, an answer or was hidden: others already took it as it was (docs/qa.md). */
  QaQuestionLocked: "qa-question-locked",
  Internal: "internal",
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** A rule of the domain was broken; carries a code from the vocabulary and an optional detail. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = "DomainError";
  }
}
