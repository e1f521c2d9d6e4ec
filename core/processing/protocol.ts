/**
 * The processing jobs protocol between the Worker and its media processors (docs/processor.md):
 * the lease's timing and the shapes of every body, validated on both sides with these schemas.
 */
import * as v from "valibot";
import { toMultiLineText, toSingleLineText } from "../text/plain-text";
import { FAILURE_REASONS, MAX_SLIDE_PAGES } from "../versions/status";

/** A lease lasts this long unless the processor asks for another length (5 s – 10 min). */
export const DEFAULT_LEASE_SECONDS = 60;
export const MIN_LEASE_SECONDS = 5;
export const MAX_LEASE_SECONDS = 600;
/** A processor extends its lease this many times per lease length (every 10 s for 60 s). */
export const HEARTBEATS_PER_LEASE = 6;
/** A job whose lease expired this many times (its processor died each time) fails its version. */
export const MAX_JOB_ATTEMPTS = 3;
/** The largest output sent in one PUT; a larger one goes as a multipart upload. */
export const MAX_OUTPUT_PUT_BYTES = 64 * 1024 * 1024;
/** Parts of a multipart output: R2 wants equal parts of at least 5 MiB but the last. */
export const OUTPUT_PART_BYTES = 32 * 1024 * 1024;
/**
 * A completion's chapters and pages' text or a multipart output's part list, at their longest,
 * fit in this (2,000 chapters of 300 characters and 1,000 pages of 1,000 characters).
 */
export const MAX_PROCESSING_JSON_BYTES = 4 * 1024 * 1024;
/** A talk of several hours with a chapter every 10 s stays under this. */
export const MAX_CHAPTERS = 2_000;
export const MAX_CHAPTER_TITLE_LENGTH = 300;
/** A slide's text kept for search: a dense slide holds about 600 characters; the rest is cut. */
export const MAX_PAGE_TEXT_LENGTH = 1_000;
/** The times one page is shown that are kept (a page a talk keeps coming back to). */
export const MAX_PAGE_SHOWINGS = 20;
/** What the processor writes into the failed version for its operators (users see the status). */
export const MAX_ERROR_LENGTH = 2_000;

/**
 * The files a processor may write for a version, stored at `versions/{versionId}/{name}`:
 * page renders and chapter frames (numbered from 001), the converted PDF, the playable copies,
 * the editor's filmstrip (storyboard sheets and their description) and the sound's peaks.
 * As a Hono route pattern: no `{n}` quantifiers, which route patterns cannot hold.
 */
export const OUTPUT_NAME_PATTERN =
  "(?:pages|chapters)/[0-9][0-9][0-9][0-9]?\\.jpg|storyboard/[0-9][0-9][0-9]\\.jpg|(?:storyboard|waveform)\\.json|slides\\.pdf|(?:video|webcam)\\.mp4";
export const OUTPUT_NAME = new RegExp(`^(?:${OUTPUT_NAME_PATTERN})$`);

export const OutputName = v.pipe(v.string(), v.regex(OUTPUT_NAME, "an output name (pages/001.jpg, video.mp4…)"));

/** The name of the `index`th (0-based) page render or chapter frame. */
export const numberedOutputName = (folder: "pages" | "chapters", index: number) =>
  `${folder}/${String(index + 1).padStart(3, "0")}.jpg`;

const PAGE_RENDER = /(?:^|\/)pages\/([0-9]{3,4})\.jpg$/;

/**
 * The slide page a chapter's image shows (docs/versions.md): a page render `pages/NNN.jpg` (an
 * output name or a key ending in one) is page NNN; a frame of the video (`chapters/NNN.jpg`)
 * shows none. Invariant: a chapter's page is the one its picture shows, so a cut part, a merge
 * and a save keep it without being told.
 */
export function pageOfOutput(name: string): number | null {
  const digits = PAGE_RENDER.exec(name)?.[1];
  return digits === undefined ? null : Number(digits);
}

/** The storyboard's description and the peaks, beside the version's other outputs. */
export const STORYBOARD_OUTPUT = "storyboard.json";
export const WAVEFORM_OUTPUT = "waveform.json";
export const WAVEFORM_PEAKS_PER_SECOND = 10;

/**
 * `storyboard.json` (docs/processor.md): the video's frames every `intervalMs` from 0, in sheets
 * of `columns × rows` tiles of `tileWidth × tileHeight` read left to right, top to bottom; tile
 * `i` (0-based, over all sheets) shows time `i × intervalMs`, and there are `frames` of them.
 */
export const Storyboard = v.object({
  intervalMs: v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(3_600_000)),
  tileWidth: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)),
  tileHeight: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)),
  columns: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)),
  rows: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)),
  frames: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)),
  /** Output names, `storyboard/001.jpg` on. */
  sheets: v.pipe(v.array(v.pipe(v.string(), v.regex(/^storyboard\/[0-9]{3}\.jpg$/))), v.minLength(1), v.maxLength(999)),
});
export type Storyboard = v.InferOutput<typeof Storyboard>;

