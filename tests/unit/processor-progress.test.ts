import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ffmpegProgressLine, monotonicProgress, progressSlice, progressSlices } from "../../processor/progress";
import { isNonDecreasing, progressRecorder } from "./processor-recorder";

describe("progress", () => {
  it("whatever the steps report, what passes on never decreases and stays within 0–100", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -50, max: 150, noNaN: true })), (reports) => {
        const seen = progressRecorder();
        const progress = monotonicProgress(seen.report);
        for (const value of reports) progress(value);
        expect(isNonDecreasing(seen.values)).toBe(true);
        expect(seen.values.every((v) => v >= 0 && v <= 100 && Number.isInteger(v))).toBe(true);
        expect(new Set(seen.values).size).toBe(seen.values.length);
      }),
    );
  });

  it("slices map each step's 0–100 onto its share of the job, in order", () => {
    const seen = progressRecorder();
    const slices = progressSlices(seen.report, { convert: 1, pages: 0, video: 3 });
    slices.convert(100);
    slices.pages(100);
    slices.video(50);
    slices.video(100);
    expect(seen.values).toEqual([25, 25, 62.5, 100]);
    const half = progressRecorder();
    progressSlice(half.report, 50, 100)(50);
    expect(half.values).toEqual([75]);
  });

  it("reads ffmpeg's out_time_us against the duration", () => {
    expect(ffmpegProgressLine("out_time_us=5000000", 20)).toBe(25);
    expect(ffmpegProgressLine("out_time=00:00:05.000000", 20)).toBeUndefined();
    expect(ffmpegProgressLine("out_time_us=5000000", 0)).toBeUndefined();
  });
});
