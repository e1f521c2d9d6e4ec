import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import frab from "../fixtures/frab-small.schedule.json";
import { addMember, call, signUpAndLogIn } from "./account-client";
import { getJson, importOk } from "./admin-client";
import { EVENT_PASSWORD, expectBehindPassword, expectQuizOff, switchQuiz, withPassword } from "./quiz-event-access";
import { quizEvent } from "./self-paced-client";

const MiB = 1024 * 1024;
let talk: number;
let otherTalk: number;
let moderator: string;
let attendee: string;

beforeAll(async () => {
  await importOk("media", frab);
  [talk, otherTalk] = (await getJson("/api/public/schedule/media")).body.data.presentations.map(
    (p: { _id: number }) => p._id,
  );
  await addMember("media", { email: "mm@example.org", name: "Mod", password: "secret-pass", isModerator: true });
  moderator = (
    await call("POST", "/api/event-engagement/media/user-login", {
      body: { email: "mm@example.org", password: "secret-pass" },
    })
  ).body.data.token;
  attendee = (await signUpAndLogIn("media", "ma@example.org")).token;
});

/** A PNG's first bytes: enough for a stored image, the server does not decode it. */
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const bytes = (size: number, fill: number) => new Uint8Array(size).fill(fill);
/** A part that starts as an MP4 file does (an `ftyp` box): files are served with the type their bytes show. */
const mp4Start = (size: number, fill: number) => {
  const part = bytes(size, fill);
  part.set([0, 0, 0, 24, ...new TextEncoder().encode("ftypisom")]);
  return part;
};

const putImage = (options: { token?: string; type?: string; body?: BodyInit } = {}, presentationId = talk) =>
  call("PUT", `/api/quiz/${presentationId}/media/image`, {
    token: options.token,
    type: options.type ?? "image/png",
    rawBody: options.body ?? png,
  });

const startVideo = (body: unknown, presentationId = talk, locale?: "fr" | "en") =>
  call("POST", `/api/quiz/${presentationId}/media/videos`, { token: moderator, body, locale });

const putPart = (
  upload: { key: string; uploadId: string },
  partNumber: number,
  body: Uint8Array,
  presentationId = talk,
) =>
  call(
    "PUT",
    `/api/quiz/${presentationId}/media/videos/parts/${partNumber}?${new URLSearchParams({ key: upload.key, uploadId: upload.uploadId })}`,
    { token: moderator, type: "application/octet-stream", rawBody: body },
  );

