import { describe, expect, it } from "vitest";
import type { VideoProbe } from "../../processor/steps/probe-video";
import {
  isFaststart,
  makeWebPlayable,
  planWebPlayable,
  webPlayableArguments,
} from "../../processor/steps/web-playable";
import { isNonDecreasing, progressRecorder, recordingDeps } from "./processor-recorder";

const h264: VideoProbe = {
  durationSeconds: 10,
  container: "mov,mp4,m4a,3gp,3g2,mj2",
  videoCodec: "h264",
  audioCodec: "aac",
  pixelFormat: "yuv420p",
  width: 1280,
  height: 720,
  variableFrameRate: false,
};

function box(type: string, bodyBytes: number): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + bodyBytes, 0);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, Buffer.alloc(bodyBytes)]);
}
const faststartMp4 = Buffer.concat([box("ftyp", 16), box("moov", 40), box("mdat", 100)]);
const moovLastMp4 = Buffer.concat([box("ftyp", 16), box("mdat", 100), box("moov", 40)]);

describe("web-playable MP4", () => {
  it("finds whether moov comes before mdat by walking the top-level boxes", async () => {
    const { files } = recordingDeps().deps;
    const { deps } = recordingDeps(undefined, { "/a.mp4": faststartMp4, "/b.mp4": moovLastMp4 });
    expect(await isFaststart("/a.mp4", deps.files)).toBe(true);
    expect(await isFaststart("/b.mp4", deps.files)).toBe(false);
    expect(await isFaststart("/missing.mp4", files)).toBe(false);
  });

  it("keeps a faststart H.264/AAC MP4, remuxes the same codecs otherwise, transcodes the rest", () => {
    expect(planWebPlayable(h264, true)).toBe("keep");
    expect(planWebPlayable(h264, false)).toBe("remux");
    expect(planWebPlayable({ ...h264, container: "matroska,webm" }, false)).toBe("remux");
    expect(planWebPlayable({ ...h264, audioCodec: undefined }, true)).toBe("keep");
    expect(planWebPlayable({ ...h264, videoCodec: "vp9", audioCodec: "opus" }, false)).toBe("transcode");
    expect(planWebPlayable({ ...h264, audioCodec: "mp3" }, true)).toBe("transcode");
    expect(planWebPlayable({ ...h264, pixelFormat: "yuv444p" }, true)).toBe("transcode");
  });

  it("a remux copies the streams; a transcode makes H.264/AAC; both put the index first", () => {
    const remux = webPlayableArguments("remux", "/in.mkv", "/out.mp4", false);
    expect(remux).toEqual(expect.arrayContaining(["-c", "copy", "-movflags", "+faststart"]));
    const transcode = webPlayableArguments("transcode", "/in.webm", "/out.mp4", false);
    expect(transcode.join(" ")).toContain("-c:v libx264");
    expect(transcode.join(" ")).toContain("-pix_fmt yuv420p");
    expect(transcode.join(" ")).toContain("-c:a aac");
    expect(transcode.join(" ")).toContain("-movflags +faststart");
    expect(transcode.at(-1)).toBe("/out.mp4");
    expect(transcode).not.toContain("-fps_mode");
  });

  it("a variable frame rate recording keeps its own timestamps when transcoded", () => {
    const args = webPlayableArguments("transcode", "/screen.webm", "/out.mp4", true);
    expect(args.join(" ")).toContain("-fps_mode passthrough");
  });

  it("runs no command for a video that already plays, and reports 100", async () => {
    const { deps, calls } = recordingDeps(undefined, { "/in.mp4": faststartMp4 });
    const progress = progressRecorder();
    const result = await makeWebPlayable("/in.mp4", "/out.mp4", h264, deps, progress.report);
    expect(result).toEqual({ path: "/in.mp4", plan: "keep" });
    expect(calls).toHaveLength(0);
    expect(progress.values.at(-1)).toBe(100);
  });

  it("reports ffmpeg's out_time as progress and a timeout that grows with the video", async () => {
    const { deps, calls } = recordingDeps(
      () => ({
        stdoutLines: ["out_time_us=2500000", "progress=continue", "out_time_us=7500000"],
        writes: { "/tmp/playable-1/out.mp4": "" },
      }),
      { "/in.webm": Buffer.from("\x1aE\xdf\xa3") },
    );
    const progress = progressRecorder();
    const probe = { ...h264, videoCodec: "vp9", audioCodec: "opus", container: "matroska,webm" };
    const result = await makeWebPlayable("/in.webm", "/out.mp4", probe, deps, progress.report);
    expect(result).toEqual({ path: "/out.mp4", plan: "transcode" });
    expect(progress.values).toEqual([25, 75, 100]);
    expect(isNonDecreasing(progress.values)).toBe(true);
    expect(calls[0]?.options.timeoutMs).toBe(60_000 + 10 * 2_000);
  });

  it("ffmpeg sees the video and writes into a scratch directory of its own, moved into place after", async () => {
    const { deps, calls, files, removed } = recordingDeps(() => ({ writes: { "/tmp/playable-1/out.mp4": "mp4" } }), {
      "/job/in.mp4": moovLastMp4,
    });
    await makeWebPlayable("/job/in.mp4", "/job/out.mp4", h264, deps, () => {});
    expect(calls[0]?.args.at(-1)).toBe("/tmp/playable-1/out.mp4");
    expect(calls[0]?.options.paths).toEqual({ read: ["/job/in.mp4"], write: ["/tmp/playable-1"] });
    expect(files.get("/job/out.mp4")?.toString()).toBe("mp4");
    expect(removed).toContain("/tmp/playable-1");
  });

  it("a failed ffmpeg is a failed version", async () => {
    const { deps } = recordingDeps(() => ({ code: 1 }), { "/in.mp4": moovLastMp4 });
    await expect(makeWebPlayable("/in.mp4", "/out.mp4", h264, deps, () => {})).rejects.toMatchObject({
      status: "failed",
    });
  });
});
