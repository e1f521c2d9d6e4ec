import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import frab from "../fixtures/frab-small.schedule.json";
import { addMember, type CallResult, call, signUpAndLogIn } from "./account-client";
import { getJson, importOk } from "./admin-client";
import { EVENT_PASSWORD, expectBehindPassword, expectQuizOff, switchQuiz, withPassword } from "./quiz-event-access";
import { buildEventWorld, type EventWorld, PNG_BYTES } from "./route-world";
import { quizEvent } from "./self-paced-client";
import { MP4_HEAD, TUS_HEADERS, uploadMetadata } from "./upload-client";

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

const putImage = (options: { token?: string; type?: string; body?: BodyInit } = {}, presentationId = talk) =>
  call("PUT", `/api/quiz/${presentationId}/media/image`, {
    token: options.token,
    type: options.type ?? "image/png",
    rawBody: options.body ?? png,
  });

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

describe("questions pointing at images", () => {
  const putQuestions = (questions: unknown[]) =>
    call("PUT", `/api/quiz/${talk}/questions`, { token: moderator, body: { questions } });
  const question = (image: string) => ({
    question: "Avec image",
    options: [{ option: "A", correct: true }],
    image,
    active_media: "image",
  });

  it("saves an image uploaded for the quiz and refuses an outside or another presentation's one", async () => {
    const image = (await putImage({ token: moderator })).body.data.image;
    const saved = await putQuestions([question(image)]);
    expect(saved.status).toBe(200);
    expect(saved.body.data.questions[0].image).toBe(image);
    const outside = await putQuestions([question(image), question("https://example.org/cat.png")]);
    expect(outside.status).toBe(400);
    expect(outside.body.error.detail).toContain("questions.1.image");
    const theirImage = (await putImage({ token: moderator }, otherTalk)).body.data.image;
    const stolen = await putQuestions([question(theirImage)]);
    expect(stolen.body.error).toMatchObject({
      code: "foreign-id",
      detail: expect.stringContaining("questions.0.image"),
    });
  });

  it("an image of a protected event asks the event's password; of an event with its quiz off is refused", async () => {
    const locked = await quizEvent("media-locked", EVENT_PASSWORD);
    const id = locked.presentationIds[0] as number;
    await expectBehindPassword(
      (password) =>
        call("PUT", withPassword(`/api/quiz/${id}/media/image`, password), {
          token: locked.moderator,
          type: "image/png",
          rawBody: png,
        }),
      201,
    );
    const off = await quizEvent("media-off");
    await switchQuiz("media-off", false);
    const offId = off.presentationIds[0] as number;
    expectQuizOff(
      await call("PUT", `/api/quiz/${offId}/media/image`, { token: off.moderator, type: "image/png", rawBody: png }),
    );
    expect((await env.FILES.list({ prefix: `quiz/${offId}/images/` })).objects).toEqual([]);
  });
});

