// The processor service around the pipeline: a leased job run with a fake lease client, the
// progress reporter's pace and heartbeat, the lease loop's shutdown, the outputs sent back.

import { mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type CompleteRequest,
  type FailRequest,
  type LeasedJob,
  MAX_PAGE_TEXT_LENGTH,
  type ProgressRequest,
} from "@core/processing/protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jobOutputs } from "../../processor/job-outputs";
import { httpLeaseClient, type LeaseClient, LeaseLostError } from "../../processor/lease-client";
import { leaseLoop } from "../../processor/lease-loop";
import type { ProcessedVersion, processVersion } from "../../processor/pipeline";
import { progressReporter } from "../../processor/progress-reporter";
import { runJob } from "../../processor/run-job";
import { recordingDeps } from "./processor-recorder";

const JOB: LeasedJob = {
  jobId: 7,
  versionId: "abc",
  presentationId: 3,
  option: "two",
  attempt: 1,
  leaseExpiresAt: 0,
  inputs: {
    video: { url: "/api/processing/jobs/7/inputs/video" },
    slides: { url: "/api/processing/jobs/7/inputs/slides", type: "ppt" },
  },
};

const PROCESSED: ProcessedVersion = {
  status: "success",
  durationSeconds: 20.25,
  pdf: "/tmp/job-7-1/slides.pdf",
  pages: [1, 2].map((page) => ({ page, thumbnail: `/tmp/job-7-1/pages/page-${page}.jpg`, text: "", heading: "" })),
  chapters: [
    { time: 0, page: 1, title: "Intro", thumbnail: "/tmp/job-7-1/pages/page-1.jpg" },
    { time: 10.5, page: 2, title: "Agents", thumbnail: "/tmp/job-7-1/pages/page-2.jpg" },
  ],
  video: "/tmp/job-7-1/video.mp4",
  webcam: undefined,
};

/** A lease client that records every call; `progress` answers what `onProgress` says. */
function fakeClient(onProgress: (report: ProgressRequest) => void = () => {}) {
  const calls: string[] = [];
  const progress: ProgressRequest[] = [];
  let completed: CompleteRequest | undefined;
  let failed: FailRequest | undefined;
  const client: LeaseClient = {
    lease: async () => undefined,
    progress: async (_, report) => {
      progress.push(report);
      onProgress(report);
    },
    download: async (url) => {
      calls.push(`download ${url}`);
    },
    upload: async (_, _processorId, name) => {
      calls.push(`upload ${name}`);
    },
    complete: async (_, result) => {
      completed = result;
    },
    fail: async (_, failure) => {
      failed = failure;
    },
  };
  return { client, calls, progress, result: () => ({ completed, failed }) };
}

function deps(client: LeaseClient, process: typeof processVersion) {
  // The downloaded presentation starts with PK: a pptx.
  const recorder = recordingDeps(() => ({}), { "/tmp/job-7-1/slides": "PK\u0003\u0004" });
  return {
    recorder,
    deps: { client, steps: recorder.deps, process, processorId: "test", log: () => {} },
  };
}

const OPTIONS = { heartbeatMs: 10_000, minProgressIntervalMs: 500 };

