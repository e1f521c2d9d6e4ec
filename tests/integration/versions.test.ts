import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "./account-client";
import { buildEventWorld, type EventWorld } from "./route-world";
import { completeUpload, type Owner, processedVersion } from "./version-client";

let world: EventWorld;
let foreign: EventWorld;
let owner: Owner;

beforeAll(async () => {
  world = await buildEventWorld("versions", { allowAnonymousAccess: false });
  foreign = await buildEventWorld("versions-foreign", {});
  owner = { userId: world.accounts.speaker.userId, eventId: world.eventId, presentationId: world.talk };
});

const speaker = () => world.accounts.speaker.token;
const versionsPath = () => `/api/speaker-data/${world.talk}/versions`;
const versionPath = (versionId: string) => `/api/speaker-data/${world.talk}/version/${versionId}`;
const create = (body: Record<string, unknown>, token = speaker()) =>
  call("PATCH", versionsPath(), { token, body, locale: "en" });
const setOnline = (versionId: string, online: boolean, token = speaker()) =>
  call("PATCH", `${versionPath(versionId)}/online-status`, { token, body: { online }, locale: "en" });
const readTalk = (token = speaker()) => call("GET", `/api/speaker-data/presentation/${world.talk}`, { token });

async function row(sql: string, ...values: unknown[]) {
  return env.DB.prepare(sql)
    .bind(...values)
    .first<Record<string, unknown>>();
}

const publicTalk = async () => {
  const schedule = await call("GET", `/api/public/schedule/${world.slug}`, { token: world.accounts.attendee.token });
  return (schedule.body.data.presentations as { _id: number; publicVideo: boolean; pdfUrl: string | null }[]).find(
    (presentation) => presentation._id === world.talk,
  );
};

