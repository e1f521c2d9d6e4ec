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