describe("question videos (tus uploads of kind quiz-video)", () => {
  let world: EventWorld;
  let foreign: EventWorld;
  beforeAll(async () => {
    world = await buildEventWorld("quiz-videos", {});
    foreign = await buildEventWorld("quiz-videos-other", {});
  });
  const manager = () => world.accounts.moderator.token;

  const create = (
    options: { length?: number; token?: string; presentationId?: number; password?: string; locale?: string } = {},
  ) =>
    SELF.fetch("http://localhost/api/uploads", {
      method: "POST",
      headers: {
        ...TUS_HEADERS,
        authorization: `Bearer ${options.token ?? manager()}`,
        "x-locale": options.locale ?? "en",
        "upload-length": String(options.length ?? MP4_HEAD.length),
        "upload-metadata": uploadMetadata({
          kind: "quiz-video",
          filename: "clip.mp4",
          presentationId: String(options.presentationId ?? world.talk),
          ...(options.password === undefined ? {} : { password: options.password }),
        }),
      },
    });
  const patch = (location: string, bytes: Uint8Array, token = manager()) =>
    SELF.fetch(`http://localhost${location}`, {
      method: "PATCH",
      headers: {
        ...TUS_HEADERS,
        authorization: `Bearer ${token}`,
        "upload-offset": "0",
        "content-type": "application/offset+octet-stream",
      },
      body: bytes,
    });
  const terminate = (location: string, token = manager()) =>
    SELF.fetch(`http://localhost${location}`, {
      method: "DELETE",
      headers: { ...TUS_HEADERS, authorization: `Bearer ${token}` },
    });
  /** A finished question video: its `video_key` and its upload's address. */
  async function uploaded(options: { token?: string; presentationId?: number } = {}) {
    const created = await create(options);
    expect(created.status).toBe(201);
    const location = created.headers.get("location") as string;
    expect((await patch(location, MP4_HEAD, options.token)).status).toBe(204);
    const id = location.split("/").pop() as string;
    return { location, videoKey: `quiz/${options.presentationId ?? world.talk}/videos/${id}` };
  }
  const question = (video_key: string) => ({
    question: "Which clip?",
    options: [{ option: "A", correct: true }],
    video_key,
    active_media: "video",
  });
  const saveVideo = (videoKey: string, presentationId = world.talk) =>
    call("PUT", `/api/quiz/${presentationId}/questions`, {
      token: manager(),
      body: { questions: [question(videoKey)] },
    });

  it("the quiz's moderator and the talk's speaker upload one; it plays from the quiz's folder", async () => {
    for (const token of [manager(), world.accounts.speaker.token]) {
      const { videoKey } = await uploaded({ token });
      const served = await SELF.fetch(`http://localhost/api/files/${videoKey}`, { headers: { range: "bytes=4-7" } });
      expect(served.status).toBe(206);
      expect(served.headers.get("content-type")).toBe("video/mp4");
      expect(new TextDecoder().decode(await served.arrayBuffer())).toBe("ftyp");
    }
  });

  it("an attendee (403) and another event's moderator (401) may not upload one", async () => {
    expect((await create({ token: world.accounts.attendee.token })).status).toBe(403);
    expect((await create({ token: foreign.accounts.moderator.token })).status).toBe(401);
  });

  it("refuses a video over 50 MB at creation, with the spec's message, storing nothing", async () => {
    const count = () => env.DB.prepare("select count(*) as n from uploads").first<{ n: number }>();
    const before = await count();
    const en = await create({ length: 50_000_001 });
    expect(en.status).toBe(413);
    expect((await en.json()) as unknown).toMatchObject({
      error: { code: "video-too-large", message: "Please upload a file smaller than 50 MB" },
    });
    const fr = await create({ length: 50_000_001, locale: "fr" });
    expect(((await fr.json()) as { error: { message: string } }).error.message).toBe(
      "Veuillez téléverser un fichier de moins de 50 Mo",
    );
    expect(await count()).toEqual(before);
    expect((await create({ length: 50_000_000 })).status).toBe(201);
  });

  it("refuses a file whose first bytes are not a video", async () => {
    const created = await create({ length: PNG_BYTES.length });
    const refused = await patch(created.headers.get("location") as string, PNG_BYTES);
    expect(refused.status).toBe(415);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("unsupported-file-type");
  });

  it("a question takes a finished upload of its own talk only, naming the question otherwise", async () => {
    const mine = await uploaded({ token: world.accounts.speaker.token });
    const saved = await saveVideo(mine.videoKey);
    expect(saved.status).toBe(200);
    expect(saved.body.data.questions[0].video_key).toBe(mine.videoKey);

    const theirs = await uploaded({ presentationId: world.liveTalk });
    const stolen = await saveVideo(theirs.videoKey);
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toMatchObject({
      code: "foreign-id",
      detail: expect.stringContaining("questions.0.video_key"),
    });
    // The same upload id under this talk's folder is still not this talk's upload.
    const renamed = await saveVideo(`quiz/${world.talk}/videos/${theirs.location.split("/").pop()}`);
    expect(renamed.body.error.code).toBe("validation-failed");

    const unfinished = (await create({ length: 2 * MP4_HEAD.length })).headers.get("location") as string;
    const incomplete = await saveVideo(`quiz/${world.talk}/videos/${unfinished.split("/").pop()}`);
    expect(incomplete.body.error.code).toBe("upload-incomplete");
    expect((await saveVideo(`quiz/${world.talk}/videos/AAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(400);
    expect((await saveVideo("uploads/AAAAAAAAAAAAAAAAAAAAAA")).status).toBe(400);
  });

  it("its uploader cannot delete a video a question shows (409 upload-in-use) until no question does", async () => {
    const { location, videoKey } = await uploaded();
    expect((await saveVideo(videoKey)).status).toBe(200);
    const refused = await terminate(location);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("upload-in-use");
    expect((await SELF.fetch(`http://localhost/api/files/${videoKey}`)).status).toBe(200);

    const dropped = await call("PUT", `/api/quiz/${world.talk}/questions`, {
      token: manager(),
      body: { questions: [{ question: "No clip", options: [{ option: "A", correct: true }] }] },
    });
    expect(dropped.status).toBe(200);
    expect((await terminate(location)).status).toBe(204);
    expect((await SELF.fetch(`http://localhost/api/files/${videoKey}`)).status).toBe(404);
  });

  it("a moderator may take down a speaker's video no question shows; an attendee may not, nor a token of another event", async () => {
    const { location, videoKey } = await uploaded({ token: world.accounts.speaker.token });
    expect((await terminate(location, world.accounts.attendee.token)).status).toBe(404);
    // A session of another event is refused like none, whatever its roles there.
    expect((await terminate(location, attendee)).status).toBe(401);
    expect((await terminate(location, foreign.accounts.moderator.token)).status).toBe(401);
    expect((await SELF.fetch(`http://localhost/api/files/${videoKey}`)).status).toBe(200);
    expect((await terminate(location, manager())).status).toBe(204);
    expect((await SELF.fetch(`http://localhost/api/files/${videoKey}`)).status).toBe(404);
  });

  it("of a protected event asks the event's password (Upload-Metadata password)", async () => {
    const locked = await quizEvent("media-locked-tus", EVENT_PASSWORD);
    const id = locked.presentationIds[0] as number;
    const attempt = async (password: string | undefined) => {
      const response = await create({ token: locked.moderator, presentationId: id, password });
      return { status: response.status, body: await response.json().catch(() => null) } as CallResult;
    };
    await expectBehindPassword(attempt, 201);
  });

  it("is refused when the event's quiz is switched off", async () => {
    const event = await quizEvent("media-off-tus");
    await switchQuiz("media-off-tus", false);
    const response = await create({ token: event.moderator, presentationId: event.presentationIds[0] as number });
    expectQuizOff({ status: response.status, body: await response.json() } as CallResult);
  });
});
