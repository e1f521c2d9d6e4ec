import { describe, expect, it } from "vitest";
import {
  chapterStarts,
  DEFAULT_CHAPTER_OPTIONS,
  findChapters,
  sceneDetectionArguments,
  showinfoTimes,
} from "../../processor/steps/chapters";
import { nearestPage, SIGNATURE_BYTES, signatureDistance } from "../../processor/steps/match-pages";
import type { PdfPage } from "../../processor/steps/pdf-pages";
import { isNonDecreasing, progressRecorder, recordingDeps } from "./processor-recorder";

// Recorded from ffmpeg 5.1 on a 20 s video whose slide changes at 6 s and 13 s.
const showinfoLines = [
  "[Parsed_showinfo_4 @ 0x55e847779140] config in time_base: 1/4, frame_rate: 4/1",
  "[Parsed_showinfo_4 @ 0x55e847779140] n:   0 pts:     24 pts_time:6       pos:    96863 fmt:yuv420p sar:1/1 s:320x180 i:P iskey:0 type:P checksum:A76A1567",
  "[Parsed_showinfo_4 @ 0x55e847779140] color_range:tv color_space:unknown color_primaries:unknown color_trc:unknown",
  "[Parsed_showinfo_4 @ 0x55e847779140] n:   1 pts:     52 pts_time:13      pos:   172659 fmt:yuv420p sar:1/1 s:320x180 i:P iskey:0 type:P checksum:47C3B982",
];
// ffmpeg's last out_time can pass the probed duration: the step's percent must not.
const progressLines = ["out_time_us=6250000", "progress=continue", "out_time_us=20250000"];

const flat = (gray: number) => Buffer.alloc(SIGNATURE_BYTES, gray);
/** 4 frames a second: gray 50 until 6 s, 200 until 13 s, 120 to the end at 20 s. */
const sampledFrames = Buffer.concat(Array.from({ length: 80 }, (_, i) => flat(i < 24 ? 50 : i < 52 ? 200 : 120)));

const pages: PdfPage[] = [
  { page: 1, thumbnail: "/pages/page-1.jpg", text: "Replication", heading: "Replication" },
  { page: 2, thumbnail: "/pages/page-2.jpg", text: "Introduction", heading: "Introduction" },
  { page: 3, thumbnail: "/pages/page-3.jpg", text: "", heading: "" },
];
/** Page 1 looks like the second scene, page 2 like the first, page 3 like the last. */
const pageRenders = Buffer.concat([flat(198), flat(52), flat(121)]);

function chapterDeps() {
  return recordingDeps((call) => {
    if (call.args.includes("-filter_complex") && call.args.includes("[changes]")) {
      return { stderrLines: [...showinfoLines, ...progressLines], stdout: sampledFrames };
    }
    if (call.args.includes("[pages]")) return { stdout: pageRenders };
    return {};
  });
}

describe("chapters (simple scene-change step)", () => {
  it("decodes once at reduced size and rate, with scene selection, showinfo and signatures", () => {
    const args = sceneDetectionArguments("/in/talk.mp4", DEFAULT_CHAPTER_OPTIONS);
    const graph = args[args.indexOf("-filter_complex") + 1];
    expect(graph).toContain("fps=4,scale=320:-2");
    expect(graph).toContain("select='gt(scene,0.25)',showinfo");
    expect(graph).toContain("scale=32:18:flags=area,format=gray");
    expect(args).toEqual(expect.arrayContaining(["-f", "rawvideo", "pipe:1", "-progress", "pipe:2"]));
  });

  it("reads pts_time from showinfo lines only", () => {
    expect(showinfoTimes([...showinfoLines, "out_time_us=1", "frame=3 pts_time:99"])).toEqual([6, 13]);
  });

  it("starts at 0 and drops changes closer than the minimum length to the last kept one", () => {
    expect(chapterStarts([12, 3, 15, 31.5, 40], 10)).toEqual([0, 12, 31.5]);
    expect(chapterStarts([], 10)).toEqual([0]);
  });

  it("with slides, each chapter gets the nearest page, its heading as title and its render", async () => {
    const { deps } = chapterDeps();
    const progress = progressRecorder();
    const chapters = await findChapters(
      { video: "/in/talk.mp4", durationSeconds: 20, pages, outputDirectory: "/out" },
      deps,
      progress.report,
      { ...DEFAULT_CHAPTER_OPTIONS, minChapterSeconds: 5 },
    );
    expect(chapters).toEqual([
      { time: 0, page: 2, title: "Introduction", thumbnail: "/pages/page-2.jpg" },
      { time: 6, page: 1, title: "Replication", thumbnail: "/pages/page-1.jpg" },
      { time: 13, page: 3, title: "Slide 3", thumbnail: "/pages/page-3.jpg" },
    ]);
    expect(isNonDecreasing(progress.values)).toBe(true);
    expect(progress.values.at(-1)).toBe(100);
  });

  it("without slides, chapters are 'Chapter N' with a frame of the video as thumbnail", async () => {
    const { deps, calls } = chapterDeps();
    const progress = progressRecorder();
    const chapters = await findChapters(
      { video: "/in/talk.mp4", durationSeconds: 20, pages: undefined, outputDirectory: "/out" },
      deps,
      progress.report,
      { ...DEFAULT_CHAPTER_OPTIONS, minChapterSeconds: 5 },
    );
    expect(chapters).toEqual([
      { time: 0, page: null, title: "Chapter 1", thumbnail: "/out/chapter-1.jpg" },
      { time: 6, page: null, title: "Chapter 2", thumbnail: "/out/chapter-2.jpg" },
      { time: 13, page: null, title: "Chapter 3", thumbnail: "/out/chapter-3.jpg" },
    ]);
    // Each thumbnail is taken in the middle of its chapter, where the slide has settled.
    const seeks = calls
      .filter((call) => call.args.includes("-frames:v"))
      .map((call) => call.args[call.args.indexOf("-ss") + 1]);
    expect(seeks).toEqual(["3.000", "9.500", "16.500"]);
    expect(isNonDecreasing(progress.values)).toBe(true);
    expect(progress.values.at(-1)).toBe(100);
  });

  it("with the default 10 s minimum, the change at 6 s is no chapter: 0–13 s shows its middle's page", async () => {
    const { deps } = chapterDeps();
    const chapters = await findChapters(
      { video: "/in/talk.mp4", durationSeconds: 20, pages, outputDirectory: "/out" },
      deps,
      () => {},
    );
    expect(chapters.map(({ time, page }) => ({ time, page }))).toEqual([
      { time: 0, page: 1 },
      { time: 13, page: 3 },
    ]);
  });

  it("a failed scan is a failed version", async () => {
    const { deps } = recordingDeps(() => ({ code: 1 }));
    await expect(
      findChapters(
        { video: "/in/x.mp4", durationSeconds: 20, pages: undefined, outputDirectory: "/out" },
        deps,
        () => {},
      ),
    ).rejects.toMatchObject({ status: "failed" });
  });

  it("the page matcher picks the smallest mean gray difference, the earlier page on a tie", () => {
    expect(signatureDistance(flat(10), flat(30))).toBe(20);
    expect(nearestPage(flat(100), [flat(0), flat(90), flat(110)])).toBe(1);
  });
});