describe("running a leased job", () => {
  it("downloads the inputs, uploads what the pipeline made and completes the job, then removes its directory", async () => {
    const fake = fakeClient();
    let given: unknown;
    const { deps: jobDeps, recorder } = deps(fake.client, async (inputs, _directory, _steps, report) => {
      given = inputs;
      report({ status: "processing", percent: 50, stage: "video" });
      await new Promise((resolve) => setTimeout(resolve, 20));
      return PROCESSED;
    });
    expect(await runJob(JOB, jobDeps, OPTIONS)).toBe("completed");
    expect(given).toEqual({ video: "/tmp/job-7-1/video", slides: "/tmp/job-7-1/slides.pptx" });
    expect(fake.calls).toEqual([
      "download /api/processing/jobs/7/inputs/video",
      "download /api/processing/jobs/7/inputs/slides",
      "upload pages/001.jpg",
      "upload pages/002.jpg",
      "upload slides.pdf",
      "upload video.mp4",
    ]);
    expect(fake.result().completed).toEqual({
      processorId: "test",
      durationMs: 20_250,
      pageCount: 2,
      pdf: "slides.pdf",
      video: "video.mp4",
      webcam: null,
      chapters: [
        { timeMs: 0, page: 1, title: "Intro", thumbnail: "pages/001.jpg" },
        { timeMs: 10_500, page: 2, title: "Agents", thumbnail: "pages/002.jpg" },
      ],
      pages: [],
    });
    expect(recorder.removed).toContain("/tmp/job-7-1");
    // Exactly the fields the progress route takes (it refuses any other).
    expect(fake.progress).toEqual([{ processorId: "test", percent: 50, stage: "video" }]);
  });

  it("a pipeline failure fails the job with its status and message naming the failed step, uploading nothing", async () => {
    const fake = fakeClient();
    const { deps: jobDeps } = deps(fake.client, async () => ({
      status: "convert-failed",
      message: "PPT to PDF file convert failed",
      stage: "convert",
    }));
    expect(await runJob(JOB, jobDeps, OPTIONS)).toBe("failed");
    expect(fake.result()).toEqual({
      completed: undefined,
      failed: { processorId: "test", status: "convert-failed", error: "convert: PPT to PDF file convert failed" },
    });
    expect(fake.calls.filter((call) => call.startsWith("upload"))).toEqual([]);
  });

  it("a lost lease kills the running command and ends the job with no completion nor failure", async () => {
    const fake = fakeClient((report) => {
      if (report.percent >= 30) throw new LeaseLostError(JOB.jobId);
    });
    let killed = false;
    const { deps: jobDeps, recorder } = deps(fake.client, async (_inputs, _directory, steps, report) => {
      report({ status: "processing", percent: 30, stage: "video" });
      // A long ffmpeg: it ends only when the job's signal kills it.
      await steps.run("ffmpeg", [], { timeoutMs: 60_000 });
      return { status: "failed", message: "killed" };
    });
    jobDeps.steps.run = (_command, _args, options) =>
      new Promise((resolve) => {
        options.signal?.addEventListener("abort", () => {
          killed = true;
          resolve({ code: null, timedOut: false, stdout: Buffer.alloc(0), stderr: "" });
        });
      });
    expect(await runJob(JOB, jobDeps, OPTIONS)).toBe("lease-lost");
    expect(killed).toBe(true);
    expect(fake.result()).toEqual({ completed: undefined, failed: undefined });
    expect(recorder.removed).toContain("/tmp/job-7-1");
  });
});

describe("progress reports", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("go at most twice a second, the latest value each time, and renew the lease when nothing moves", async () => {
    const sent: { at: number; percent: number }[] = [];
    const start = Date.now();
    const reporter = progressReporter(
      async ({ percent }) => {
        sent.push({ at: Date.now() - start, percent });
      },
      { minIntervalMs: 500, heartbeatMs: 10_000 },
      () => {},
      { percent: 0, stage: "download" },
    );
    for (let percent = 1; percent <= 20; percent++) {
      reporter.update({ percent, stage: "video" });
      await vi.advanceTimersByTimeAsync(50);
    }
    await vi.advanceTimersByTimeAsync(25_000);
    await reporter.stop();
    expect(sent.slice(0, 3)).toEqual([
      { at: 0, percent: 1 },
      { at: 500, percent: 10 },
      { at: 1_000, percent: 20 },
    ]);
    // Then only heartbeats, carrying the last percent.
    expect(sent.slice(3)).toEqual([
      { at: 10_000, percent: 20 },
      { at: 20_000, percent: 20 },
    ]);
  });
});