describe("creating a version", () => {
  it("takes the speaker's finished uploads, queues a job and answers the versions, newest first", async () => {
    const video = await completeUpload(owner, "video");
    const slides = await completeUpload(owner, "slides");
    const answer = await create({ option: "two", video: { id: video.id }, slides: { id: slides.id } });
    expect(answer.status).toBe(200);
    const [created] = answer.body.data;
    expect(created).toEqual({
      versionId: expect.stringMatching(/^[0-9a-f]{64}$/),
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      online: false,
      status: "pending",
      failureReason: null,
      percent: 0,
      option: "two",
      video: { id: video.id, url: `/api/files/${video.r2Key}` },
      webcam: null,
      pptUrl: null,
      pdfUrl: `/api/files/${slides.r2Key}`,
      fileName: "slides.pdf",
      duration: null,
      pageCount: null,
      thumbnails: [],
      waitingForProcessor: false,
    });
    expect(await row("select status from processing_jobs where version_id = ?", created.versionId)).toEqual({
      status: "queued",
    });
    const taken = await env.DB.prepare("select id from uploads where version_id = ?").bind(created.versionId).all();
    expect(taken.results.map((upload) => upload.id).sort()).toEqual([video.id, slides.id].sort());

    const later = await create({ option: "four", slides: { id: (await completeUpload(owner, "slides")).id } });
    expect(later.body.data[0].option).toBe("four");
    const talk = await readTalk();
    expect(talk.status).toBe(200);
    expect(talk.body.data).toMatchObject({ _id: world.talk, name: "Threat models for everyone" });
    expect(talk.body.data.versions.map((version: { versionId: string }) => version.versionId).slice(0, 2)).toEqual([
      later.body.data[0].versionId,
      created.versionId,
    ]);
  });

  it("mode one takes a webcam, a ppt file becomes pptUrl, and the client's own versionId is kept", async () => {
    const versionId = "ab".repeat(32);
    const ppt = await completeUpload(owner, "slides", { contentType: "application/vnd.ms-powerpoint" });
    const answer = await create({
      option: "first",
      versionId,
      fileName: "My talk",
      video: { id: (await completeUpload(owner, "video")).id },
      webcam: { id: (await completeUpload(owner, "video")).id },
      slides: { id: ppt.id },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]).toMatchObject({
      versionId,
      fileName: "My talk",
      pptUrl: `/api/files/${ppt.r2Key}`,
      pdfUrl: null,
      webcam: { url: expect.stringMatching(/^\/api\/files\/uploads\//) },
    });
    const again = await create({
      option: "four",
      versionId,
      slides: { id: (await completeUpload(owner, "slides")).id },
    });
    expect(again.status).toBe(409);
    // An id of another talk's version is taken as well.
    const elsewhere = await processedVersion({ ...owner, presentationId: world.liveTalk });
    const video = await completeUpload(owner, "video");
    const taken = await create({ option: "two", versionId: elsewhere.versionId, video: { id: video.id } });
    expect([taken.status, taken.body.error.code]).toEqual([409, "conflict"]);
    // A proposed id names the folder of the version's files: a short, guessable one is refused.
    const short = await create({ option: "two", versionId: "ab", video: { id: video.id } });
    expect([short.status, short.body.error.code, short.body.error.issues?.[0]?.path]).toEqual([
      400,
      "validation-failed",
      "body.versionId",
    ]);
  });

  it("each mode needs its files: the videos by the schema, the presentation file in mode four only", async () => {
    const video = await completeUpload(owner, "video");
    const refused = [
      await create({ option: "first", video: { id: video.id } }),
      await create({ option: "two", video: { id: video.id }, webcam: { id: video.id } }),
      await create({ option: "three" }),
      await create({ option: "five", video: { id: video.id } }),
    ];
    for (const answer of refused) expect(answer.body.error.code).toBe("validation-failed");
    const empty = await create({ option: "four" });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toEqual({ code: "empty-ppt-not-allowed", message: expect.stringContaining("Empty Ppt") });
    // Optional in the video modes.
    expect((await create({ option: "three", video: { id: video.id } })).status).toBe(200);
  });

  it("refuses uploads that are not the speaker's finished, free files of the right kind", async () => {
    const other: Owner = { ...owner, userId: world.accounts.otherSpeaker.userId };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ option: "two", video: { id: (await completeUpload(other, "video")).id } }, 400, "foreign-id"],
      [
        {
          option: "two",
          video: { id: (await completeUpload({ ...owner, presentationId: world.liveTalk }, "video")).id },
        },
        400,
        "foreign-id",
      ],
      [{ option: "two", video: { id: "A".repeat(22) } }, 400, "foreign-id"],
      [
        { option: "two", video: { id: (await completeUpload(owner, "video", { status: "uploading" })).id } },
        409,
        "upload-incomplete",
      ],
      [{ option: "two", video: { id: (await completeUpload(owner, "slides")).id } }, 415, "unsupported-file-type"],
    ];
    const same = await completeUpload(owner, "video");
    cases.push([{ option: "first", video: { id: same.id }, webcam: { id: same.id } }, 400, "foreign-id"]);
    const taken = await completeUpload(owner, "video");
    expect((await create({ option: "two", video: { id: taken.id } })).status).toBe(200);
    cases.push([{ option: "two", video: { id: taken.id } }, 409, "upload-in-use"]);
    for (const [body, status, code] of cases) {
      const answer = await create(body);
      expect([answer.status, answer.body.error?.code], JSON.stringify(body)).toEqual([status, code]);
    }
  });

  it("refuses a malformed upload id as validation-failed naming it, before looking it up", async () => {
    const answer = await create({ option: "three", video: { id: "nope" } });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: "validation-failed", issues: [{ path: "body.video.id" }] });
    const webcam = await call("PATCH", "/api/speaker-data/update-version", {
      token: speaker(),
      body: { versionId: "ab", presentationId: world.talk, webcam: { id: "A".repeat(23) } },
    });
    expect(webcam.body.error).toMatchObject({ code: "validation-failed", issues: [{ path: "body.webcam.id" }] });
  });

  it("only the talk's own speaker writes; the event's moderators read", async () => {
    const body = { option: "two", video: { id: (await completeUpload(owner, "video")).id } };
    const { accounts } = world;
    expect((await create(body, accounts.otherSpeaker.token)).status).toBe(403);
    expect((await create(body, accounts.moderator.token)).status).toBe(403);
    expect((await create(body, accounts.attendee.token)).status).toBe(403);
    expect((await create(body, foreign.accounts.speaker.token)).status).toBe(401);
    expect((await call("PATCH", versionsPath(), { body })).status).toBe(401);
    expect((await readTalk(accounts.moderator.token)).status).toBe(200);
    expect((await readTalk(accounts.attendee.token)).status).toBe(403);
    expect((await readTalk(accounts.otherSpeaker.token)).status).toBe(403);
    expect((await call("GET", "/api/speaker-data/presentation/999999", { token: speaker() })).status).toBe(404);
  });
});

