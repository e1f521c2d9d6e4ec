import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { MAX_PROCESSING_JSON_BYTES } from "@core/processing/protocol";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import frab from "../fixtures/frab-small.schedule.json";
import { importOk } from "./admin-client";
import { expireLease, jobRow, processing, queueVersion, versionRow } from "./processing-client";

const SLUG = "processing";
const bytes = (text: string) => new TextEncoder().encode(text);
const MiB = 1024 * 1024;

let presentationId: number;

beforeAll(async () => {
  await importOk(SLUG, frab);
  const row = await env.DB.prepare(
    "select p.id from presentations p join events e on e.id = p.event_id where e.slug = ? limit 1",
  )
    .bind(SLUG)
    .first<{ id: number }>();
  presentationId = row?.id as number;
});

// Leasing takes the oldest job of all: each test starts with none left over from another.
beforeEach(async () => {
  await env.DB.prepare("update processing_jobs set status = 'done' where status in ('queued', 'leased')").run();
});

/** The query of a file call on a job leased by processor "p". */
const AS_P = "?processorId=p";

const lease = (processorId: string, extra: Record<string, unknown> = {}) =>
  processing("POST", "/lease", { body: { processorId, ...extra } });
const progress = (jobId: number, processorId: string, percent: number) =>
  processing("POST", `/jobs/${jobId}/progress`, { body: { processorId, percent, stage: "chapters" } });

describe("leases", () => {
  it("processors asking at once never get the same job, and no job is left when all are taken", async () => {
    const queued = [await queueVersion(presentationId), await queueVersion(presentationId)];
    const answers = await Promise.all(["a", "b", "c", "d"].map((name) => lease(`processor-${name}`)));
    const taken = answers.filter((answer) => answer.status === 200).map((answer) => answer.body.data.jobId);
    expect(taken.sort()).toEqual(queued.map((job) => job.jobId).sort());
    expect(answers.filter((answer) => answer.status === 204)).toHaveLength(2);
  });

  it("answers the job's inputs, attempt and lease, and the version is processing", async () => {
    const queued = await queueVersion(presentationId, {
      option: "first",
      video: bytes("video"),
      webcam: bytes("webcam"),
      slides: { bytes: bytes("%PDF-1.4"), pdf: true },
    });
    const before = Date.now();
    const answer = await lease("processor-a", { leaseSeconds: 30 });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      jobId: queued.jobId,
      versionId: queued.versionId,
      presentationId,
      option: "first",
      attempt: 1,
      leaseExpiresAt: expect.any(Number),
      inputs: {
        video: { url: `/api/processing/jobs/${queued.jobId}/inputs/video?processorId=processor-a` },
        webcam: { url: `/api/processing/jobs/${queued.jobId}/inputs/webcam?processorId=processor-a` },
        slides: { url: `/api/processing/jobs/${queued.jobId}/inputs/slides?processorId=processor-a`, type: "pdf" },
      },
    });
    expect(answer.body.data.leaseExpiresAt).toBeGreaterThanOrEqual(before + 30_000);
    expect((await versionRow(queued.versionId))?.status).toBe("processing");
  });

  it("an expired lease is taken over; the first processor's reports are then refused", async () => {
    const queued = await queueVersion(presentationId);
    expect((await lease("crashed")).body.data.jobId).toBe(queued.jobId);
    expect((await lease("other")).status).toBe(204);
    await expireLease(queued.jobId);
    const takeover = await lease("other");
    expect(takeover.body.data).toMatchObject({ jobId: queued.jobId, attempt: 2 });
    expect((await progress(queued.jobId, "crashed", 50)).body.error.code).toBe("lease-lost");
    expect((await progress(queued.jobId, "other", 50)).status).toBe(204);
  });

  it("a job whose lease ran out three times fails its version", async () => {
    const queued = await queueVersion(presentationId);
    for (const attempt of [1, 2, 3]) {
      expect((await lease(`crash-${attempt}`)).body.data.attempt).toBe(attempt);
      await expireLease(queued.jobId);
    }
    expect((await lease("next")).status).toBe(204);
    expect(await versionRow(queued.versionId)).toMatchObject({ status: "failed", error: expect.stringContaining("3") });
    expect(await jobRow(queued.jobId)).toMatchObject({ status: "failed", attempts: 3 });
  });
});

