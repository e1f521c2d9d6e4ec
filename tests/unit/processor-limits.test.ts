// What one version's processing may take: the slides' page limit, checked before any page is
// rendered (a real 2,500-page PDF through pdfinfo), and the job's time and output limits, through
// the job runner's injected deps. Each ends the version failed for good, with the reason the
// speaker reads.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FailRequest, LeasedJob } from "@core/processing/protocol";
import { MAX_SLIDE_PAGES } from "@core/versions/status";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StepDeps } from "../../processor/deps";
import type { LeaseClient } from "../../processor/lease-client";
import { nodeStepDeps } from "../../processor/node-deps";
import { type ProcessedVersion, processVersion } from "../../processor/pipeline";
import { runJob } from "../../processor/run-job";
import { recordingDeps } from "./processor-recorder";

/** A valid PDF of `count` empty pages, written directly: a few bytes a page. */
function emptyPagesPdf(count: number): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Count ${count} /Kids [${Array.from({ length: count }, (_, i) => `${i + 3} 0 R`).join(" ")}] >>`,
    ...Array.from({ length: count }, () => "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 72 72] >>"),
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

let directory: string;

beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), "processor-limits-"));
});

afterAll(() => {
  if (directory) rmSync(directory, { recursive: true, force: true });
});

describe("the slides' page limit", () => {
  it("a 2,500-page PDF ends the version failed with the page-limit reason, no page rendered", async () => {
    const pdf = join(directory, "slides.pdf");
    writeFileSync(pdf, emptyPagesPdf(2_500));
    const work = join(directory, "work");
    const real = nodeStepDeps();
    const commands: string[] = [];
    const deps: StepDeps = {
      ...real,
      run: (command, args, options) => {
        commands.push(command);
        return real.run(command, args, options);
      },
    };
    await deps.files.makeDirectory(work);
    const statuses: string[] = [];
    const outcome = await processVersion({ slides: pdf }, work, deps, ({ status }) => statuses.push(status));
    expect(outcome).toEqual({
      status: "failed",
      message: `the PDF has 2500 pages, more than ${MAX_SLIDE_PAGES}`,
      reason: "too-many-pages",
      stage: "pages",
    });
    expect(statuses.at(-1)).toBe("failed");
    expect(commands).toEqual(["pdfinfo"]);
    expect(readdirSync(join(work, "pages"))).toEqual([]);
  }, 30_000);

  it("a deck of exactly the limit is rendered", async () => {
    const { deps, calls } = recordingDeps(
      (call) => (call.command === "pdfinfo" ? { stdout: `Pages: ${MAX_SLIDE_PAGES}\n` } : { code: 1 }),
      { "/in/deck.pdf": "%PDF-1.4" },
    );
    const outcome = await processVersion({ slides: "/in/deck.pdf" }, "/work", deps, () => {});
    expect(calls.map((call) => call.command)).toContain("pdftoppm");
    expect(outcome).not.toHaveProperty("reason");
  });
});

const JOB: LeasedJob = {
  jobId: 9,
  versionId: "v",
  presentationId: 1,
  option: "two",
  attempt: 1,
  leaseExpiresAt: 0,
  inputs: { video: { url: "/api/processing/jobs/9/inputs/video" } },
};

const PROCESSED: ProcessedVersion = {
  status: "success",
  durationSeconds: 10,
  pdf: undefined,
  pages: [],
  chapters: [{ time: 0, page: null, title: "Chapter 1", thumbnail: "/tmp/job-9-1/chapters/chapter-1.jpg" }],
  video: "/tmp/job-9-1/video.mp4",
  webcam: undefined,
};

function fakeClient() {
  const uploads: string[] = [];
  const sent: { failed?: FailRequest; completed: boolean } = { completed: false };
  const client: LeaseClient = {
    lease: async () => undefined,
    progress: async () => {},
    download: async () => {},
    upload: async (_, _processorId, name) => {
      uploads.push(name);
    },
    complete: async () => {
      sent.completed = true;
    },
    fail: async (_, failure) => {
      sent.failed = failure;
    },
  };
  return { client, uploads, sent };
}

const OPTIONS = { heartbeatMs: 10_000, minProgressIntervalMs: 500 };

describe("a job's limits", () => {
  it("a job past its time limit has its command killed and fails for good with the time reason", async () => {
    const fake = fakeClient();
    const recorder = recordingDeps();
    let killed = false;
    recorder.deps.run = (_command, _args, options) =>
      new Promise((resolve) => {
        options.signal?.addEventListener("abort", () => {
          killed = true;
          resolve({ code: null, timedOut: false, stdout: Buffer.alloc(0), stderr: "" });
        });
      });
    const process: typeof processVersion = async (_inputs, _directory, steps) => {
      await steps.run("ffmpeg", [], { timeoutMs: 60_000 });
      return { status: "failed", message: "ffmpeg could not scan the video" };
    };
    const deps = { client: fake.client, steps: recorder.deps, process, processorId: "p", log: () => {} };
    expect(await runJob(JOB, deps, { ...OPTIONS, maxWallMs: 50 })).toBe("failed");
    expect(killed).toBe(true);
    expect(fake.sent.failed).toEqual({
      processorId: "p",
      status: "failed",
      error: "the job ran past its time limit (0.05 s)",
      reason: "processing-too-long",
    });
    expect(fake.uploads).toEqual([]);
  });

  it("outputs weighing more than the limit are not uploaded and fail the job with the size reason", async () => {
    const fake = fakeClient();
    const recorder = recordingDeps(() => ({}), {
      "/tmp/job-9-1/video.mp4": Buffer.alloc(900),
      "/tmp/job-9-1/chapters/chapter-1.jpg": Buffer.alloc(200),
    });
    const deps = {
      client: fake.client,
      steps: recorder.deps,
      process: async () => PROCESSED,
      processorId: "p",
      log: () => {},
    };
    expect(await runJob(JOB, deps, { ...OPTIONS, maxOutputBytes: 1_000 })).toBe("failed");
    expect(fake.sent.failed).toMatchObject({ status: "failed", reason: "output-too-large" });
    expect(fake.uploads).toEqual([]);
    expect(fake.sent.completed).toBe(false);

    const within = fakeClient();
    const allowed = { ...deps, client: within.client };
    expect(await runJob(JOB, allowed, { ...OPTIONS, maxOutputBytes: 1_100 })).toBe("completed");
    expect(within.uploads.sort()).toEqual(["chapters/001.jpg", "video.mp4"]);
  });

  it("a pipeline failure's reason goes to the Worker with its status", async () => {
    const fake = fakeClient();
    const deps = {
      client: fake.client,
      steps: recordingDeps().deps,
      process: async () => ({ status: "failed" as const, message: "2500 pages", reason: "too-many-pages" as const }),
      processorId: "p",
      log: () => {},
    };
    expect(await runJob(JOB, deps, OPTIONS)).toBe("failed");
    expect(fake.sent.failed).toEqual({
      processorId: "p",
      status: "failed",
      error: "2500 pages",
      reason: "too-many-pages",
    });
  });
});