/** `waveform.json`: the loudest sample of each 1/`peaksPerSecond` s, 0 (silence) to 100 (full scale). */
export const Waveform = v.object({
  peaksPerSecond: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)),
  peaks: v.array(v.pipe(v.number(), v.minValue(0), v.maxValue(100))),
});
export type Waveform = v.InferOutput<typeof Waveform>;

export const INPUT_KINDS = ["video", "webcam", "slides"] as const;
export type InputKind = (typeof INPUT_KINDS)[number];

const ProcessorId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9._:-]{1,100}$/, "1–100 letters, digits or . _ : -"));

/**
 * The processor a call on a job speaks for, in the query of the calls whose body is a file or
 * none (inputs, outputs): every call on a job needs the job's current lease (docs/processor.md).
 */
export const LeaseHolderQuery = v.object({ processorId: ProcessorId });

export const LeaseRequest = v.strictObject({
  processorId: ProcessorId,
  /** The processor's release (its package version and commit), listed to the operator. */
  version: v.optional(v.pipe(v.string(), v.regex(/^[\w.+:-]{1,64}$/))),
  leaseSeconds: v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(MIN_LEASE_SECONDS), v.maxValue(MAX_LEASE_SECONDS)),
  ),
});
export type LeaseRequest = v.InferOutput<typeof LeaseRequest>;

const InputUrl = v.object({ url: v.string() });

export const LeasedJob = v.object({
  jobId: v.number(),
  versionId: v.string(),
  presentationId: v.number(),
  option: v.picklist(["first", "two", "three", "four"]),
  attempt: v.number(),
  /** Unix time in ms. */
  leaseExpiresAt: v.number(),
  inputs: v.object({
    video: v.optional(InputUrl),
    webcam: v.optional(InputUrl),
    slides: v.optional(v.object({ url: v.string(), type: v.picklist(["pdf", "ppt"]) })),
  }),
});
export type LeasedJob = v.InferOutput<typeof LeasedJob>;
export const LeaseAnswer = v.object({ data: LeasedJob });

const Percent = v.pipe(v.number(), v.minValue(0), v.maxValue(100), v.transform(Math.floor));

export const ProgressRequest = v.strictObject({
  processorId: ProcessorId,
  percent: Percent,
  /** The step running: convert, pages, probe, web-playable, chapters. */
  stage: v.pipe(v.string(), v.regex(/^[a-z-]{1,32}$/)),
});
export type ProgressRequest = v.InferOutput<typeof ProgressRequest>;

const NullableCount = v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2 ** 40)));

export const CompleteRequest = v.strictObject({
  processorId: ProcessorId,
  durationMs: NullableCount,
  pageCount: NullableCount,
  /** The converted PDF (`slides.pdf`); null when the slides were a PDF already, or none. */
  pdf: v.nullable(v.literal("slides.pdf")),
  /** The playable copy; null when the source already plays in browsers (or there is none). */
  video: v.nullable(v.literal("video.mp4")),
  webcam: v.nullable(v.literal("webcam.mp4")),
  chapters: v.pipe(
    v.array(
      v.strictObject({
        timeMs: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2 ** 40)),
        page: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000))),
        title: v.pipe(v.string(), toSingleLineText, v.trim(), v.maxLength(MAX_CHAPTER_TITLE_LENGTH)),
        thumbnail: v.pipe(
          v.string(),
          v.regex(/^(?:pages|chapters)\/[0-9]{3,4}\.jpg$/, "pages/NNN.jpg or chapters/NNN.jpg"),
        ),
      }),
    ),
    v.maxLength(MAX_CHAPTERS),
  ),
  /**
   * Each slide page's text (pdftotext) with the seconds of the video it is shown at, for search
   * inside talks; absent from an older processor, empty without slides or text.
   */
  pages: v.optional(
    v.pipe(
      v.array(
        v.strictObject({
          page: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)),
          text: v.pipe(v.string(), v.maxLength(MAX_PAGE_TEXT_LENGTH)),
          seconds: v.pipe(
            v.array(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2 ** 31))),
            v.maxLength(MAX_PAGE_SHOWINGS),
          ),
        }),
      ),
      v.maxLength(MAX_SLIDE_PAGES),
      v.check((pages) => new Set(pages.map((page) => page.page)).size === pages.length, "each page once"),
    ),
  ),
});
export type CompleteRequest = v.InferOutput<typeof CompleteRequest>;

export const FailRequest = v.strictObject({
  processorId: ProcessorId,
  status: v.picklist(["failed", "convert-failed"]),
  error: v.pipe(v.string(), toMultiLineText, v.maxLength(MAX_ERROR_LENGTH)),
  /** Why, when the speaker can act on it (shown to them); absent for any other failure. */
  reason: v.optional(v.picklist(FAILURE_REASONS)),
});
export type FailRequest = v.InferOutput<typeof FailRequest>;

export const MultipartStarted = v.object({ uploadId: v.string() });
export const PartStored = v.object({ etag: v.string() });

export const CompleteMultipartRequest = v.strictObject({
  parts: v.pipe(
    v.array(
      v.strictObject({
        partNumber: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000)),
        etag: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
      }),
    ),
    v.minLength(1),
    v.maxLength(10_000),
  ),
});
export type CompleteMultipartRequest = v.InferOutput<typeof CompleteMultipartRequest>;
