import { env, SELF } from "cloudflare:test";
import { DomainError } from "@core/errors";
import {
  IMAGE_UPLOAD_QUOTA_BYTES,
  MAX_IMAGE_BYTES,
  UPLOAD_CREATION_LIMIT,
  UPLOAD_QUOTA_BYTES,
} from "@core/uploads/limits";
import { beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en/errors.json";
import fr from "../../locales/fr/errors.json";
import { uploadConfig } from "../../worker/uploads/upload-config";
import { call } from "./account-client";
import { buildEventWorld, type EventWorld, logIn, resetAccount } from "./route-world";

/** The part size the test Worker announces (vitest.config.ts sets UPLOAD_PART_BYTES). */
const PART = 5 * 1024 * 1024;

let world: EventWorld;
let other: EventWorld;

beforeAll(async () => {
  world = await buildEventWorld("uploads", {});
  other = await buildEventWorld("uploads-other", {});
});

const speaker = () => world.accounts.speaker.token;
const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
const metadata = (pairs: Record<string, string>) =>
  Object.entries(pairs)
    .map(([key, value]) => `${key} ${base64(value)}`)
    .join(",");

/** A file whose first bytes say what it is, `size` bytes long, each byte telling its position. */
function file(kind: "pdf" | "mp4" | "png" | "pptx", size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let index = 0; index < size; index++) bytes[index] = (index * 7) % 251;
  const head = {
    pdf: [...new TextEncoder().encode("%PDF-1.7\n")],
    mp4: [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d],
    png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    pptx: [0x50, 0x4b, 0x03, 0x04, ...new TextEncoder().encode("....[Content_Types].xml ppt/slides/slide1.xml")],
  }[kind];
  bytes.set(head);
  return bytes;
}

