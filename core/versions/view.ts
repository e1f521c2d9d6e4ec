import type { VersionOption } from "./options";
import type { FailureReason, VersionStatus } from "./status";

/**
 * A chapter of a version: its image's URL (`id`, as the spec names it), where it starts (ms), its
 * title, and the slide page its image shows (null for a frame of the video).
 */
export interface ThumbnailView {
  id: string;
  time: number;
  title: string | null;
  page: number | null;
}

/** A video file of a version: the upload it came from and where the browser plays it. */
export interface VersionVideoView {
  id: string;
  url: string;
}

/** A version as the API answers it (docs/versions.md; spec 1 §3 Version). */
export interface VersionView {
  versionId: string;
  /** When it was created (ISO 8601 instant). */
  date: string;
  online: boolean;
  status: VersionStatus;
  /** Why a failed version failed, when the speaker can act on it; null otherwise. */
  failureReason: FailureReason | null;
  percent: number;
  option: VersionOption;
  video: VersionVideoView | null;
  webcam: VersionVideoView | null;
  pptUrl: string | null;
  pdfUrl: string | null;
  fileName: string | null;
  /** Seconds, once the processor measured it. */
  duration: number | null;
  /** The slides' pages, once the processor counted them (their pictures are `pages/001.jpg` on). */
  pageCount: number | null;
  thumbnails: ThumbnailView[];
  /**
   * Pending for over 10 minutes while no processor has asked for work in the last 2: the
   * speaker is told it waits for a processor rather than shown a frozen 0 %.
   */
  waitingForProcessor: boolean;
}
