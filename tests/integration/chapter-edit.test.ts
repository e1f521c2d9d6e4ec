import { env } from "cloudflare:test";
import { MAX_CHAPTER_TITLE_LENGTH, MAX_CHAPTERS } from "@core/processing/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "./account-client";
import { buildEventWorld, type EventWorld } from "./route-world";
import { type Owner, processedVersion } from "./version-client";

let world: EventWorld;
let owner: Owner;

beforeAll(async () => {
  world = await buildEventWorld("chapter-edit", { allowAnonymousAccess: false });
  owner = { userId: world.accounts.speaker.userId, eventId: world.eventId, presentationId: world.talk };
});

const editPath = (versionId: string) => `/api/presentation/asspeaker/${world.talk}/version/${versionId}/chapter-edit`;
const save = (versionId: string, body: Record<string, unknown>, token = world.accounts.speaker.token, query = "") =>
  call("PATCH", `${editPath(versionId)}-update${query}`, { token, body, locale: "en" });
const details = (versionId: string) =>
  call("GET", `/api/speaker-data/video-details/${world.talk}/video/${versionId}`, {
    token: world.accounts.speaker.token,
  });

/** A processed 90 s version: its one detected chapter's image, as the editor sends it back. */
async function version(status: "success" | "processing" = "success") {
  const made = await processedVersion(owner, { status });
  return { versionId: made.versionId, image: `/api/files/${made.outputKeys[1]}` };
}

const twoChapters = (image: string, revision: number) => ({
  thumbnails: [
    { id: image, time: 0, title: "Intro", description: "Who we are", width: 540 },
    { id: image, time: 30_000, title: "Threats", description: "", width: 1080 },
  ],
  date: "2026-11-25T20:00:00.000Z",
  revision,
});

/**
 * A processed version with two detected chapters, as the processor leaves them (no widths): a
 * frame of the video from 0, then slide page 2 (its render `pages/002.jpg`) from 45 s.
 */
async function versionWithPage() {
  const made = await processedVersion(owner);
  const pageKey = `versions/${made.versionId}/pages/002.jpg`;
  await env.FILES.put(pageKey, new Uint8Array([0xff, 0xd8, 0xff]));
  await env.DB.prepare(
    "insert into version_thumbnails (version_id, image_key, time_ms, title, position) values (?, ?, 45000, 'Threats', 1)",
  )
    .bind(made.versionId, pageKey)
    .run();
  return { versionId: made.versionId, frame: `/api/files/${made.outputKeys[1]}`, page: `/api/files/${pageKey}` };
}

const read = async (versionId: string) =>
  (await call("GET", editPath(versionId), { token: world.accounts.speaker.token })).body.data;

describe("opening the editor", () => {
  it("gives the processor's chapters their widths at the base scale and the page each shows", async () => {
    const { versionId, frame, page } = await versionWithPage();
    expect((await read(versionId)).thumbnails).toEqual([
      { id: frame, time: 0, title: "Introduction", description: null, width: 810, page: null },
      { id: page, time: 45_000, title: "Threats", description: null, width: 810, page: 2 },
    ]);
    expect((await details(versionId)).body.data.thumbnails.map((chapter: { page: number }) => chapter.page)).toEqual([
      null,
      2,
    ]);
  });

  it("lists the processor's storyboard (its sheets as URLs) and waveform beside the chapters, null without them", async () => {
    const { versionId } = await version();
    expect(await read(versionId)).toMatchObject({ storyboard: null, waveform: null });
    const storyboard = {
      intervalMs: 1000,
      tileWidth: 160,
      tileHeight: 90,
      columns: 10,
      rows: 10,
      frames: 90,
      sheets: ["storyboard/001.jpg"],
    };
    await env.FILES.put(`versions/${versionId}/storyboard.json`, JSON.stringify(storyboard));
    await env.FILES.put(`versions/${versionId}/waveform.json`, JSON.stringify({ peaksPerSecond: 10, peaks: [0, 50] }));
    expect(await read(versionId)).toMatchObject({
      storyboard: { ...storyboard, sheets: [`/api/files/versions/${versionId}/storyboard/001.jpg`] },
      waveform: `/api/files/versions/${versionId}/waveform.json`,
    });
  });

  it("opens a version not processed yet with its status (200): the page says it is not ready, a save is refused", async () => {
    const { versionId, image } = await version("processing");
    const answer = await call("GET", editPath(versionId), { token: world.accounts.speaker.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ versionId, status: "processing", revision: 0 });
    expect((await save(versionId, twoChapters(image, 0))).body.error.code).toBe("version-not-ready");
  });
});