describe("progress", () => {
  it("the percent stored never goes back, across a takeover too", async () => {
    const queued = await queueVersion(presentationId);
    await lease("first");
    const percents: unknown[] = [];
    const seen = async () => percents.push((await versionRow(queued.versionId))?.percent);
    await progress(queued.jobId, "first", 40);
    await seen();
    await progress(queued.jobId, "first", 20);
    await seen();
    await expireLease(queued.jobId);
    await lease("second");
    await progress(queued.jobId, "second", 10);
    await seen();
    await progress(queued.jobId, "second", 60);
    await seen();
    expect(percents).toEqual([40, 40, 40, 60]);
    expect((await versionRow(queued.versionId))?.status).toBe("processing");
  });

  it("refuses a percent out of range, an unknown job, and a processor that never held it", async () => {
    const queued = await queueVersion(presentationId, undefined, "holder");
    expect((await progress(queued.jobId, "holder", 101)).status).toBe(400);
    expect((await progress(queued.jobId + 1000, "holder", 10)).status).toBe(404);
    expect((await progress(queued.jobId, "stranger", 10)).status).toBe(409);
  });
});

describe("inputs and outputs", () => {
  it("streams an input whole or by range; a file the version lacks is 404", async () => {
    const queued = await queueVersion(presentationId, { video: bytes("0123456789") }, "p");
    const whole = await SELF.fetch(`http://localhost/api/processing/jobs/${queued.jobId}/inputs/video${AS_P}`, {
      headers: { authorization: "Bearer test-processor-token" },
    });
    expect([whole.status, await whole.text()]).toEqual([200, "0123456789"]);
    const part = await SELF.fetch(`http://localhost/api/processing/jobs/${queued.jobId}/inputs/video${AS_P}`, {
      headers: { authorization: "Bearer test-processor-token", range: "bytes=2-4" },
    });
    expect([part.status, part.headers.get("content-range"), await part.text()]).toEqual([206, "bytes 2-4/10", "234"]);
    expect((await processing("GET", `/jobs/${queued.jobId}/inputs/webcam${AS_P}`)).status).toBe(404);
    expect((await processing("GET", `/jobs/${queued.jobId}/inputs/other${AS_P}`)).status).toBe(400);
  });

  it("complete writes the version, its playable copy, PDF and chapter thumbnails at once", async () => {
    const queued = await queueVersion(
      presentationId,
      { video: bytes("video"), slides: { bytes: bytes("pptx"), pdf: false } },
      "p",
    );
    const job = `/jobs/${queued.jobId}`;
    for (const name of ["pages/001.jpg", "pages/002.jpg", "slides.pdf"]) {
      expect((await processing("PUT", `${job}/outputs/${name}${AS_P}`, { raw: bytes(name) })).status).toBe(204);
    }
    // The playable copy as a multipart upload: a first part of R2's minimum size, then the rest.
    const started = await processing("POST", `${job}/outputs/video.mp4/multipart${AS_P}`);
    expect(started.status).toBe(201);
    const upload = `${job}/outputs/video.mp4/multipart/${encodeURIComponent(started.body.uploadId)}`;
    const parts = [];
    for (const [partNumber, size] of [
      [1, 5 * MiB],
      [2, 10],
    ] as const) {
      const stored = await processing("PUT", `${upload}/${partNumber}${AS_P}`, { raw: new Uint8Array(size) });
      expect(stored.status).toBe(200);
      parts.push({ partNumber, etag: stored.body.etag });
    }
    expect((await processing("POST", `${upload}/complete${AS_P}`, { body: { parts } })).status).toBe(204);

    const completion = {
      processorId: "p",
      durationMs: 20_500,
      pageCount: 2,
      pdf: "slides.pdf",
      video: "video.mp4",
      webcam: null,
      chapters: [
        { timeMs: 0, page: 1, title: "Intro", thumbnail: "pages/001.jpg" },
        { timeMs: 10_000, page: 2, title: "Agents", thumbnail: "pages/002.jpg" },
      ],
    };
    const missing = { ...completion, chapters: [{ ...completion.chapters[0], thumbnail: "chapters/001.jpg" }] };
    expect((await processing("POST", `${job}/complete`, { body: missing })).body.error.code).toBe("validation-failed");
    // A chapter's page is the one its picture shows: page 13 with the render of page 2 is refused.
    const wrongPage = { ...completion, chapters: [completion.chapters[0], { ...completion.chapters[1], page: 13 }] };
    const refused = (await processing("POST", `${job}/complete`, { body: wrongPage })).body.error;
    expect([refused.code, refused.detail.split(":")[0]]).toEqual(["validation-failed", "chapters.1.page"]);
    const foreign = { ...completion, webcam: "webcam.mp4" };
    expect((await processing("POST", `${job}/complete`, { body: foreign })).body.error.code).toBe("foreign-id");

    expect((await processing("POST", `${job}/complete`, { body: completion })).status).toBe(204);
    const prefix = `versions/${queued.versionId}/`;
    expect(await versionRow(queued.versionId)).toEqual({
      status: "success",
      percent: 100,
      error: null,
      failureReason: null,
      durationMs: 20_500,
      pageCount: 2,
      pdfKey: `${prefix}slides.pdf`,
      playableVideoKey: `${prefix}video.mp4`,
      playableWebcamKey: null,
    });
    const thumbnails = await env.DB.prepare(
      "select image_key as imageKey, time_ms as timeMs, title, position from version_thumbnails where version_id = ? order by position",
    )
      .bind(queued.versionId)
      .all();
    expect(thumbnails.results).toEqual([
      { imageKey: `${prefix}pages/001.jpg`, timeMs: 0, title: "Intro", position: 0 },
      { imageKey: `${prefix}pages/002.jpg`, timeMs: 10_000, title: "Agents", position: 1 },
    ]);
    expect((await env.FILES.head(`${prefix}video.mp4`))?.size).toBe(5 * MiB + 10);
    // The same processor's repeated call (its answer lost) succeeds; another's is refused.
    expect((await processing("POST", `${job}/complete`, { body: completion })).status).toBe(204);
    expect((await processing("POST", `${job}/complete`, { body: { ...completion, processorId: "x" } })).status).toBe(
      409,
    );
    expect((await processing("PUT", `${job}/outputs/pages/003.jpg${AS_P}`, { raw: bytes("late") })).status).toBe(409);
  });

  it("a PDF already uploaded and a video already playable stay the version's files", async () => {
    const queued = await queueVersion(
      presentationId,
      { video: bytes("v"), slides: { bytes: bytes("%PDF"), pdf: true } },
      "p",
    );
    const completion = {
      processorId: "p",
      durationMs: 1000,
      pageCount: 1,
      pdf: null,
      video: null,
      webcam: null,
      chapters: [],
    };
    expect((await processing("POST", `/jobs/${queued.jobId}/complete`, { body: completion })).status).toBe(204);
    expect(await versionRow(queued.versionId)).toMatchObject({
      pdfKey: `uploads/test/${queued.versionId}/slides`,
      playableVideoKey: `uploads/test/${queued.versionId}/video`,
    });
  });

  it("a version processed again after its speaker edited its chapters keeps the speaker's chapters", async () => {
    const queued = await queueVersion(presentationId, { video: bytes("v") }, "p");
    const complete = (jobId: number, title: string) =>
      processing("POST", `/jobs/${jobId}/complete`, {
        body: {
          processorId: "p",
          durationMs: 60_000,
          pageCount: null,
          pdf: null,
          video: null,
          webcam: null,
          chapters: [{ timeMs: 0, page: null, title, thumbnail: "chapters/001.jpg" }],
        },
      });
    expect(
      (await processing("PUT", `/jobs/${queued.jobId}/outputs/chapters/001.jpg${AS_P}`, { raw: bytes("j") })).status,
    ).toBe(204);
    expect((await complete(queued.jobId, "Detected")).status).toBe(204);
    const titles = async () =>
      (
        await env.DB.prepare("select title from version_thumbnails where version_id = ? order by position")
          .bind(queued.versionId)
          .all<{ title: string }>()
      ).results.map((row) => row.title);
    expect(await titles()).toEqual(["Detected"]);
    // The speaker's save (as the chapter editor's route writes it), then a webcam video: processed again.
    await env.DB.batch([
      env.DB.prepare("update version_thumbnails set title = 'Mine' where version_id = ?").bind(queued.versionId),
      env.DB.prepare("update versions set chapters_revision = 1, status = 'pending' where id = ?").bind(
        queued.versionId,
      ),
    ]);
    const again = await env.DB.prepare(
      `insert into processing_jobs (version_id, status, lease_owner, lease_expires_at, attempts, updated_at)
       values (?, 'leased', 'p', ?, 1, ?) returning id`,
    )
      .bind(queued.versionId, Date.now() + 60_000, Date.now())
      .first<{ id: number }>();
    expect((await complete(again?.id as number, "Detected again")).status).toBe(204);
    expect(await titles()).toEqual(["Mine"]);
    expect(await versionRow(queued.versionId)).toMatchObject({ status: "success" });
  });

  it("every call on a job needs its current lease: another processor reads no input and writes no output", async () => {
    const queued = await queueVersion(presentationId, { video: bytes("0123456789") }, "p");
    const job = `/jobs/${queued.jobId}`;
    const started = await processing("POST", `${job}/outputs/video.mp4/multipart${AS_P}`);
    const upload = `${job}/outputs/video.mp4/multipart/${encodeURIComponent(started.body.uploadId)}`;
    const part = await processing("PUT", `${upload}/1${AS_P}`, { raw: bytes("the first part") });
    const parts = { parts: [{ partNumber: 1, etag: part.body.etag }] };
    for (const query of ["?processorId=q", ""]) {
      const answers = [
        await processing("GET", `${job}/inputs/video${query}`),
        await processing("PUT", `${job}/outputs/chapters/001.jpg${query}`, { raw: bytes("jpg") }),
        await processing("POST", `${job}/outputs/video.mp4/multipart${query}`),
        await processing("PUT", `${upload}/2${query}`, { raw: bytes("the last part") }),
        await processing("POST", `${upload}/complete${query}`, { body: parts }),
      ];
      // Another processor's lease is lost; a call naming none is malformed.
      const expected = query ? [409, "lease-lost"] : [400, "validation-failed"];
      expect(answers.map((answer) => [answer.status, answer.body?.error?.code])).toEqual(Array(5).fill(expected));
    }
    expect(await env.FILES.head(`versions/${queued.versionId}/chapters/001.jpg`)).toBeNull();
    expect(await env.FILES.head(`versions/${queued.versionId}/video.mp4`)).toBeNull();
    // The holder's own calls still go through.
    expect((await processing("POST", `${upload}/complete${AS_P}`, { body: parts })).status).toBe(204);
  });

  it("a completion's chapters follow the chapter editor's rule: from 0, in time order, before the end, plain titles", async () => {
    const queued = await queueVersion(presentationId, { video: bytes("v") }, "p");
    const job = `/jobs/${queued.jobId}`;
    for (const name of ["chapters/001.jpg", "chapters/002.jpg"]) {
      expect((await processing("PUT", `${job}/outputs/${name}${AS_P}`, { raw: bytes(name) })).status).toBe(204);
    }
    const chapter = (timeMs: number, title: string, thumbnail: string) => ({ timeMs, page: null, title, thumbnail });
    const completion = (chapters: ReturnType<typeof chapter>[]) => ({
      body: { processorId: "p", durationMs: 60_000, pageCount: null, pdf: null, video: null, webcam: null, chapters },
    });
    for (const [chapters, field] of [
      [[chapter(0, "A", "chapters/001.jpg"), chapter(0, "B", "chapters/002.jpg")], "chapters.1.timeMs"],
      [[chapter(30_000, "A", "chapters/001.jpg"), chapter(10_000, "B", "chapters/002.jpg")], "chapters.0.timeMs"],
      [[chapter(0, "A", "chapters/001.jpg"), chapter(60_000, "B", "chapters/002.jpg")], "chapters.1.timeMs"],
    ] as const) {
      const refused = await processing("POST", `${job}/complete`, completion([...chapters]));
      expect([refused.status, refused.body.error.code, refused.body.error.detail.split(":")[0]]).toEqual([
        400,
        "validation-failed",
        field,
      ]);
    }
    expect(await versionRow(queued.versionId)).toMatchObject({ status: "pending" });
    const plain = completion([
      chapter(0, " Intro\u0000\u202e", "chapters/001.jpg"),
      chapter(30_000, "Demo", "chapters/002.jpg"),
    ]);
    expect((await processing("POST", `${job}/complete`, plain)).status).toBe(204);
    const titles = await env.DB.prepare("select title from version_thumbnails where version_id = ? order by position")
      .bind(queued.versionId)
      .all<{ title: string }>();
    expect(titles.results.map((row) => row.title)).toEqual(["Intro", "Demo"]);
  });

  it("refuses unknown output names, empty bodies and unknown multipart uploads", async () => {
    const queued = await queueVersion(presentationId, undefined, "p");
    const job = `/jobs/${queued.jobId}`;
    expect((await processing("PUT", `${job}/outputs/other.exe${AS_P}`, { raw: bytes("x") })).status).toBe(404);
    expect((await processing("PUT", `${job}/outputs/../../etc.jpg${AS_P}`, { raw: bytes("x") })).status).toBe(404);
    expect((await processing("PUT", `${job}/outputs/pages/001.jpg${AS_P}`)).status).toBe(400);
    const parts = { parts: [{ partNumber: 1, etag: "nope" }] };
    expect(
      (await processing("POST", `${job}/outputs/video.mp4/multipart/unknown/complete${AS_P}`, { body: parts })).status,
    ).toBe(400);
  });
});