describe("question images", () => {
  it("stores an image for the quiz and serves it from its URL", async () => {
    const { status, body } = await putImage({ token: moderator });
    expect(status).toBe(201);
    expect(body.data.image).toMatch(new RegExp(`^/api/files/quiz/${talk}/images/[0-9a-f-]{36}\\.png$`));
    const served = await SELF.fetch(`http://localhost${body.data.image}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);
  });

  it("refuses a file that is not a JPEG, PNG or WebP image", async () => {
    const { status, body } = await putImage({ token: moderator, type: "image/gif" });
    expect(status).toBe(400);
    expect(body.error.code).toBe("validation-failed");
  });

  it("is for the quiz's managers only: an attendee gets 403, no token 401", async () => {
    expect((await putImage({ token: attendee })).status).toBe(403);
    expect((await putImage()).status).toBe(401);
  });
});

describe("question videos", () => {
  it("refuses a video over 50 MB before any byte is sent, with the spec's message", async () => {
    const en = await startVideo({ size: 50_000_001, type: "video/mp4" }, talk, "en");
    expect(en.status).toBe(413);
    expect(en.body.error).toMatchObject({
      code: "video-too-large",
      message: "Please upload a file smaller than 50 MB",
    });
    const fr = await startVideo({ size: 50_000_001, type: "video/mp4" }, talk, "fr");
    expect(fr.body.error.message).toBe("Veuillez téléverser un fichier de moins de 50 Mo");
    expect((await startVideo({ size: 50_000_000, type: "video/mp4" })).status).toBe(201);
  });

  it("accepts video files only", async () => {
    const { status, body } = await startVideo({ size: 1_000, type: "application/pdf" });
    expect(status).toBe(400);
    expect(body.error.detail).toContain("type");
  });

  it("uploads in parts, completes, and serves the video with HTTP ranges", async () => {
    const created = await startVideo({ size: 6 * MiB, type: "video/mp4" });
    expect(created.status).toBe(201);
    const upload = created.body.data as { uploadId: string; key: string; partSize: number };
    expect(upload.partSize).toBe(8_388_608);
    expect(upload.key).toMatch(new RegExp(`^quiz/${talk}/videos/[0-9a-f-]{36}\\.mp4$`));

    const first = await putPart(upload, 1, mp4Start(5 * MiB, 1));
    const second = await putPart(upload, 2, bytes(MiB, 2));
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ partNumber: 1, etag: expect.any(String) });
    const completed = await call("POST", `/api/quiz/${talk}/media/videos/complete`, {
      token: moderator,
      body: { key: upload.key, uploadId: upload.uploadId, parts: [first.body.data, second.body.data] },
    });
    expect(completed.status).toBe(201);
    expect(completed.body.data).toEqual({ video_key: upload.key, url: `/api/files/${upload.key}` });

    const ranged = await SELF.fetch(`http://localhost/api/files/${upload.key}`, {
      headers: { range: `bytes=${5 * MiB - 2}-${5 * MiB + 1}` },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-type")).toBe("video/mp4");
    expect(ranged.headers.get("content-range")).toBe(`bytes ${5 * MiB - 2}-${5 * MiB + 1}/${6 * MiB}`);
    expect([...new Uint8Array(await ranged.arrayBuffer())]).toEqual([1, 1, 2, 2]);
  });

  it("deletes a video that turns out over 50 MB once assembled, whatever size was announced", async () => {
    const upload = (await startVideo({ size: 1_000, type: "video/mp4" })).body.data;
    const parts = [];
    for (let partNumber = 1; partNumber <= 6; partNumber++)
      parts.push((await putPart(upload, partNumber, bytes(8 * MiB, partNumber))).body.data);
    parts.push((await putPart(upload, 7, bytes(2 * MiB, 7))).body.data);
    const completed = await call("POST", `/api/quiz/${talk}/media/videos/complete`, {
      token: moderator,
      locale: "en",
      body: { key: upload.key, uploadId: upload.uploadId, parts },
    });
    expect(completed.status).toBe(413);
    expect(completed.body.error.message).toBe("Please upload a file smaller than 50 MB");
    expect((await SELF.fetch(`http://localhost/api/files/${upload.key}`)).status).toBe(404);
  });

  it("refuses a part over the part size", async () => {
    const upload = (await startVideo({ size: 10 * MiB, type: "video/webm" })).body.data;
    const response = await putPart(upload, 1, bytes(8 * MiB + 1, 0));
    expect(response.status).toBe(413);
  });

  it("refuses a key of another presentation, and a made-up upload", async () => {
    const theirs = (await startVideo({ size: 1_000, type: "video/mp4" }, otherTalk)).body.data;
    const response = await putPart(theirs, 1, bytes(1_000, 3));
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("foreign-id");
    const completed = await call("POST", `/api/quiz/${talk}/media/videos/complete`, {
      token: moderator,
      body: { key: theirs.key, uploadId: theirs.uploadId, parts: [{ partNumber: 1, etag: "x" }] },
    });
    expect(completed.body.error.code).toBe("foreign-id");
    const mine = (await startVideo({ size: 1_000, type: "video/mp4" })).body.data;
    expect((await putPart({ key: mine.key, uploadId: "made-up" }, 1, bytes(1_000, 3))).status).toBe(400);
    expect((await putPart({ key: "../../secrets", uploadId: mine.uploadId }, 1, bytes(1_000, 3))).status).toBe(400);
  });

  it("aborts an upload, after which its parts are refused", async () => {
    const upload = (await startVideo({ size: 1_000, type: "video/mp4" })).body.data;
    const query = new URLSearchParams({ key: upload.key, uploadId: upload.uploadId });
    const aborted = await call("DELETE", `/api/quiz/${talk}/media/videos?${query}`, { token: moderator });
    expect(aborted.status).toBe(200);
    expect((await putPart(upload, 1, bytes(1_000, 4))).status).toBe(400);
  });
});

describe("questions pointing at media", () => {
  const question = (media: Record<string, unknown>) => ({
    question: "Avec média",
    options: [{ option: "A", correct: true }],
    ...media,
  });
  const putQuestions = (questions: unknown[]) =>
    call("PUT", `/api/quiz/${talk}/questions`, { token: moderator, body: { questions } });

  it("saves an image uploaded for the quiz", async () => {
    const image = (await putImage({ token: moderator })).body.data.image;
    const saved = await putQuestions([question({ image, active_media: "image" })]);
    expect(saved.status).toBe(200);
    expect(saved.body.data.questions[0].image).toBe(image);
  });

  it("refuses an outside image, another presentation's video and an unfinished upload, naming the question", async () => {
    const before = (await call("GET", `/api/quiz/${talk}/questions`, { token: moderator })).body.data.questions;
    const outside = await putQuestions([question({}), question({ image: "https://example.org/cat.png" })]);
    expect(outside.status).toBe(400);
    expect(outside.body.error.detail).toContain("questions.1.image");

    const theirs = (await startVideo({ size: 1_000, type: "video/mp4" }, otherTalk)).body.data.key;
    const stolen = await putQuestions([question({ video_key: theirs, active_media: "video" })]);
    expect(stolen.status).toBe(400);
    expect(stolen.body.error.code).toBe("foreign-id");
    expect(stolen.body.error.detail).toContain("questions.0.video_key");
    const theirImage = (await putImage({ token: moderator }, otherTalk)).body.data.image;
    const stolenImage = await putQuestions([question({ image: theirImage, active_media: "image" })]);
    expect(stolenImage.body.error.code).toBe("foreign-id");
    expect(stolenImage.body.error.detail).toContain("questions.0.image");

    const unfinished = (await startVideo({ size: 1_000, type: "video/mp4" })).body.data.key;
    const missing = await putQuestions([question({ video_key: unfinished, active_media: "video" })]);
    expect(missing.status).toBe(400);
    expect(missing.body.error.detail).toContain("questions.0.video_key");
    expect((await call("GET", `/api/quiz/${talk}/questions`, { token: moderator })).body.data.questions).toEqual(
      before,
    );
  });
});

describe("question media of a protected event", () => {
  it("ask the event's password on every upload call, as the forum does", async () => {
    const locked = await quizEvent("media-locked", EVENT_PASSWORD);
    const id = locked.presentationIds[0] as number;
    const token = locked.moderator;
    const media = (path: string, password: string | undefined) =>
      withPassword(`/api/quiz/${id}/media${path}`, password);
    await expectBehindPassword(
      (password) => call("PUT", media("/image", password), { token, type: "image/png", rawBody: png }),
      201,
    );
    const video = { size: 1_000, type: "video/mp4" };
    const started = await expectBehindPassword(
      (password) => call("POST", media("/videos", password), { token, body: video }),
      201,
    );
    const upload = { key: started.body.data.key as string, uploadId: started.body.data.uploadId as string };
    const partPath = (password: string | undefined) =>
      media(`/videos/parts/1?${new URLSearchParams(upload)}`, password);
    const part = await expectBehindPassword(
      (password) =>
        call("PUT", partPath(password), { token, type: "application/octet-stream", rawBody: bytes(1_000, 5) }),
      200,
    );
    const parts = [part.body.data];
    await expectBehindPassword(
      (password) => call("POST", media("/videos/complete", password), { token, body: { ...upload, parts } }),
      201,
    );
    const other = (await call("POST", media("/videos", EVENT_PASSWORD), { token, body: video })).body.data;
    const abortPath = (password: string | undefined) =>
      media(`/videos?${new URLSearchParams({ key: other.key, uploadId: other.uploadId })}`, password);
    await expectBehindPassword((password) => call("DELETE", abortPath(password), { token }), 200);
  });
});

describe("question media of an event with its quiz switched off", () => {
  it("are refused to the moderator and nothing is stored", async () => {
    const slug = "media-off";
    const event = await quizEvent(slug);
    const id = event.presentationIds[0] as number;
    const token = event.moderator;
    const started = (
      await call("POST", `/api/quiz/${id}/media/videos`, { token, body: { size: 1_000, type: "video/mp4" } })
    ).body.data;
    const target = new URLSearchParams({ key: started.key, uploadId: started.uploadId });

    await switchQuiz(slug, false);
    expectQuizOff(await call("PUT", `/api/quiz/${id}/media/image`, { token, type: "image/png", rawBody: png }));
    expectQuizOff(
      await call("POST", `/api/quiz/${id}/media/videos`, { token, body: { size: 1_000, type: "video/mp4" } }),
    );
    expectQuizOff(
      await call("PUT", `/api/quiz/${id}/media/videos/parts/1?${target}`, {
        token,
        type: "application/octet-stream",
        rawBody: bytes(1_000, 6),
      }),
    );
    expect((await env.FILES.list({ prefix: `quiz/${id}/images/` })).objects).toEqual([]);
  });
});