describe("saving edited chapters", () => {
  it("replaces the chapters, which the video details and the editor then read, and moves the revision", async () => {
    const { versionId, image } = await version();
    const saved = await save(versionId, twoChapters(image, 0));
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({
      thumbnails: [
        { id: image, time: 0, title: "Intro", description: "Who we are", width: 540, page: null },
        { id: image, time: 30_000, title: "Threats", description: null, width: 1080, page: null },
      ],
      duration: 90,
      revision: 1,
    });
    expect((await details(versionId)).body.data.thumbnails).toEqual([
      { id: image, time: 0, title: "Intro", page: null },
      { id: image, time: 30_000, title: "Threats", page: null },
    ]);
    const editor = await call("GET", editPath(versionId), { token: world.accounts.speaker.token });
    expect(editor.body.data).toMatchObject({ versionId, status: "success", revision: 1, duration: 90 });
    expect(editor.body.data.thumbnails).toEqual(saved.body.data.thumbnails);
  });

  it("keeps the order of many described chapters (written in several statements of one batch)", async () => {
    const { versionId, image } = await version();
    // Longest descriptions in a two-byte script: a body of about 80 KB, over the API's default ceiling.
    const thumbnails = Array.from({ length: 40 }, (_, index) => ({
      id: image,
      time: index * 2000,
      title: `T${index}`,
      description: "é".repeat(1000),
    }));
    const saved = await save(versionId, { thumbnails, revision: 0 });
    expect(saved.status).toBe(200);
    expect(saved.body.data.thumbnails.map((chapter: { title: string }) => chapter.title)).toEqual(
      thumbnails.map((chapter) => chapter.title),
    );
    expect(saved.body.data.thumbnails.at(-1)).toMatchObject({ time: 78_000, width: 216 });
  });

  it("takes back unchanged what the processor may write: its longest titles, as many chapters as it may detect", async () => {
    const { versionId, image } = await version();
    const thumbnails = Array.from({ length: MAX_CHAPTERS }, (_, index) => ({
      id: image,
      time: index * 40,
      title: `${index} `.padEnd(MAX_CHAPTER_TITLE_LENGTH, "x"),
    }));
    const saved = await save(versionId, { thumbnails, revision: 0 });
    expect(saved.status).toBe(200);
    expect(saved.body.data.thumbnails).toHaveLength(MAX_CHAPTERS);
    expect(saved.body.data.thumbnails[7].title).toBe(thumbnails[7]?.title);
  });

  it("a save from an older revision is a 409 carrying the newer chapters, and overwrites nothing", async () => {
    const { versionId, image } = await version();
    expect((await save(versionId, twoChapters(image, 0))).status).toBe(200);
    const stale = await save(versionId, { thumbnails: [{ id: image, time: 0, title: "Mine" }], revision: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("conflict");
    expect(stale.body.data.revision).toBe(1);
    expect(stale.body.data.thumbnails.map((chapter: { title: string }) => chapter.title)).toEqual(["Intro", "Threats"]);
  });

  it("a stale tab saving after another merged a chapter away gets the 409 with the newer chapters, not a refused image", async () => {
    const { versionId, frame, page } = await versionWithPage();
    const merged = await save(versionId, { thumbnails: [{ id: frame, time: 0, title: "All" }], revision: 0 });
    expect(merged.status).toBe(200);
    const stale = await save(versionId, {
      thumbnails: [
        { id: frame, time: 0, title: "Introduction" },
        { id: page, time: 45_000, title: "Threat models" },
      ],
      revision: 0,
    });
    expect([stale.status, stale.body.error.code]).toEqual([409, "conflict"]);
    expect(stale.body.data).toMatchObject({ revision: 1, thumbnails: [{ id: frame, title: "All", page: null }] });
  });

  it("undo after a save: chapters showing an image the save removed are the version's and save again", async () => {
    const { versionId, frame, page } = await versionWithPage();
    const original = [
      { id: frame, time: 0, title: "Introduction" },
      { id: page, time: 45_000, title: "Threats" },
    ];
    expect((await save(versionId, { thumbnails: [original[0]], revision: 0 })).status).toBe(200);
    const undone = await save(versionId, { thumbnails: original, revision: 1 });
    expect(undone.status).toBe(200);
    expect(undone.body.data.thumbnails).toMatchObject([
      { id: frame, page: null, width: 810 },
      { id: page, page: 2, width: 810 },
    ]);
    // An image of the version's folder that the processor never wrote is no image of it.
    const unknown = await save(versionId, {
      thumbnails: [original[0], { ...original[1], id: page.replace("002", "099") }],
      revision: 2,
    });
    expect([unknown.status, unknown.body.error.code, unknown.body.error.detail]).toEqual([
      400,
      "foreign-id",
      "thumbnails.1.id",
    ]);
  });

  it("another version's image is refused whatever the revision, and a stale save with one writes nothing", async () => {
    const mine = await versionWithPage();
    const other = await versionWithPage();
    const borrowed = [
      { id: mine.frame, time: 0, title: "Introduction" },
      { id: other.page, time: 45_000, title: "Borrowed" },
    ];
    const current = await save(mine.versionId, { thumbnails: borrowed, revision: 0 });
    expect([current.status, current.body.error.code, current.body.error.detail]).toEqual([
      400,
      "foreign-id",
      "thumbnails.1.id",
    ]);
    expect((await save(mine.versionId, { thumbnails: [borrowed[0]], revision: 0 })).status).toBe(200);
    const stale = await save(mine.versionId, { thumbnails: borrowed, revision: 0 });
    expect(stale.status).toBe(409);
    expect((await read(mine.versionId)).thumbnails.map((chapter: { id: string }) => chapter.id)).toEqual([mine.frame]);
  });

  it("two saves of the same revision at once: exactly one wins", async () => {
    const { versionId, image } = await version();
    const answers = await Promise.all([save(versionId, twoChapters(image, 0)), save(versionId, twoChapters(image, 0))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const rows = await env.DB.prepare("select count(*) as n from version_thumbnails where version_id = ?")
      .bind(versionId)
      .first<{ n: number }>();
    expect(rows?.n).toBe(2);
  });

  it("refuses a version not processed yet, unordered times, a foreign image, another event's id and other callers", async () => {
    const pending = await version("processing");
    const notReady = await save(pending.versionId, twoChapters(pending.image, 0));
    expect([notReady.status, notReady.body.error.code]).toEqual([409, "version-not-ready"]);

    const { versionId, image } = await version();
    const unordered = twoChapters(image, 0);
    unordered.thumbnails.reverse();
    expect((await save(versionId, unordered)).body.error.code).toBe("validation-failed");
    const pastTheEnd = {
      thumbnails: [
        { id: image, time: 0 },
        { id: image, time: 90_000 },
      ],
      revision: 0,
    };
    expect((await save(versionId, pastTheEnd)).body.error.code).toBe("validation-failed");
    const foreign = twoChapters(image, 0);
    foreign.thumbnails[1] = { ...foreign.thumbnails[1], id: "/api/files/versions/0123abcd/chapters/001.jpg" } as never;
    expect((await save(versionId, foreign)).body.error.code).toBe("foreign-id");
    const malformed = twoChapters(image, 0);
    malformed.thumbnails[1] = { ...malformed.thumbnails[1], id: "https://example.org/x.jpg" } as never;
    expect((await save(versionId, malformed)).body.error).toMatchObject({
      code: "validation-failed",
      issues: [{ path: "body.thumbnails.1.id" }],
    });
    expect((await save(versionId, twoChapters(image, 0), undefined, `?eventId=${world.eventId + 999}`)).status).toBe(
      404,
    );
    expect((await save(versionId, twoChapters(image, 0), world.accounts.moderator.token)).status).toBe(403);
    expect((await save("f".repeat(64), twoChapters(image, 0))).status).toBe(404);
    expect((await save(versionId, twoChapters(image, 0), undefined, `?eventId=${world.eventId}`)).status).toBe(200);
  });
});
