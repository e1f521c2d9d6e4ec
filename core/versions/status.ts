/**
 * A version's processing status (spec 1 §4). A version is `pending` until a processor takes it,
 * `processing` while its steps run, then ends in exactly one of success, failed, convert-failed.
 */
export type VersionStatus = "pending" | "processing" | "success" | "failed" | "convert-failed";

/** The spec's own words for a presentation file LibreOffice could not turn into a PDF. */
export const CONVERT_FAILED_MESSAGE = "PPT to PDF file convert failed";