describe("fail", () => {
  it("ends the version as the processor says and keeps the error for operators", async () => {
    const queued = await queueVersion(presentationId, { slides: { bytes: bytes("ppt"), pdf: false } }, "p");
    const failure = { processorId: "p", status: "convert-failed", error: "soffice exited 0 without a PDF" };
    expect(
      (await processing("POST", `/jobs/${queued.jobId}/fail`, { body: { ...failure, processorId: "q" } })).status,
    ).toBe(409);
    expect((await processing("POST", `/jobs/${queued.jobId}/fail`, { body: failure })).status).toBe(204);
    expect(await versionRow(queued.versionId)).toMatchObject({ status: "convert-failed", error: failure.error });
    expect(await jobRow(queued.jobId)).toMatchObject({ status: "failed", error: failure.error });
    expect((await progress(queued.jobId, "p", 90)).status).toBe(409);
    expect(
      (await processing("POST", `/jobs/${queued.jobId}/fail`, { body: { ...failure, status: "done" } })).status,
    ).toBe(400);
  });

  it("keeps a reason the speaker can act on, refuses an unknown one, and never leases the job again", async () => {
    const queued = await queueVersion(presentationId, undefined, "p");
    const failure = { processorId: "p", status: "failed", error: "the PDF has 2500 pages, more than 1000" };
    const unknown = { ...failure, reason: "too-many-slides" };
    expect((await processing("POST", `/jobs/${queued.jobId}/fail`, { body: unknown })).status).toBe(400);
    const body = { ...failure, reason: "too-many-pages" };
    expect((await processing("POST", `/jobs/${queued.jobId}/fail`, { body })).status).toBe(204);
    expect(await versionRow(queued.versionId)).toMatchObject({ status: "failed", failureReason: "too-many-pages" });
    expect((await lease("p")).status).toBe(204);
  });
});

