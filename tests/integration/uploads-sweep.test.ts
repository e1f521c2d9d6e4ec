// The hourly sweep (wrangler.toml's cron trigger): unfinished uploads past their expiry are
// aborted in R2 and closed, finished ones nothing uses deleted a day after they finished; live
// and used ones are left alone. And the upload benchmark's
// baseline route, which only a development server has.
import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, expect, it } from "vitest";
import worker from "../../worker/index";
import { call } from "./account-client";
import { PRODUCTION } from "./production-env";
import { buildEventWorld, type EventWorld, PNG_BYTES } from "./route-world";
import { MP4_HEAD, startedUpload, TUS_HEADERS, uploadMetadata } from "./upload-client";

/** The part size the test Worker announces (vitest.config.ts sets UPLOAD_PART_BYTES). */
const PART = 5 * 1024 * 1024;

let world: EventWorld;
beforeAll(async () => {
  world = await buildEventWorld("uploads-sweep", {});
});

const tus = (method: string, id: string, headers: Record<string, string> = {}, body?: BodyInit) =>
  SELF.fetch(`http://localhost/api/uploads/${id}`, {
    method,
    headers: { authorization: `Bearer ${world.accounts.speaker.token}`, ...TUS_HEADERS, ...headers },
    body,
  });

/** An upload of two parts with its first part stored: what an abandoned upload leaves. */
async function halfUploaded(): Promise<string> {
  const response = await SELF.fetch("http://localhost/api/uploads", {
    method: "POST",
    headers: {
      authorization: `Bearer ${world.accounts.speaker.token}`,
      ...TUS_HEADERS,
      "upload-length": String(PART + 10),
      "upload-metadata": `kind ${btoa("video")},filename ${btoa("talk.mp4")},presentationId ${btoa(String(world.talk))}`,
    },
  });
  const id = response.headers.get("location")?.split("/").pop() as string;
  const part = new Uint8Array(PART);
  part.set(MP4_HEAD);
  const patched = await tus(
    "PATCH",
    id,
    { "content-type": "application/offset+octet-stream", "upload-offset": "0" },
    part,
  );
  expect(patched.status).toBe(204);
  return id;
}

it("frees expired unfinished uploads: parts aborted in R2, the id answers 404; others untouched", async () => {
  const abandoned = await halfUploaded();
  const live = await halfUploaded();
  const finished = await startedUpload(world);
  const done = await tus(
    "PATCH",
    finished,
    { "content-type": "application/offset+octet-stream", "upload-offset": "0" },
    MP4_HEAD,
  );
  expect(done.status).toBe(204);
  await env.DB.prepare("update uploads set expires_at = ? where id in (?, ?)")
    .bind(Date.now() - 1_000, abandoned, finished)
    .run();
  const { r2_key, r2_upload_id } = (await env.DB.prepare("select r2_key, r2_upload_id from uploads where id = ?")
    .bind(abandoned)
    .first<{ r2_key: string; r2_upload_id: string }>()) ?? { r2_key: "", r2_upload_id: "" };

  const context = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "17 * * * *" }), env, context);
  await waitOnExecutionContext(context);

  expect((await tus("HEAD", abandoned)).status).toBe(404);
  // Aborted: R2 takes no more parts for it, and it can never be completed.
  await expect(env.FILES.resumeMultipartUpload(r2_key, r2_upload_id).uploadPart(2, "x")).rejects.toThrow();
  expect((await tus("HEAD", live)).headers.get("upload-offset")).toBe(String(PART));
  expect((await tus("HEAD", finished)).status).toBe(200);
});

/** A finished upload of the talk's speaker, whatever its kind: its id. */
async function finishedUpload(metadata: Record<string, string>, bytes: Uint8Array): Promise<string> {
  const created = await SELF.fetch("http://localhost/api/uploads", {
    method: "POST",
    headers: {
      authorization: `Bearer ${world.accounts.speaker.token}`,
      ...TUS_HEADERS,
      "upload-length": String(bytes.length),
      "upload-metadata": uploadMetadata(metadata),
    },
  });
  expect(created.status).toBe(201);
  const id = created.headers.get("location")?.split("/").pop() as string;
  const patched = await tus(
    "PATCH",
    id,
    { "content-type": "application/offset+octet-stream", "upload-offset": "0" },
    bytes,
  );
  expect(patched.status).toBe(204);
  return id;
}

