import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CONVERT_FAILED_MESSAGE } from "@core/versions/status";
import { describe, expect, it } from "vitest";
import { ANALYSIS_SIZE } from "../../processor/chapters/gray-frames";
import { processVersion, type StatusReport } from "../../processor/pipeline";
import { type Answer, isNonDecreasing, type RecordedCall, recordingDeps } from "./processor-recorder";
import { makeZip } from "./processor-zip";

const probeJson = readFileSync(join(import.meta.dirname, "../fixtures/processor/ffprobe-h264-aac-30fps.json"), "utf8");
// A top-level ftyp, moov, mdat: an MP4 that already starts playing before it is all loaded.
const faststartMp4 = Buffer.from("0000000c6674797000000000000000086d6f6f76000000086d646174", "hex");

const FRAME_BYTES = ANALYSIS_SIZE.width * ANALYSIS_SIZE.height;

/** Answers every program the pipeline runs as it would for a 3 s video and a 2-page deck. */
function answer(call: RecordedCall): Answer {
  switch (call.command) {
    case "soffice":
      return { writes: { "/tmp/soffice-1/deck.pdf": "%PDF-1.7" } };
    case "pdfinfo":
      return { stdout: "Pages: 2\n" };
    case "pdftotext":
      return {
        stdout: ["Welcome", "Results"]
          .map(
            (word) =>
              `<page width="960" height="540"><flow><block><line xMin="30" yMin="40" xMax="200" yMax="80"><word xMin="30" yMin="40" xMax="200" yMax="80">${word}</word></line></block></flow></page>`,
          )
          .join(""),
      };
    case "pdftoppm": {
      const first = call.args[call.args.indexOf("-f") + 1];
      return { writes: { [`/work/pages/page-${first}.jpg`]: "jpeg" } };
    }
    case "ffprobe":
      return { stdout: probeJson };
    default:
      // The sampling pass: 3 s at 4 frames a second of one still picture.
      if (call.args.includes("-progress")) {
        return {
          stderrLines: ["out_time_us=1500000", "out_time_us=3000000"],
          stdout: Buffer.alloc(FRAME_BYTES * 12, 40),
        };
      }
      if (call.args.includes("[pages]")) {
        return { stdout: Buffer.concat([Buffer.alloc(FRAME_BYTES, 200), Buffer.alloc(FRAME_BYTES, 40)]) };
      }
      return {};
  }
}

async function run(inputs: Parameters<typeof processVersion>[0], override?: (call: RecordedCall) => Answer) {
  const { deps, calls } = recordingDeps(override ?? answer, {
    "/in/talk.mp4": faststartMp4,
    "/in/deck.pptx": makeZip({ "[Content_Types].xml": "<Types/>" }),
    "/in/deck.pdf": "%PDF-1.7",
  });
  const reports: StatusReport[] = [];
  const outcome = await processVersion(inputs, "/work", deps, (report) => reports.push(report));
  return { outcome, reports, calls };
}

describe("version pipeline", () => {
  it("goes pending → processing → success, its percent never decreasing and ending at 100", async () => {
    const { outcome, reports } = await run({ video: "/in/talk.mp4", slides: "/in/deck.pptx" });
    expect(reports[0]).toEqual({ status: "pending", percent: 0, stage: "start" });
    expect(reports.slice(1, -1).every((r) => r.status === "processing")).toBe(true);
    expect(reports.at(-1)).toEqual({ status: "success", percent: 100, stage: "done" });
    // Each step names itself, in the order they run.
    expect([...new Set(reports.map((r) => r.stage))]).toEqual([
      "start",
      "convert",
      "pages",
      "video",
      "chapters",
      "done",
    ]);
    expect(isNonDecreasing(reports.map((r) => r.percent))).toBe(true);
    expect(outcome).toMatchObject({
      status: "success",
      durationSeconds: 3,
      pdf: "/work/deck.pdf",
      video: "/in/talk.mp4",
      chapters: [{ time: 0, page: 2, title: "Results", thumbnail: "/work/pages/page-2.jpg" }],
    });
  });

  it("a PDF is used as it is, told apart from a pptx by its bytes", async () => {
    const { calls, outcome } = await run({ video: "/in/talk.mp4", slides: "/in/deck.pdf" });
    expect(calls.some((call) => call.command === "soffice")).toBe(false);
    expect(outcome).toMatchObject({ status: "success", pdf: "/in/deck.pdf" });
  });

  it("a slides-only version (mode four) renders pages and has no video or chapters", async () => {
    const { outcome, calls } = await run({ slides: "/in/deck.pptx" });
    expect(calls.some((call) => call.command.startsWith("ff"))).toBe(false);
    expect(outcome).toMatchObject({ status: "success", durationSeconds: undefined, chapters: [] });
    expect((outcome as { pages: unknown[] }).pages).toHaveLength(2);
  });

  it("a webcam video is probed and made web-playable beside the presentation video", async () => {
    const { outcome, calls } = await run({ video: "/in/talk.mp4", webcam: "/in/talk.mp4" });
    expect(calls.filter((call) => call.command === "ffprobe")).toHaveLength(2);
    expect(outcome).toMatchObject({ status: "success", webcam: "/in/talk.mp4", pages: [] });
  });

  it("a pptx LibreOffice cannot convert ends in convert-failed, with no later step run", async () => {
    const { outcome, reports, calls } = await run({ video: "/in/talk.mp4", slides: "/in/deck.pptx" }, (call) =>
      call.command === "soffice" ? { code: 0 } : answer(call),
    );
    // The failure names the step that failed, in the outcome and in its last report.
    expect(outcome).toEqual({ status: "convert-failed", message: CONVERT_FAILED_MESSAGE, stage: "convert" });
    expect(reports.at(-1)).toMatchObject({ status: "convert-failed", stage: "convert" });
    expect(calls.map((call) => call.command)).toEqual(["soffice"]);
  });

  it("an unreadable video ends in failed, keeping the percent it had reached", async () => {
    const { outcome, reports } = await run({ video: "/in/talk.mp4" }, (call) =>
      call.command === "ffprobe" ? { code: 1 } : answer(call),
    );
    expect(outcome).toMatchObject({ status: "failed" });
    expect(reports.at(-1)).toEqual({ status: "failed", percent: reports.at(-2)?.percent, stage: "video" });
    expect(isNonDecreasing(reports.map((r) => r.percent))).toBe(true);
  });
});
