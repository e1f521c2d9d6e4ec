/**
 * What one job may take, whatever its files: past either limit the version fails for good (a
 * second attempt would meet the same file) with a reason the speaker reads. The page limit is
 * the product's (MAX_SLIDE_PAGES in core/versions/status.ts).
 */

/**
 * Downloading the inputs and running the steps, at most; its commands are killed when it runs
 * out. The steps' own timeouts give a 3-hour talk's transcode (2 s per second of video) and scan
 * (1 s per second) 9 hours: the job's limit is above that, and bounds a job whose every step
 * stays just under its own timeout.
 */
export const MAX_JOB_WALL_MS = 12 * 60 * 60 * 1000;

/**
 * The files a version's processing sends back, at most: two playable videos of twice the largest
 * upload (5 GiB) each, and the page renders and chapter frames beside them.
 */
export const MAX_JOB_OUTPUT_BYTES = 21 * 1024 ** 3;
