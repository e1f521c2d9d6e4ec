import { MAX_QUESTION_VIDEO_BYTES } from "@core/quiz/authoring";
import * as v from "valibot";
import { type EventCaller, passwordQuery } from "../../app-state/event-caller";
import { apiRequest } from "../../lib/api";
import { uploadRequest } from "../../lib/upload-request";

/** Why a chosen file cannot be a question video, as a key of the quiz-editor namespace; null when it can. */
export function videoFileProblem(file: File): "media.video.not-video" | "media.video.too-large" | null {
  if (!file.type.startsWith("video/")) return "media.video.not-video";
  if (file.size > MAX_QUESTION_VIDEO_BYTES) return "media.video.too-large";
  return null;
}

/** Where a stored video plays from: the files route serves ranges, so seeking works. */
export const videoUrl = (videoKey: string) => `/api/files/${videoKey}`;

// The answers of the question video routes (docs/api.md, question media), checked as they arrive.
const StartedUpload = v.object({
  data: v.object({ uploadId: v.string(), key: v.string(), partSize: v.pipe(v.number(), v.integer(), v.minValue(1)) }),
});
const StoredPart = v.object({ data: v.object({ partNumber: v.number(), etag: v.string() }) });
const CompletedUpload = v.object({ data: v.object({ video_key: v.string() }) });

/**
 * Uploads a question video in parts (R2 multipart through the Worker, parts of the size the
 * server gives, 8 MiB): one part at a time, so `onProgress(sent, total)` only grows. Aborting
 * `signal`, or any failure, aborts the upload on the server too, so no parts are left behind.
 * Answers the video's key, to put in the question. Every call carries the event's password
 * when it has one.
 */
export async function uploadQuestionVideo(
  presentationId: number,
  caller: EventCaller,
  file: File,
  onProgress: (sentBytes: number, totalBytes: number) => void,
  signal: AbortSignal,
): Promise<string> {
  const base = `/api/quiz/${presentationId}/media/videos`;
  const { token } = caller;
  const password = passwordQuery(caller);
  const started = v.parse(
    StartedUpload,
    await apiRequest("POST", base, { token, query: password, body: { size: file.size, type: file.type }, signal }),
  );
  const { uploadId, key, partSize } = started.data;
  try {
    const parts: { partNumber: number; etag: string }[] = [];
    for (let offset = 0, partNumber = 1; offset < file.size; offset += partSize, partNumber++) {
      const done = offset;
      const answer = await uploadRequest({
        method: "PUT",
        path: `${base}/parts/${partNumber}`,
        query: { ...password, key, uploadId },
        body: file.slice(offset, offset + partSize, "application/octet-stream"),
        token,
        onProgress: (sent) => onProgress(done + sent, file.size),
        signal,
      });
      const part = v.parse(StoredPart, answer);
      parts.push({ partNumber: part.data.partNumber, etag: part.data.etag });
    }
    const completed = v.parse(
      CompletedUpload,
      await apiRequest("POST", `${base}/complete`, { token, query: password, body: { key, uploadId, parts }, signal }),
    );
    onProgress(file.size, file.size);
    return completed.data.video_key;
  } catch (error) {
    // Best effort: an upload left open expires on the storage side anyway.
    void apiRequest("DELETE", base, { token, query: { ...password, key, uploadId } }).catch(() => undefined);
    throw error;
  }
}