describe("the processor token", () => {
  const routes: [string, string][] = [
    ["POST", "/lease"],
    ["POST", "/jobs/1/progress"],
    ["GET", "/jobs/1/inputs/video"],
    ["PUT", "/jobs/1/outputs/video.mp4"],
    ["POST", "/jobs/1/outputs/video.mp4/multipart"],
    ["PUT", "/jobs/1/outputs/video.mp4/multipart/u/1"],
    ["POST", "/jobs/1/outputs/video.mp4/multipart/u/complete"],
    ["POST", "/jobs/1/complete"],
    ["POST", "/jobs/1/fail"],
  ];

  it("every route refuses no token and a wrong one with 401", async () => {
    for (const [method, path] of routes) {
      for (const token of [null, "test-processor-tokem", "test-admin-token"]) {
        const answer = await processing(method, path, { token, raw: method === "GET" ? undefined : bytes("{}") });
        expect([method, path, token, answer.status, answer.body.error.code]).toEqual([
          method,
          path,
          token,
          401,
          "unauthorized",
        ]);
      }
    }
  });

  it("a deployment without PROCESSOR_TOKEN answers 503 on every processing route", async () => {
    const context = createExecutionContext();
    const response = await app.fetch(
      new Request("http://localhost/api/processing/lease", {
        method: "POST",
        headers: { authorization: "Bearer ", "content-type": "application/json" },
        body: JSON.stringify({ processorId: "p" }),
      }),
      { ...env, PROCESSOR_TOKEN: undefined },
      context,
    );
    await waitOnExecutionContext(context);
    expect(response.status).toBe(503);
  });
});

describe("body limits", () => {
  it("an output over 64 MiB is refused with 413 before it is stored", async () => {
    const queued = await queueVersion(presentationId, undefined, "p");
    const chunk = new Uint8Array(MiB);
    let sent = 0;
    const body = new ReadableStream({
      pull(controller) {
        if (sent++ < 65) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const answer = await processing("PUT", `/jobs/${queued.jobId}/outputs/video.mp4${AS_P}`, { raw: body });
    expect([answer.status, answer.body.error.code]).toEqual([413, "payload-too-large"]);
    expect(await env.FILES.head(`versions/${queued.versionId}/video.mp4`)).toBeNull();
  });

  it("a completion over its limit (4 MiB) is refused with 413", async () => {
    const answer = await processing("POST", "/jobs/1/complete", {
      raw: `{"x":"${"y".repeat(MAX_PROCESSING_JSON_BYTES)}"}`,
    });
    expect(answer.status).toBe(413);
  });
});
