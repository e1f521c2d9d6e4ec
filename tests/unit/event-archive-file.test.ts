/** The archive file of `npm run export` / `npm run import-archive` (scripts/lib/archive-file.ts). */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, type EventArchive } from "@core/archive/format";
import * as tar from "tar";
import { afterEach, describe, expect, it } from "vitest";
import {
  archiveFolder,
  fileDestination,
  filePath,
  openArchive,
  packArchive,
  writeArchiveEntries,
} from "../../scripts/lib/archive-file";

const archive: EventArchive = {
  format: ARCHIVE_FORMAT,
  version: ARCHIVE_VERSION,
  exportedAt: "2026-11-27T12:00:00.000Z",
  slug: "demo",
  tables: {
    events: [{ id: 1, slug: "demo", name: "Démo\nwith a line break" }],
    forum_posts: [
      { id: 3, body: "first" },
      { id: 4, body: "second" },
    ],
  },
  quizLogs: { "7": [{ seq: 1, at: 1000, type: "quiz_started", data: { questions: [] } }] },
  files: ["versions/abc/video.mp4", "quiz/7/images/a.png"],
};

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function scratch() {
  const folder = await mkdtemp(join(tmpdir(), "archive-test-"));
  folders.push(folder);
  return folder;
}

describe("the archive file", () => {
  it("gives back the archive it was written from, and the files it includes", async () => {
    const out = join(await scratch(), "demo.tar.gz");
    const folder = await archiveFolder();
    const video = await fileDestination(folder, "versions/abc/video.mp4");
    await writeFile(video as string, Uint8Array.from([1, 2, 3]));
    await writeArchiveEntries(folder, archive, [
      { key: "versions/abc/video.mp4", included: true, size: 3, contentType: "video/mp4" },
      { key: "quiz/7/images/a.png", included: false },
    ]);
    await packArchive(folder, out);

    const opened = await openArchive(out);
    try {
      expect(opened.archive).toEqual(archive);
      expect(opened.manifest.tables).toEqual({ events: 1, forum_posts: 2 });
      expect(opened.manifest.quizLogs).toEqual({ "7": 1 });
      expect([...(await opened.readFile("versions/abc/video.mp4"))]).toEqual([1, 2, 3]);
    } finally {
      await opened.close();
    }
  });

  it("keeps one row and one logged event a line", async () => {
    const folder = await archiveFolder();
    folders.push(folder);
    await writeArchiveEntries(folder, archive, []);
    const { readFile } = await import("node:fs/promises");
    const posts = await readFile(join(folder, "tables", "forum_posts.jsonl"), "utf8");
    expect(posts.trimEnd().split("\n")).toEqual(['{"id":3,"body":"first"}', '{"id":4,"body":"second"}']);
  });

  it("refuses an archive of another version, saying which", async () => {
    const folder = await scratch();
    await writeFile(
      join(folder, "manifest.json"),
      JSON.stringify({
        format: ARCHIVE_FORMAT,
        version: 9,
        exportedAt: "",
        slug: "x",
        tables: {},
        quizLogs: {},
        files: [],
      }),
    );
    const out = join(await scratch(), "v9.tar.gz");
    await tar.c({ gzip: true, file: out, cwd: folder }, ["manifest.json"]);
    await expect(openArchive(out)).rejects.toThrow(/version 9/);
  });

  it("refuses a file that is no archive", async () => {
    const out = join(await scratch(), "not.tar.gz");
    await writeFile(out, "hello");
    await expect(openArchive(out)).rejects.toThrow();
  });

  it("places no file outside its folder", () => {
    expect(filePath("versions/abc/video.mp4")).toBe(join("files", "versions", "abc", "video.mp4"));
    expect(filePath("../etc/passwd")).toBeUndefined();
    expect(filePath("/etc/passwd")).toBeUndefined();
    expect(filePath("a//b")).toBeUndefined();
  });
});
