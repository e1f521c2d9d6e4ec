import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isVariableFrameRate, parseProbe, probeVideo } from "../../processor/steps/probe-video";
import { recordingDeps } from "./processor-recorder";

// ffprobe -print_format json -show_format -show_streams output, recorded from generated files
// and trimmed to the fields the probe reads.
const recorded = (name: string) =>
  readFileSync(join(import.meta.dirname, "../fixtures/processor", `${name}.json`), "utf8");

describe("video probe (ffprobe JSON)", () => {
  it("runs ffprobe for JSON streams and format", async () => {
    const { deps, calls } = recordingDeps(() => ({ stdout: recorded("ffprobe-h264-aac-30fps") }));
    await probeVideo("/in/talk.mp4", deps);
    expect(calls[0]?.command).toBe("ffprobe");
    expect(calls[0]?.args).toEqual([
      ...["-v", "error", "-print_format", "json", "-show_format", "-show_streams"],
      "/in/talk.mp4",
    ]);
  });

  it("reads duration, codecs and size of a constant-rate H.264/AAC file", () => {
    expect(parseProbe(recorded("ffprobe-h264-aac-30fps"))).toEqual({
      durationSeconds: 3,
      container: "mov,mp4,m4a,3gp,3g2,mj2",
      videoCodec: "h264",
      audioCodec: "aac",
      pixelFormat: "yuv420p",
      width: 320,
      height: 180,
      variableFrameRate: false,
    });
  });

  it("a screen recording whose average rate differs from its base rate is variable frame rate", () => {
    const probe = parseProbe(recorded("ffprobe-vfr-screen-recording"));
    expect(probe.variableFrameRate).toBe(true);
    expect(probe.durationSeconds).toBe(6);
  });

  it("a WebM (VP9/Opus) is read with its own codecs and container", () => {
    expect(parseProbe(recorded("ffprobe-vp9-opus-webm"))).toMatchObject({
      container: "matroska,webm",
      videoCodec: "vp9",
      audioCodec: "opus",
      variableFrameRate: false,
    });
  });

  it("compares r_frame_rate with avg_frame_rate, tolerating rounding (NTSC rates)", () => {
    expect(isVariableFrameRate("30000/1001", "30000/1001")).toBe(false);
    expect(isVariableFrameRate("30/1", "2997/100")).toBe(false);
    expect(isVariableFrameRate("60/1", "1271/50")).toBe(true);
    expect(isVariableFrameRate("0/0", "0/0")).toBe(false);
  });

  it("a file without a video stream, or not JSON at all, is a failed version", async () => {
    const audioOnly = JSON.stringify({
      streams: [{ codec_type: "audio", codec_name: "aac" }],
      format: { duration: "3.0" },
    });
    expect(() => parseProbe(audioOnly)).toThrow(expect.objectContaining({ status: "failed" }));
    expect(() => parseProbe("Invalid data found")).toThrow(expect.objectContaining({ status: "failed" }));
    const { deps } = recordingDeps(() => ({ code: 1 }));
    await expect(probeVideo("/in/x", deps)).rejects.toMatchObject({ status: "failed" });
  });
});
