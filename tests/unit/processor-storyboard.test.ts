import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Storyboard, Waveform } from "@core/processing/protocol";
import * as v from "valibot";
import { afterAll, describe, expect, it } from "vitest";
import { jobOutputs } from "../../processor/job-outputs";
import { nodeStepDeps } from "../../processor/node-deps";
import { MAX_STORYBOARD_FRAMES, makeStoryboard, storyboardIntervalMs } from "../../processor/steps/storyboard";
import { makeWaveform, peakFolder } from "../../processor/steps/waveform";

const directory = mkdtempSync(join(tmpdir(), "storyboard-test-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** 23 s of a test picture; its sound a tone, silent from 10 s to 15 s. */
function talkVideo(): string {
  const path = join(directory, "talk.mp4");
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y"],
    ...["-f", "lavfi", "-i", "testsrc=duration=23:size=640x360:rate=25"],
    ...["-f", "lavfi", "-i", "sine=frequency=440:duration=23"],
    ...["-af", "volume=enable='between(t,10,15)':volume=0", "-shortest"],
    ...["-c:v", "libx264", "-g", "50", "-c:a", "aac", path],
  ]);
  return path;
}

const samples = (...values: number[]) => {
  const bytes = Buffer.alloc(values.length * 2);
  values.forEach((value, index) => {
    bytes.writeInt16LE(value, index * 2);
  });
  return bytes;
};

describe("the editor's storyboard and waveform", () => {
  it("takes a frame a second, fewer on a long talk, never more than 1,000", () => {
    expect(storyboardIntervalMs(23)).toBe(1000);
    expect(storyboardIntervalMs(1000)).toBe(1000);
    expect(storyboardIntervalMs(2 * 3600)).toBe(8000);
    expect((2 * 3600 * 1000) / storyboardIntervalMs(2 * 3600)).toBeLessThanOrEqual(MAX_STORYBOARD_FRAMES);
  });

  it("folds 16-bit samples into the loudest of each 1/10 s, 0–100, across chunks that split a sample", () => {
    const folder = peakFolder();
    const loud = samples(...Array.from({ length: 800 }, (_, index) => (index === 5 ? -32768 : 100)));
    const quiet = samples(...Array.from({ length: 400 }, () => 3277));
    const all = Buffer.concat([loud, quiet]);
    folder.add(all.subarray(0, 801));
    folder.add(all.subarray(801));
    expect(folder.finish()).toEqual([100, 10]);
  });

  it("ffmpeg makes the sheets of 160 × 90 tiles and the peaks of a real video; the pause shows as silence", async () => {
    const video = talkVideo();
    const deps = nodeStepDeps();
    const storyboard = await makeStoryboard(video, 23, directory, deps);
    if (!storyboard) throw new Error("no storyboard");
    const description = v.parse(Storyboard, JSON.parse(readFileSync(storyboard.description, "utf8")));
    expect(description).toMatchObject({ intervalMs: 1000, tileWidth: 160, tileHeight: 90, columns: 10, rows: 10 });
    expect(description.frames).toBe(23);
    expect(description.sheets).toEqual(["storyboard/001.jpg"]);
    const size = execFileSync("ffprobe", [
      ...["-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", storyboard.sheets[0] ?? ""],
    ]);
    expect(size.toString().trim()).toBe("1600,900");

    const path = await makeWaveform(video, 23, directory, deps);
    if (!path) throw new Error("no waveform");
    const waveform = v.parse(Waveform, JSON.parse(readFileSync(path, "utf8")));
    expect(waveform.peaksPerSecond).toBe(10);
    expect(waveform.peaks.length).toBeGreaterThanOrEqual(229);
    expect(Math.max(...waveform.peaks.slice(110, 140))).toBe(0);
    expect(Math.min(...waveform.peaks.slice(20, 90))).toBeGreaterThan(10);

    // Sent back beside the version's other outputs, under the names the Worker accepts.
    const outputs = jobOutputs(
      {
        status: "success",
        durationSeconds: 23,
        pdf: undefined,
        pages: [],
        chapters: [],
        video,
        webcam: undefined,
        storyboard,
        waveform: path,
      },
      { video },
    );
    expect(outputs.uploads.map((upload) => upload.name)).toEqual([
      "storyboard/001.jpg",
      "storyboard.json",
      "waveform.json",
    ]);
  }, 30_000);
});