function tus(method: string, path: string, headers: Record<string, string> = {}, body?: BodyInit, token = speaker()) {
  return SELF.fetch(`http://localhost${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "tus-resumable": "1.0.0", "x-locale": "en", ...headers },
    body,
  });
}

async function create(length: number, meta: Record<string, string>, token = speaker()) {
  return tus(
    "POST",
    "/api/uploads",
    { "upload-length": String(length), "upload-metadata": metadata(meta) },
    undefined,
    token,
  );
}

const talkFile = (kind: "video" | "slides", name = "talk.bin") => ({
  kind,
  filename: name,
  presentationId: String(world.talk),
});

const patch = (location: string, offset: number, part: Uint8Array, token = speaker()) =>
  tus(
    "PATCH",
    location,
    { "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
    part,
    token,
  );

async function sendAll(location: string, bytes: Uint8Array) {
  for (let offset = 0; offset < bytes.length; offset += PART) {
    const answer = await patch(location, offset, bytes.slice(offset, offset + PART));
    expect(answer.status).toBe(204);
  }
}

const uploadRow = (location: string) =>
  env.DB.prepare("select * from uploads where id = ?").bind(location.split("/").pop()).first<Record<string, unknown>>();

describe("tus uploads", () => {
  it("announces the protocol, its extensions, the maximum size and the part size", async () => {
    const answer = await SELF.fetch("http://localhost/api/uploads", { method: "OPTIONS" });
    expect(answer.status).toBe(204);
    expect(answer.headers.get("tus-version")).toBe("1.0.0");
    expect(answer.headers.get("tus-extension")).toBe("creation,termination,expiration");
    expect(Number(answer.headers.get("tus-max-size"))).toBe(5 * 1024 ** 3);
    expect(answer.headers.get("upload-part-size")).toBe(String(PART));
    expect(answer.headers.get("tus-resumable")).toBe("1.0.0");
  });

  it("creates, resumes after asking where it stands, and completes into one stored file", async () => {
    const bytes = file("mp4", PART * 2 + 1234);
    const created = await create(bytes.length, talkFile("video", "talk.mp4"));
    expect(created.status).toBe(201);
    const location = created.headers.get("location") as string;
    expect(location).toMatch(/^\/api\/uploads\/[A-Za-z0-9_-]{22}$/);
    expect(created.headers.get("upload-part-size")).toBe(String(PART));
    expect(Date.parse(created.headers.get("upload-expires") as string)).toBeGreaterThan(Date.now());

    expect((await patch(location, 0, bytes.slice(0, PART))).status).toBe(204);
    // The connection dropped here: the client asks where the upload stands, then goes on from there.
    const head = await tus("HEAD", location);
    expect(head.status).toBe(200);
    expect(head.headers.get("upload-offset")).toBe(String(PART));
    expect(head.headers.get("upload-length")).toBe(String(bytes.length));
    expect(head.headers.get("cache-control")).toBe("no-store");
    // A part sent again after a lost answer is refused without harm.
    const again = await patch(location, 0, bytes.slice(0, PART));
    expect(again.status).toBe(409);
    expect((await again.json<{ error: { code: string } }>()).error.code).toBe("upload-offset-mismatch");

    const second = await patch(location, PART, bytes.slice(PART, 2 * PART));
    expect(second.headers.get("upload-offset")).toBe(String(2 * PART));
    const last = await patch(location, 2 * PART, bytes.slice(2 * PART));
    expect(last.status).toBe(204);
    expect(last.headers.get("upload-offset")).toBe(String(bytes.length));

    const row = await uploadRow(location);
    expect(row).toMatchObject({ status: "complete", content_type: "video/mp4", file_name: "talk.mp4" });
    const stored = await env.FILES.get(row?.r2_key as string);
    const digest = async (data: ArrayBuffer | Uint8Array) =>
      [...new Uint8Array(await crypto.subtle.digest("SHA-256", data))].join(",");
    expect(stored?.size).toBe(bytes.length);
    expect(await digest(await (stored as R2ObjectBody).arrayBuffer())).toBe(await digest(bytes));
    const parts = await env.DB.prepare("select count(*) as n from upload_parts where upload_id = ?")
      .bind(row?.id)
      .first<{ n: number }>();
    expect(parts?.n).toBe(0);
  });

  it("checks slides by their bytes: a pptx becomes a presentation, a picture named .pdf is refused", async () => {
    const pptx = file("pptx", 3000);
    const created = await create(pptx.length, talkFile("slides", "deck.pptx"));
    const location = created.headers.get("location") as string;
    await sendAll(location, pptx);
    expect(await uploadRow(location)).toMatchObject({
      status: "complete",
      content_type: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    });

    const png = file("png", 3000);
    const fake = await create(png.length, talkFile("slides", "deck.pdf"));
    const fakeLocation = fake.headers.get("location") as string;
    const refused = await patch(fakeLocation, 0, png);
    expect(refused.status).toBe(415);
    expect((await refused.json<{ error: { code: string } }>()).error.code).toBe("unsupported-file-type");
    // Nothing was stored: the upload still waits for a first part of the right kind.
    expect(await uploadRow(fakeLocation)).toMatchObject({ status: "uploading", offset: 0, content_type: null });
    expect((await tus("DELETE", fakeLocation)).status).toBe(204);
  });

  it("refuses a part of the wrong size, a wrong body type, an old protocol and an oversized file", async () => {
    const bytes = file("pdf", PART + 10);
    const location = (await create(bytes.length, talkFile("slides"))).headers.get("location") as string;
    const short = await patch(location, 0, bytes.slice(0, PART - 1));
    expect(short.status).toBe(400);
    expect((await short.json<{ error: { code: string } }>()).error.code).toBe("upload-chunk-size");
    const wrongType = await tus("PATCH", location, { "upload-offset": "0", "content-type": "application/pdf" }, bytes);
    expect(wrongType.status).toBe(415);
    expect((await wrongType.json<{ error: { code: string } }>()).error.code).toBe("upload-content-type");
    const oldProtocol = await tus("HEAD", location, { "tus-resumable": "0.2.2" });
    expect(oldProtocol.status).toBe(412);
    expect((await uploadRow(location))?.offset).toBe(0);

    const huge = await create(200 * 1024 * 1024 + 1, talkFile("slides"));
    expect(huge.status).toBe(413);
    const noKind = await create(10, { filename: "x.pdf", presentationId: String(world.talk) });
    expect(noKind.status).toBe(400);
    const badMetadata = await tus("POST", "/api/uploads", { "upload-length": "10", "upload-metadata": "kind !!!" });
    expect(badMetadata.status).toBe(400);
  });

  it("belongs to its uploader: another user can neither read, append nor delete it", async () => {
    const bytes = file("mp4", 1000);
    const location = (await create(bytes.length, talkFile("video"))).headers.get("location") as string;
    for (const token of [world.accounts.moderator.token, world.accounts.otherSpeaker.token]) {
      expect((await tus("HEAD", location, {}, undefined, token)).status).toBe(404);
      expect((await patch(location, 0, bytes, token)).status).toBe(404);
      expect((await tus("DELETE", location, {}, undefined, token)).status).toBe(404);
    }
    expect((await tus("HEAD", location, {}, undefined, "not-a-token")).status).toBe(401);
    expect((await uploadRow(location))?.status).toBe("uploading");
  });

  it("refuses a token of another event like none, even the uploader's own: 401 on every call, nothing changes", async () => {
    const speakerAccount = world.accounts.speaker;
    // Jane Doe is a member of both events: her session of the other event is not one of this upload's.
    await resetAccount({ ...speakerAccount, slug: other.slug, roles: {} });
    const elsewhere = await logIn(other.slug, speakerAccount);
    const bytes = file("mp4", 1000);
    const location = (await create(bytes.length, talkFile("video"))).headers.get("location") as string;
    for (const token of [elsewhere, other.accounts.speaker.token, other.accounts.moderator.token]) {
      expect((await tus("HEAD", location, {}, undefined, token)).status).toBe(401);
      expect((await patch(location, 0, bytes, token)).status).toBe(401);
      expect((await tus("DELETE", location, {}, undefined, token)).status).toBe(401);
    }
    expect(await uploadRow(location)).toMatchObject({ status: "uploading", offset: 0 });
    expect((await tus("HEAD", location)).status).toBe(200);
  });

  it("lets only the talk's own speaker upload into it", async () => {
    expect((await create(10, talkFile("video"), world.accounts.otherSpeaker.token)).status).toBe(403);
    expect((await create(10, talkFile("video"), world.accounts.moderator.token)).status).toBe(403);
    expect((await create(10, talkFile("video"), other.accounts.speaker.token)).status).toBe(401);
  });

  it("terminates: an unfinished upload is aborted, a finished one deleted, one a version took is kept", async () => {
    const bytes = file("pdf", PART + 5);
    const unfinished = (await create(bytes.length, talkFile("slides"))).headers.get("location") as string;
    await patch(unfinished, 0, bytes.slice(0, PART));
    expect((await tus("DELETE", unfinished)).status).toBe(204);
    expect((await tus("HEAD", unfinished)).status).toBe(404);

    const finished = (await create(bytes.length, talkFile("slides"))).headers.get("location") as string;
    await sendAll(finished, bytes);
    const key = (await uploadRow(finished))?.r2_key as string;
    expect(await env.FILES.head(key)).not.toBeNull();
    const version = await call("PATCH", `/api/speaker-data/${world.talk}/versions`, {
      token: speaker(),
      body: { option: "four", slides: { id: finished.split("/").pop() } },
    });
    expect(version.status).toBe(200);
    const inUse = await tus("DELETE", finished);
    expect(inUse.status).toBe(409);
    expect(await env.FILES.head(key)).not.toBeNull();

    const cancelled = (await create(bytes.length, talkFile("slides"))).headers.get("location") as string;
    await sendAll(cancelled, bytes);
    const cancelledKey = (await uploadRow(cancelled))?.r2_key as string;
    expect((await tus("DELETE", cancelled)).status).toBe(204);
    expect(await env.FILES.head(cancelledKey)).toBeNull();
  });

  it("expires an unfinished upload: 410, and its parts are freed", async () => {
    const bytes = file("pdf", PART + 5);
    const location = (await create(bytes.length, talkFile("slides"))).headers.get("location") as string;
    await patch(location, 0, bytes.slice(0, PART));
    await env.DB.prepare("update uploads set expires_at = 0 where id = ?").bind(location.split("/").pop()).run();
    const expired = await patch(location, PART, bytes.slice(PART));
    expect(expired.status).toBe(410);
    expect((await expired.json<{ error: { code: string } }>()).error.code).toBe("upload-expired");
    expect((await uploadRow(location))?.status).toBe("terminated");
  });
});

describe("what one user may upload", () => {
  const image = (name: string) => ({ kind: "image", filename: name });

  it("creates at most 30 uploads a minute per user: then 429 with Retry-After, in the caller's language", async () => {
    const attendee = world.accounts.attendee.token;
    for (let index = 0; index < UPLOAD_CREATION_LIMIT.attempts; index++) {
      expect((await create(10, image(`${index}.png`), attendee)).status).toBe(201);
    }
    const refused = await tus(
      "POST",
      "/api/uploads",
      { "upload-length": "10", "upload-metadata": metadata(image("more.png")), "x-locale": "fr" },
      undefined,
      attendee,
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect((await refused.json<{ error: { code: string; message: string } }>()).error).toMatchObject({
      code: "rate-limited",
      message: fr["rate-limited"],
    });
    // Another user is not held back by this one.
    expect((await create(10, image("mine.png"), world.accounts.otherSpeaker.token)).status).toBe(201);
  });

  it("keeps a user's stored bytes within the quota: 413 upload-quota-exceeded, room again once a file is deleted", async () => {
    const moderator = world.accounts.moderator.token;
    const pictures: string[] = [];
    for (let index = 0; index < IMAGE_UPLOAD_QUOTA_BYTES / MAX_IMAGE_BYTES; index++) {
      const created = await create(MAX_IMAGE_BYTES, image(`${index}.png`), moderator);
      expect(created.status).toBe(201);
      pictures.push(created.headers.get("location") as string);
    }
    const over = await create(1, image("one-more.png"), moderator);
    expect(over.status).toBe(413);
    expect((await over.json<{ error: { code: string; message: string } }>()).error).toMatchObject({
      code: "upload-quota-exceeded",
      message: en["upload-quota-exceeded"],
    });
    // A quiz question's video still fits: pictures have their own share of the quota.
    const clip = { kind: "quiz-video", filename: "clip.mp4", presentationId: String(world.talk) };
    const video = await create(10, clip, moderator);
    expect(video.status).toBe(201);
    expect((await tus("DELETE", pictures[0] as string, {}, undefined, moderator)).status).toBe(204);
    expect((await create(1, image("one-more.png"), moderator)).status).toBe(201);

    // Everything together: as if that video took the quota but 20 bytes.
    const videoId = (video.headers.get("location") as string).split("/").pop();
    await env.DB.prepare(
      `update uploads set length = ?1 - 20 - (select sum(length) from uploads
         where owner_user_id = ?2 and status <> 'terminated' and id <> ?3) where id = ?3`,
    )
      .bind(UPLOAD_QUOTA_BYTES, world.accounts.moderator.userId, videoId)
      .run();
    const rows = async () =>
      (
        await env.DB.prepare("select count(*) as count from uploads where owner_user_id = ?")
          .bind(world.accounts.moderator.userId)
          .first<{ count: number }>()
      )?.count;
    const before = await rows();
    const full = await create(30, clip, moderator);
    expect([full.status, (await full.json<{ error: { code: string } }>()).error.code]).toEqual([
      413,
      "upload-quota-exceeded",
    ]);
    expect(await rows()).toBe(before);
  });
});

describe("the deployment's upload limits", () => {
  it("refuse a part size R2 could never finish (under 5 MiB) or over 64 MiB as the operator's mistake", () => {
    const partBytes = (value: string) => uploadConfig({ ...env, UPLOAD_PART_BYTES: value }).partBytes;
    expect(partBytes(String(PART))).toBe(PART);
    expect(partBytes(String(64 * 1024 * 1024))).toBe(64 * 1024 * 1024);
    for (const value of [String(PART - 1), "1", String(64 * 1024 * 1024 + 1), "lots"]) {
      expect(() => partBytes(value), value).toThrow(DomainError);
    }
  });
});
