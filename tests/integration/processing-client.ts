/**
 * A media processor's side of the processing API in tests: versions with their input files and
 * jobs written straight into D1 and R2 (as the versions API leaves them), and calls with the
 * processor token.
 */
import { env, SELF } from "cloudflare:test";

export const PROCESSOR_TOKEN = "test-processor-token";

export interface QueuedVersion {
  versionId: string;
  jobId: number;
}

interface VersionFiles {
  option?: "first" | "two" | "three" | "four";
  video?: Uint8Array;
  webcam?: Uint8Array;
  slides?: { bytes: Uint8Array; pdf: boolean };
}

let serial = 0;

/** A version of `presentationId` pending with its job queued, or already leased by `leasedBy`. */
export async function queueVersion(
  presentationId: number,
  files: VersionFiles = { video: new TextEncoder().encode("a video") },
  leasedBy?: string,
): Promise<QueuedVersion> {
  const versionId = `${Date.now().toString(16)}${(++serial).toString(16).padStart(8, "0")}`;
  const key = (kind: string) => `uploads/test/${versionId}/${kind}`;
  for (const [kind, bytes] of [
    ["video", files.video],
    ["webcam", files.webcam],
    ["slides", files.slides?.bytes],
  ] as const) {
    if (bytes) await env.FILES.put(key(kind), bytes);
  }
  const slidesUrl = `/api/files/${key("slides")}`;
  await env.DB.prepare(
    `insert into versions (id, presentation_id, option, status, video_key, webcam_key, pdf_url, ppt_url)
     values (?, ?, ?, 'pending', ?, ?, ?, ?)`,
  )
    .bind(
      versionId,
      presentationId,
      files.option ?? (files.video ? "two" : "four"),
      files.video ? key("video") : null,
      files.webcam ? key("webcam") : null,
      files.slides?.pdf ? slidesUrl : null,
      files.slides && !files.slides.pdf ? slidesUrl : null,
    )
    .run();
  const job = await env.DB.prepare(
    `insert into processing_jobs (version_id, status, lease_owner, lease_expires_at, attempts, updated_at)
     values (?, ?, ?, ?, ?, ?) returning id`,
  )
    .bind(
      versionId,
      leasedBy ? "leased" : "queued",
      leasedBy ?? null,
      leasedBy ? Date.now() + 60_000 : null,
      leasedBy ? 1 : 0,
      leasedBy ? Date.now() : null,
    )
    .first<{ id: number }>();
  if (!job) throw new Error("no job inserted");
  return { versionId, jobId: job.id };
}

export interface ProcessingAnswer {
  status: number;
  body: any;
  headers: Headers;
}

/** A call of the processing API; JSON bodies are sent as JSON, anything else as it is. */
export async function processing(
  method: string,
  path: string,
  options: { body?: unknown; raw?: BodyInit; headers?: Record<string, string>; token?: string | null } = {},
): Promise<ProcessingAnswer> {
  const headers = new Headers(options.headers);
  const token = options.token === undefined ? PROCESSOR_TOKEN : options.token;
  if (token !== null) headers.set("authorization", `Bearer ${token}`);
  let body: BodyInit | undefined = options.raw;
  if (options.body !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.body);
  }
  const response = await SELF.fetch(`http://localhost/api/processing${path}`, { method, headers, body });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: response.status, body: json, headers: response.headers };
}

export async function versionRow(versionId: string) {
  return env.DB.prepare(
    `select status, percent, error, failure_reason as failureReason, duration_ms as durationMs, page_count as pageCount, pdf_key as pdfKey,
       playable_video_key as playableVideoKey, playable_webcam_key as playableWebcamKey
     from versions where id = ?`,
  )
    .bind(versionId)
    .first<Record<string, unknown>>();
}

export async function jobRow(jobId: number) {
  return env.DB.prepare(
    "select status, attempts, lease_owner as leaseOwner, percent, error from processing_jobs where id = ?",
  )
    .bind(jobId)
    .first<Record<string, unknown>>();
}

/** Ages a job's lease as if its processor had stopped renewing it. */
export async function expireLease(jobId: number) {
  await env.DB.prepare("update processing_jobs set lease_expires_at = ? where id = ?")
    .bind(Date.now() - 1_000, jobId)
    .run();
}

let processors = 0;

/**
 * A route row's `prepare`: a job of the row's talk leased by a processor of its own, and with
 * `multipart`, its playable copy's multipart upload begun with a small first part (a lone part
 * may be of any size).
 */
export async function leasedJob(
  { event }: { event: { talk: number } },
  options: { multipart?: boolean } = {},
): Promise<{ job: { jobId: number; processorId: string; uploadId?: string; etag?: string } }> {
  const processorId = `catalogue-${++processors}`;
  const { jobId } = await queueVersion(event.talk, undefined, processorId);
  if (!options.multipart) return { job: { jobId, processorId } };
  const output = `/jobs/${jobId}/outputs/video.mp4/multipart`;
  const lease = `?processorId=${processorId}`;
  const started = await processing("POST", `${output}${lease}`);
  const uploadId = started.body.uploadId as string;
  const part = await processing("PUT", `${output}/${encodeURIComponent(uploadId)}/1${lease}`, {
    raw: new TextEncoder().encode("the first part"),
  });
  return { job: { jobId, processorId, uploadId, etag: part.body.etag as string } };
}
