import { pageOfOutput } from "@core/processing/protocol";
import type { ThumbnailView, VersionVideoView, VersionView } from "@core/versions/view";
import { PROCESSOR_SEEN_MS, WAITING_FOR_PROCESSOR_MS } from "../db/queries/processors";
import type { VersionWithFiles } from "../db/queries/versions";
import { fileUrl } from "../files/pictures";

export function thumbnailViews(thumbnails: VersionWithFiles["thumbnails"]): ThumbnailView[] {
  return thumbnails.map((thumbnail) => ({
    id: fileUrl(thumbnail.imageKey),
    time: thumbnail.timeMs,
    title: thumbnail.title,
    page: pageOfOutput(thumbnail.imageKey),
  }));
}

/** Seconds, as the spec's video details give a duration. */
export const durationSeconds = (durationMs: number | null) => (durationMs === null ? null : durationMs / 1000);

/** The browser plays the processor's web-playable copy once there is one, the upload until then. */
function videoView(
  uploads: VersionWithFiles["uploads"],
  sourceKey: string | null,
  playableKey: string | null,
): VersionVideoView | null {
  if (!sourceKey) return null;
  const upload = uploads.find((candidate) => candidate.r2Key === sourceKey);
  return { id: upload?.id ?? sourceKey, url: fileUrl(playableKey ?? sourceKey) };
}

/**
 * Whether a pending version has waited over 10 minutes while no processor asked for work in the
 * last 2 (`processorSeenAt`: when one last did; undefined when the caller does not tell).
 */
function waitsForProcessor(
  version: VersionWithFiles["version"],
  processorSeenAt: number | null | undefined,
  now: number,
) {
  if (processorSeenAt === undefined || version.status !== "pending") return false;
  const idle = processorSeenAt === null || processorSeenAt < now - PROCESSOR_SEEN_MS;
  return idle && version.createdAt < now - WAITING_FOR_PROCESSOR_MS;
}

export function toVersionView(
  { version, thumbnails, uploads }: VersionWithFiles,
  processors: { lastSeenAt: number | null; now: number } | undefined = undefined,
): VersionView {
  return {
    versionId: version.id,
    date: new Date(version.createdAt).toISOString(),
    online: version.online,
    status: version.status,
    failureReason: version.failureReason,
    percent: version.percent,
    option: version.option,
    video: videoView(uploads, version.videoKey, version.playableVideoKey),
    webcam: videoView(uploads, version.webcamKey, version.playableWebcamKey),
    pptUrl: version.pptUrl,
    // The PDF shown: the processor's (an uploaded PDF, or its conversion of a ppt/pptx) once known.
    pdfUrl: version.pdfKey ? fileUrl(version.pdfKey) : version.pdfUrl,
    fileName: version.fileName,
    duration: durationSeconds(version.durationMs),
    pageCount: version.pageCount,
    thumbnails: thumbnailViews(thumbnails),
    waitingForProcessor: waitsForProcessor(version, processors?.lastSeenAt, processors?.now ?? 0),
  };
}