it("deletes finished uploads nothing uses a day after they finished; a version's, a shown question video and recent ones stay", async () => {
  const talk = String(world.talk);
  const picture = await finishedUpload({ kind: "image", filename: "me.png" }, PNG_BYTES);
  const untaken = await finishedUpload({ kind: "video", filename: "a.mp4", presentationId: talk }, MP4_HEAD);
  const taken = await finishedUpload({ kind: "video", filename: "b.mp4", presentationId: talk }, MP4_HEAD);
  const unshown = await finishedUpload({ kind: "quiz-video", filename: "c.mp4", presentationId: talk }, MP4_HEAD);
  const shown = await finishedUpload({ kind: "quiz-video", filename: "d.mp4", presentationId: talk }, MP4_HEAD);
  const recent = await finishedUpload({ kind: "image", filename: "new.png" }, PNG_BYTES);
  const version = await call("PATCH", `/api/speaker-data/${world.talk}/versions`, {
    token: world.accounts.speaker.token,
    body: { option: "two", video: { id: taken } },
  });
  expect(version.status).toBe(200);
  const keyOf = async (id: string) =>
    (await env.DB.prepare("select r2_key from uploads where id = ?").bind(id).first<{ r2_key: string }>())?.r2_key ??
    "";
  await env.DB.prepare("update quiz_questions set video_key = ? where id = ?")
    .bind(await keyOf(shown), world.questions[0]?.id)
    .run();
  const dayAndHourAgo = Date.now() - 25 * 60 * 60 * 1000;
  await env.DB.prepare("update uploads set completed_at = ? where id in (?, ?, ?, ?, ?)")
    .bind(dayAndHourAgo, picture, untaken, taken, unshown, shown)
    .run();
  const keys = Object.fromEntries(
    await Promise.all(
      Object.entries({ picture, untaken, taken, unshown, shown, recent }).map(
        async ([name, id]) => [name, await keyOf(id)] as const,
      ),
    ),
  );

  const context = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "17 * * * *" }), env, context);
  await waitOnExecutionContext(context);

  const stored = async (name: string) => (await env.FILES.head(keys[name] as string)) !== null;
  expect({
    picture: [(await tus("HEAD", picture)).status, await stored("picture")],
    untaken: [(await tus("HEAD", untaken)).status, await stored("untaken")],
    unshown: [(await tus("HEAD", unshown)).status, await stored("unshown")],
    taken: [(await tus("HEAD", taken)).status, await stored("taken")],
    shown: [(await tus("HEAD", shown)).status, await stored("shown")],
    recent: [(await tus("HEAD", recent)).status, await stored("recent")],
  }).toEqual({
    picture: [404, false],
    untaken: [404, false],
    unshown: [404, false],
    taken: [200, true],
    shown: [200, true],
    recent: [200, true],
  });
});

it("has no upload benchmark baseline in production, nor when ENVIRONMENT is unset", async () => {
  for (const environment of ["production", undefined]) {
    const request = new Request("http://localhost/api/dev/upload-baseline", {
      method: "PUT",
      headers: { authorization: `Bearer ${world.accounts.speaker.token}` },
      body: MP4_HEAD,
    });
    const response = await worker.fetch(
      request as Parameters<typeof worker.fetch>[0],
      { ...env, ...PRODUCTION, ENVIRONMENT: environment },
      createExecutionContext(),
    );
    expect(response.status).toBe(404);
    // Nor its larger body ceiling: anything over the default is refused before any route runs.
    const large = new Request("http://localhost/api/dev/upload-baseline", {
      method: "PUT",
      body: new Uint8Array(65 * 1024),
    });
    const refused = await worker.fetch(
      large as Parameters<typeof worker.fetch>[0],
      { ...env, ...PRODUCTION, ENVIRONMENT: environment },
      createExecutionContext(),
    );
    expect(refused.status).toBe(413);
  }
});