describe("the lease loop", () => {
  it("runs jobs in its slots and leases nothing once shut down", async () => {
    const shutdown = new AbortController();
    const jobs = [1, 2, 3].map((jobId) => ({ ...JOB, jobId }));
    const ran: number[] = [];
    await leaseLoop({
      concurrency: 2,
      pollMs: 10,
      shutdown: shutdown.signal,
      sleep: async () => {},
      lease: async () => jobs.shift(),
      run: async (job) => {
        ran.push(job.jobId);
        if (ran.length === 3) shutdown.abort();
        return "completed";
      },
      log: () => {},
    });
    expect(ran.sort()).toEqual([1, 2, 3]);
  });
});

describe("outputs of a version", () => {
  it("without slides, the chapter frames are uploaded; a video already playable is not sent again", () => {
    const outputs = jobOutputs(
      {
        ...PROCESSED,
        pdf: undefined,
        pages: [],
        video: "/in/video",
        chapters: [{ time: 0, page: null, title: "Chapter 1", thumbnail: "/w/chapters/chapter-1.jpg" }],
      },
      { video: "/in/video" },
    );
    expect(outputs.uploads).toEqual([{ name: "chapters/001.jpg", path: "/w/chapters/chapter-1.jpg" }]);
    expect(outputs.completion).toMatchObject({ pageCount: null, pdf: null, video: null, webcam: null });
  });

  it("with slides, a demo chapter sends its own frame with no page, between chapters on page renders", () => {
    const outputs = jobOutputs(
      {
        ...PROCESSED,
        chapters: [
          { time: 0, page: 1, title: "Intro", thumbnail: "/tmp/job-7-1/pages/page-1.jpg" },
          { time: 8, page: null, title: "Démo", thumbnail: "/tmp/job-7-1/chapters/chapter-2.jpg" },
          { time: 10.5, page: 2, title: "Agents", thumbnail: "/tmp/job-7-1/pages/page-2.jpg" },
        ],
      },
      { video: "/tmp/job-7-1/video", slides: "/tmp/job-7-1/slides.pptx" },
    );
    expect(outputs.uploads).toContainEqual({ name: "chapters/002.jpg", path: "/tmp/job-7-1/chapters/chapter-2.jpg" });
    expect(outputs.completion.chapters).toEqual([
      { timeMs: 0, page: 1, title: "Intro", thumbnail: "pages/001.jpg" },
      { timeMs: 8_000, page: null, title: "Démo", thumbnail: "chapters/002.jpg" },
      { timeMs: 10_500, page: 2, title: "Agents", thumbnail: "pages/002.jpg" },
    ]);
  });
});

describe("the pages' text sent for search inside talks", () => {
  it("sends each page with text once, its lines on one line, with the whole seconds the video shows it", () => {
    const outputs = jobOutputs(
      {
        ...PROCESSED,
        pages: [
          { page: 1, thumbnail: "/p/1.jpg", text: "Sécurité\ndes réseaux", heading: "Sécurité" },
          { page: 2, thumbnail: "/p/2.jpg", text: "", heading: "" },
          { page: 3, thumbnail: "/p/3.jpg", text: "Questions ?", heading: "Questions ?" },
        ],
        chapters: [
          { time: 0, page: 1, title: "Sécurité", thumbnail: "/p/1.jpg" },
          { time: 12.7, page: 2, title: "", thumbnail: "/p/2.jpg" },
          { time: 30.2, page: 1, title: "Sécurité", thumbnail: "/p/1.jpg" },
          { time: 41, page: null, title: "Démo", thumbnail: "/w/chapters/chapter-4.jpg" },
        ],
      },
      { video: "/in/video", slides: "/in/slides.pdf" },
    );
    expect(outputs.completion.pages).toEqual([
      { page: 1, text: "Sécurité des réseaux", seconds: [0, 30] },
      { page: 3, text: "Questions ?", seconds: [] },
    ]);
  });

  it("a slides-only version sends its pages' text shown at no time, and a long page is cut", () => {
    const outputs = jobOutputs(
      {
        ...PROCESSED,
        durationSeconds: undefined,
        video: undefined,
        pages: [{ page: 1, thumbnail: "/p/1.jpg", text: "mot ".repeat(MAX_PAGE_TEXT_LENGTH), heading: "" }],
        chapters: [{ time: 0, page: 1, title: "", thumbnail: "/p/1.jpg" }],
      },
      { slides: "/in/slides.pdf" },
    );
    const [page] = outputs.completion.pages ?? [];
    expect(page?.seconds).toEqual([]);
    expect(page?.text).toHaveLength(MAX_PAGE_TEXT_LENGTH);
  });
});