describe("online and offline", () => {
  it("only a success goes online, one at a time, and the public schedule shows it with its PDF", async () => {
    const first = await processedVersion(owner);
    const second = await processedVersion(owner);
    const pending = (await create({ option: "two", video: { id: (await completeUpload(owner, "video")).id } })).body
      .data[0].versionId;
    await env.DB.prepare("update versions set pdf_key = ? where id = ?")
      .bind(`versions/${first.versionId}/slides.pdf`, first.versionId)
      .run();
    expect(await publicTalk()).toMatchObject({ publicVideo: false });

    const notReady = await setOnline(pending, true);
    expect([notReady.status, notReady.body.error.code]).toEqual([409, "version-not-ready"]);
    expect(notReady.body.error.message).toContain("You Have To Wait");

    const online = await setOnline(first.versionId, true);
    expect(online.status).toBe(200);
    expect(
      online.body.data.find((version: { versionId: string }) => version.versionId === first.versionId).online,
    ).toBe(true);
    expect(await publicTalk()).toMatchObject({
      publicVideo: true,
      pdfUrl: `/api/files/versions/${first.versionId}/slides.pdf`,
    });

    const another = await setOnline(second.versionId, true);
    expect([another.status, another.body.error.code]).toEqual([409, "another-version-online"]);
    expect(another.body.error.message).toBe("one version is already online please make it offline");
    expect((await setOnline(first.versionId, true)).status).toBe(200);

    expect((await setOnline(first.versionId, false)).status).toBe(200);
    expect(await publicTalk()).toMatchObject({ publicVideo: false });
    expect((await setOnline(second.versionId, true)).status).toBe(200);
    expect((await setOnline(second.versionId, true, world.accounts.moderator.token)).status).toBe(403);
    expect((await setOnline("0".repeat(64), true)).status).toBe(404);
    await setOnline(second.versionId, false);
  });

  it("a version of another talk is not found through this one", async () => {
    const elsewhere = await processedVersion({ ...owner, presentationId: world.liveTalk });
    expect((await setOnline(elsewhere.versionId, true)).status).toBe(404);
    expect((await call("DELETE", versionPath(elsewhere.versionId), { token: speaker() })).status).toBe(404);
  });
});

