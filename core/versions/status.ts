/** Every processing status of a version, in the API and the database alike. */
export const VERSION_STATUSES = ["pending", "processing", "success", "failed", "convert-failed"] as const;

/**
 * A version's processing status (spec 1 §4). A version is `pending` until a processor takes it,
 * `processing` while its steps run, then ends in exactly one of success, failed, convert-failed.
 */
export type VersionStatus = (typeof VERSION_STATUSES)[number];

/** Whether processing is still under way: the status will change without the speaker acting. */
export const isInProgress = (status: VersionStatus): boolean => status === "pending" || status === "processing";

/** The spec's own words for a presentation file LibreOffice could not turn into a PDF. */
export const CONVERT_FAILED_MESSAGE = "PPT to PDF file convert failed";

/**
 * Why a version failed, when the speaker can act on it: the web app shows it in their language
 * (`versions:status.failed.<reason>`); a failure without one is the plain 'Error'.
 * - too-many-pages: the slides have more than MAX_SLIDE_PAGES pages;
 * - processing-too-long: the processing ran past its time limit (processor/job-limits.ts);
 * - output-too-large: the processed files outweigh the limit of one version.
 */
export const FAILURE_REASONS = ["too-many-pages", "processing-too-long", "output-too-large"] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** The most pages slides may have; the spec's decks have about 50. Checked before any is rendered. */
export const MAX_SLIDE_PAGES = 1_000;
