// The hourly sweep (wrangler.toml's cron trigger): unfinished uploads past their expiry are
// aborted in R2 and closed; live and finished ones are left alone. And the upload benchmark's
// baseline route, which only a development server has.
import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, expect, it } from "vitest";
import worker from "../../worker/index";
import { buildEventWorld, type EventWorld } from "./route-world";
import { MP4_HEAD, startedUpload, TUS_HEADERS } from "./upload-client";

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

it("has no upload benchmark baseline in production, nor when ENVIRONMENT is unset", async () => {
  for (const environment of ["production", undefined]) {
    const request = new Request("http://localhost/api/dev/upload-baseline", {
      method: "PUT",
      headers: { authorization: `Bearer ${world.accounts.speaker.token}` },
      body: MP4_HEAD,
    });
    const response = await worker.fetch(
      request as Parameters<typeof worker.fetch>[0],
      { ...env, ENVIRONMENT: environment },
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
      { ...env, ENVIRONMENT: environment },
      createExecutionContext(),
    );
    expect(refused.status).toBe(413);
  }
});