describe("deleting a version", () => {
  it("removes it with its uploads and every output file, and takes it off the public schedule", async () => {
    const version = await processedVersion(owner, { online: true });
    expect(await publicTalk()).toMatchObject({ publicVideo: true });
    expect(
      (await call("DELETE", versionPath(version.versionId), { token: world.accounts.moderator.token })).status,
    ).toBe(403);
    const answer = await call("DELETE", versionPath(version.versionId), { token: speaker() });
    expect(answer.status).toBe(200);
    expect(answer.body.data.some((entry: { versionId: string }) => entry.versionId === version.versionId)).toBe(false);
    for (const key of [version.uploadKey, ...version.outputKeys]) expect(await env.FILES.head(key)).toBeNull();
    expect(await row("select count(*) as n from uploads where r2_key = ?", version.uploadKey)).toEqual({ n: 0 });
    expect(await row("select count(*) as n from processing_jobs where version_id = ?", version.versionId)).toEqual({
      n: 0,
    });
    expect(await publicTalk()).toMatchObject({ publicVideo: false });
    expect((await call("DELETE", versionPath(version.versionId), { token: speaker() })).status).toBe(404);
  });

  it("never gives a deleted version's id to a new one: proposing it again is refused as an id in use", async () => {
    const versionId = "cd".repeat(32);
    const propose = async () =>
      create({ option: "two", versionId, video: { id: (await completeUpload(owner, "video")).id } });
    expect((await propose()).status).toBe(200);
    expect((await call("DELETE", versionPath(versionId), { token: speaker() })).status).toBe(200);
    const again = await propose();
    expect([again.status, again.body.error.code]).toEqual([409, "conflict"]);
    // A version of another talk gone any other way (with its talk, say) keeps its id too.
    const elsewhere = await processedVersion({ ...owner, presentationId: world.liveTalk });
    await env.DB.prepare("delete from versions where id = ?").bind(elsewhere.versionId).run();
    const video = await completeUpload(owner, "video");
    const taken = await create({ option: "two", versionId: elsewhere.versionId, video: { id: video.id } });
    expect([taken.status, taken.body.error.code]).toEqual([409, "conflict"]);
    expect((await create({ option: "two", versionId: "ef".repeat(32), video: { id: video.id } })).status).toBe(200);
  });
});

describe("adding a webcam to a mode-two version", () => {
  const addWebcam = (versionId: string, uploadId: string, token = speaker()) =>
    call("PATCH", "/api/speaker-data/update-version", {
      token,
      body: { versionId, presentationId: world.talk, webcam: { id: uploadId } },
    });

  it("takes the webcam video and processes the version again, offline until its speaker puts it back", async () => {
    const version = await processedVersion(owner, { online: true });
    const webcam = await completeUpload(owner, "video");
    expect((await addWebcam(version.versionId, webcam.id, world.accounts.moderator.token)).status).toBe(403);
    const answer = await addWebcam(version.versionId, webcam.id);
    expect(answer.status).toBe(200);
    expect(
      answer.body.data.find((entry: { versionId: string }) => entry.versionId === version.versionId),
    ).toMatchObject({
      status: "pending",
      percent: 0,
      online: false,
      webcam: { id: webcam.id, url: `/api/files/${webcam.r2Key}` },
    });
    expect(await row("select status from processing_jobs where version_id = ?", version.versionId)).toEqual({
      status: "queued",
    });
    expect(await publicTalk()).toMatchObject({ publicVideo: false });
    const notReady = await addWebcam(version.versionId, (await completeUpload(owner, "video")).id);
    expect(notReady.body.error.code).toBe("version-not-ready");
  });

  it("refuses a version of another mode", async () => {
    const version = await processedVersion(owner, { option: "three" });
    const answer = await addWebcam(version.versionId, (await completeUpload(owner, "video")).id);
    expect([answer.status, answer.body.error.code]).toEqual([409, "conflict"]);
  });
});

describe("a processed version's pages", () => {
  it("are counted in its answer once the processor counted them", async () => {
    const version = await processedVersion(owner, { option: "three" });
    await env.DB.prepare("update versions set page_count = 12 where id = ?").bind(version.versionId).run();
    const versions = (await readTalk()).body.data.versions as { versionId: string; pageCount: number | null }[];
    expect(versions.find((entry) => entry.versionId === version.versionId)?.pageCount).toBe(12);
  });
});

describe("video details", () => {
  it("answers the chapters and the duration in seconds to the speaker and the moderators", async () => {
    const version = await processedVersion(owner);
    const path = `/api/speaker-data/video-details/${world.talk}/video/${version.versionId}`;
    const answer = await call("GET", path, { token: world.accounts.moderator.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      thumbnails: [{ id: `/api/files/${version.outputKeys[1]}`, time: 0, title: "Introduction", page: null }],
      duration: 90,
    });
    expect((await call("GET", path, { token: world.accounts.attendee.token })).status).toBe(403);
    expect((await call("GET", path.replace(version.versionId, "f".repeat(64)), { token: speaker() })).status).toBe(404);
  });
});
