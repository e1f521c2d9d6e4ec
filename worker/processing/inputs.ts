/**
 * A job's input files as its processor downloads them: the uploads its version took, streamed
 * from R2 (a `Range` resumes a broken download).
 */
import { DomainError, ErrorCode } from "@core/errors";
import type { InputKind, LeasedJob } from "@core/processing/protocol";
import type { Context } from "hono";
import { parseByteRange } from "../files/byte-range";
import { fileUrl } from "../files/pictures";
import type { JobRow } from "./jobs";

/** A version's slides are stored as their file URL (`/api/files/<key>`), as its answer shows them. */
export const keyOfFileUrl = (url: string) => (url.startsWith(fileUrl("")) ? url.slice(fileUrl("").length) : url);

/** The R2 key of each input the version has; slides are a PDF or a presentation (ppt/pptx). */
export function inputKeys(job: JobRow): Partial<Record<InputKind, string>> {
  const slides = job.pdfUrl ?? job.pptUrl;
  return {
    ...(job.videoKey ? { video: job.videoKey } : {}),
    ...(job.webcamKey ? { webcam: job.webcamKey } : {}),
    ...(slides ? { slides: keyOfFileUrl(slides) } : {}),
  };
}

/** The inputs as the lease answers them: where to download each, with the lease that may. */
export function leasedInputs(job: JobRow, processorId: string): LeasedJob["inputs"] {
  const lease = new URLSearchParams({ processorId });
  const url = (kind: InputKind) => `/api/processing/jobs/${job.jobId}/inputs/${kind}?${lease}`;
  const keys = inputKeys(job);
  return {
    ...(keys.video ? { video: { url: url("video") } } : {}),
    ...(keys.webcam ? { webcam: { url: url("webcam") } } : {}),
    ...(keys.slides ? { slides: { url: url("slides"), type: job.pdfUrl ? ("pdf" as const) : ("ppt" as const) } } : {}),
  };
}

/** Streams the input, whole (200) or the one range asked (206). */
export async function streamInput(c: Context, bucket: R2Bucket, key: string): Promise<Response> {
  const stored = await bucket.head(key);
  if (!stored) throw new DomainError(ErrorCode.NotFound);
  const headers = new Headers({
    "content-type": "application/octet-stream",
    "accept-ranges": "bytes",
    etag: stored.httpEtag,
  });
  const range = parseByteRange(c.req.header("range"), stored.size);
  if (range.kind === "unsatisfiable") {
    c.header("content-range", `bytes */${stored.size}`);
    throw new DomainError(ErrorCode.RangeNotSatisfiable);
  }
  const object =
    range.kind === "part"
      ? await bucket.get(key, { range: { offset: range.offset, length: range.length } })
      : await bucket.get(key);
  if (!object) throw new DomainError(ErrorCode.NotFound);
  if (range.kind === "whole") {
    headers.set("content-length", String(stored.size));
    return new Response(object.body, { status: 200, headers });
  }
  headers.set("content-range", `bytes ${range.offset}-${range.offset + range.length - 1}/${stored.size}`);
  headers.set("content-length", String(range.length));
  return new Response(object.body, { status: 206, headers });
}
