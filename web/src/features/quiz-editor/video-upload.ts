import { MAX_QUESTION_VIDEO_BYTES } from "@core/quiz/authoring";
import type { EventCaller } from "../../app-state/event-caller";
import { startUpload } from "../../lib/tus-upload";

/** Why a chosen file cannot be a question video, as a key of the quiz-editor namespace; null when it can. */
export function videoFileProblem(file: File): "media.video.not-video" | "media.video.too-large" | null {
  if (!file.type.startsWith("video/")) return "media.video.not-video";
  if (file.size > MAX_QUESTION_VIDEO_BYTES) return "media.video.too-large";
  return null;
}

/** Where a stored video plays from: the files route serves ranges, so seeking works. */
export const videoUrl = (videoKey: string) => `/api/files/${videoKey}`;

/**
 * Uploads a question video through the product's one upload path (tus, kind `quiz-video`,
 * docs/uploads.md), reporting `onProgress(sent, total)` as parts arrive. Aborting `signal` stops
 * it and deletes what the server holds. Answers the video's key to put in the question: the
 * server stores a quiz video at `quiz/<presentationId>/videos/<uploadId>`.
 */
export async function uploadQuestionVideo(
  presentationId: number,
  caller: EventCaller,
  file: File,
  onProgress: (sentBytes: number, totalBytes: number) => void,
  signal: AbortSignal,
): Promise<string> {
  const started = startUpload({
    file,
    kind: "quiz-video",
    presentationId,
    token: caller.token,
    password: caller.password,
    onProgress: (sent) => onProgress(sent, file.size),
  });
  const cancel = () => void started.cancel();
  signal.addEventListener("abort", cancel, { once: true });
  try {
    const uploadId = await started.done;
    return `quiz/${presentationId}/videos/${uploadId}`;
  } finally {
    signal.removeEventListener("abort", cancel);
  }
}
