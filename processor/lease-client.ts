/**
 * The processing jobs API as a processor calls it (docs/processor.md): every HTTP call behind
 * one interface, so the job runner is tested with a fake. Files go to and from disk as streams,
 * never whole in memory.
 */
import { createReadStream, createWriteStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  type CompleteRequest,
  type FailRequest,
  LeaseAnswer,
  type LeasedJob,
  MAX_OUTPUT_PUT_BYTES,
  MultipartStarted,
  OUTPUT_PART_BYTES,
  PartStored,
  type ProgressRequest,
} from "@core/processing/protocol";
import * as v from "valibot";
import { PROCESSOR_RELEASE } from "./release";

/** The job is no longer this processor's (taken over after its lease expired, finished, or deleted). */
export class LeaseLostError extends Error {
  constructor(jobId: number) {
    super(`lost the lease of job ${jobId}`);
    this.name = "LeaseLostError";
  }
}

export interface LeaseClient {
  /** The next job, or undefined when none is waiting. */
  lease(processorId: string, leaseSeconds: number): Promise<LeasedJob | undefined>;
  /** Reports progress and renews the lease. */
  progress(jobId: number, report: ProgressRequest): Promise<void>;
  /** Streams an input (its `inputs.*.url`) into `path`; aborting `signal` stops it. */
  download(url: string, path: string, signal?: AbortSignal): Promise<void>;
  /** Uploads the file at `path` as the job's output `name`, for the lease of `processorId`. */
  upload(jobId: number, processorId: string, name: string, path: string): Promise<void>;
  complete(jobId: number, result: CompleteRequest): Promise<void>;
  fail(jobId: number, failure: FailRequest): Promise<void>;
}

/** The Worker's answers this processor cannot act on: a bug or a misconfiguration, said in full. */
class ApiError extends Error {
  constructor(what: string, status: number, body: string) {
    super(`${what}: HTTP ${status} ${body.slice(0, 500)}`);
    this.name = "ApiError";
  }
}

export function httpLeaseClient(apiBase: string, token: string, fetcher: typeof fetch = fetch): LeaseClient {
  const base = apiBase.replace(/\/+$/, "");
  const call = async (what: string, path: string, init: RequestInit & { jobId?: number } = {}) => {
    const headers = new Headers(init.headers);
    headers.set("authorization", `Bearer ${token}`);
    const response = await fetcher(`${base}${path}`, { ...init, headers });
    if (response.ok) return response;
    const body = await response.text();
    // 404: the job was deleted with its version; 409: another processor holds it, or it ended.
    if (init.jobId !== undefined && (response.status === 404 || response.status === 409)) {
      throw new LeaseLostError(init.jobId);
    }
    throw new ApiError(what, response.status, body);
  };
  const postJson = (what: string, path: string, body: unknown, jobId?: number) =>
    call(what, path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      jobId,
    });
  const putFile = (what: string, path: string, jobId: number, file: string, range: { start: number; size: number }) =>
    call(what, path, {
      method: "PUT",
      jobId,
      headers: { "content-type": "application/octet-stream", "content-length": String(range.size) },
      body: Readable.toWeb(
        createReadStream(file, { start: range.start, end: range.start + range.size - 1 }),
      ) as ReadableStream,
      // Node's fetch streams a request body only in half-duplex mode.
      duplex: "half",
    } as RequestInit & { jobId: number });
  const output = (jobId: number, name: string) => `/api/processing/jobs/${jobId}/outputs/${name}`;
  // Every call on a job names the lease it holds; a file's calls, whose body is the file, in the query.
  const lease = (processorId: string) => `?${new URLSearchParams({ processorId })}`;

  return {
    async lease(processorId, leaseSeconds) {
      const response = await postJson("lease", "/api/processing/lease", {
        processorId,
        leaseSeconds,
        version: PROCESSOR_RELEASE,
      });
      if (response.status === 204) return undefined;
      return v.parse(LeaseAnswer, await response.json()).data;
    },
    async progress(jobId, report) {
      await postJson("progress", `/api/processing/jobs/${jobId}/progress`, report, jobId);
    },
    async download(url, path, signal) {
      const response = await call(`download ${url}`, url, { signal });
      if (!response.body) throw new ApiError(`download ${url}`, response.status, "no body");
      await pipeline(
        Readable.fromWeb(response.body as import("node:stream/web").ReadableStream),
        createWriteStream(path),
      );
    },
    async upload(jobId, processorId, name, path) {
      const size = (await stat(path)).size;
      if (size <= MAX_OUTPUT_PUT_BYTES) {
        await putFile(`upload ${name}`, `${output(jobId, name)}${lease(processorId)}`, jobId, path, { start: 0, size });
        return;
      }
      const started = await postJson(
        `upload ${name}`,
        `${output(jobId, name)}/multipart${lease(processorId)}`,
        {},
        jobId,
      );
      const { uploadId } = v.parse(MultipartStarted, await started.json());
      const upload = `${output(jobId, name)}/multipart/${encodeURIComponent(uploadId)}`;
      const parts: { partNumber: number; etag: string }[] = [];
      for (let start = 0, partNumber = 1; start < size; start += OUTPUT_PART_BYTES, partNumber++) {
        const part = { start, size: Math.min(OUTPUT_PART_BYTES, size - start) };
        const stored = await putFile(
          `upload ${name} part ${partNumber}`,
          `${upload}/${partNumber}${lease(processorId)}`,
          jobId,
          path,
          part,
        );
        parts.push({ partNumber, etag: v.parse(PartStored, await stored.json()).etag });
      }
      await postJson(`upload ${name}`, `${upload}/complete${lease(processorId)}`, { parts }, jobId);
    },
    async complete(jobId, result) {
      await postJson("complete", `/api/processing/jobs/${jobId}/complete`, result, jobId);
    },
    async fail(jobId, failure) {
      await postJson("fail", `/api/processing/jobs/${jobId}/fail`, failure, jobId);
    },
  };
}