describe("the lease client", () => {
  /** A Worker that records each call and the bytes of each body, answering what `reply` says. */
  function fakeWorker(reply: (path: string) => Response) {
    const calls: { method: string; path: string; lease: string | null; bytes: number; length: string | null }[] = [];
    const fetcher = (async (input: string | URL | Request, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const url = new URL(String(input));
      const path = url.pathname;
      const body = init?.body ? await new Response(init.body).arrayBuffer() : new ArrayBuffer(0);
      calls.push({
        method,
        path,
        lease: url.searchParams.get("processorId"),
        bytes: body.byteLength,
        length: new Headers(init?.headers).get("content-length"),
      });
      return reply(path);
    }) as typeof fetch;
    return { calls, fetcher };
  }

  it("sends a file over 64 MiB as 32 MiB parts, then completes the upload with their etags, each call naming its lease", async () => {
    const directory = mkdtempSync(join(tmpdir(), "lease-client-"));
    const file = join(directory, "video.mp4");
    // Sparse: 70 MiB on the file system without writing them.
    writeFileSync(file, "");
    truncateSync(file, 70 * 1024 * 1024);
    const completes: unknown[] = [];
    const { calls, fetcher } = fakeWorker((path) => {
      if (path.endsWith("/multipart")) return Response.json({ uploadId: "u1" }, { status: 201 });
      if (path.endsWith("/complete")) return new Response(null, { status: 204 });
      return Response.json({ etag: `etag-${path.split("/").pop()}` });
    });
    const client = httpLeaseClient("http://worker.test/", "secret", async (input, init) => {
      if (new URL(String(input)).pathname.endsWith("/complete")) completes.push(JSON.parse(String(init?.body)));
      return fetcher(input, init);
    });
    await client.upload(7, "host:42", "video.mp4", file);
    rmSync(directory, { recursive: true, force: true });
    const MiB = 1024 * 1024;
    expect(calls.every((call) => call.lease === "host:42")).toBe(true);
    expect(calls.map(({ method, path, bytes, length }) => [method, path, bytes, length])).toEqual([
      ["POST", "/api/processing/jobs/7/outputs/video.mp4/multipart", 2, null],
      ["PUT", "/api/processing/jobs/7/outputs/video.mp4/multipart/u1/1", 32 * MiB, String(32 * MiB)],
      ["PUT", "/api/processing/jobs/7/outputs/video.mp4/multipart/u1/2", 32 * MiB, String(32 * MiB)],
      ["PUT", "/api/processing/jobs/7/outputs/video.mp4/multipart/u1/3", 6 * MiB, String(6 * MiB)],
      ["POST", "/api/processing/jobs/7/outputs/video.mp4/multipart/u1/complete", expect.any(Number), null],
    ]);
    expect(completes).toEqual([
      {
        parts: [1, 2, 3].map((partNumber) => ({ partNumber, etag: `etag-${partNumber}` })),
      },
    ]);
  });

  it("a 409 or 404 on a job's call is a lost lease; other refusals are errors that say why", async () => {
    for (const status of [404, 409]) {
      const { fetcher } = fakeWorker(() => Response.json({ error: { code: "lease-lost" } }, { status }));
      const client = httpLeaseClient("http://worker.test", "secret", fetcher);
      await expect(client.progress(7, { processorId: "p", percent: 1, stage: "video" })).rejects.toBeInstanceOf(
        LeaseLostError,
      );
    }
    const { fetcher } = fakeWorker(() => Response.json({ error: { code: "unauthorized" } }, { status: 401 }));
    await expect(httpLeaseClient("http://worker.test", "wrong", fetcher).lease("p", 60)).rejects.toThrow(
      /lease: HTTP 401/,
    );
  });
});
