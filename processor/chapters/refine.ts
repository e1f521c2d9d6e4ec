/**
 * Places a change exactly: among the frames decoded at full rate around it (each with its own
 * `pts_time`, so a variable frame rate is read as it is), the first one closer to the picture
 * after the change than to the one before. For a hard cut that is the first frame of the new
 * slide; for a crossfade, its middle.
 */
import { type Gray, meanDifference } from "./gray-frames";

export interface TimedFrame {
  time: number;
  pixels: Gray;
}

export function crossingTime(
  frames: readonly TimedFrame[],
  change: { before: Gray; after: Gray; pixels: Uint8Array },
): number | undefined {
  for (const frame of frames) {
    const fromBefore = meanDifference(frame.pixels, change.before, change.pixels);
    const fromAfter = meanDifference(frame.pixels, change.after, change.pixels);
    if (fromAfter < fromBefore) return frame.time;
  }
  return undefined;
}

/** The `pts_time` of each frame showinfo printed, in order: times are read, never frame numbers. */
export function showinfoTimes(stderrLines: readonly string[]): number[] {
  const times: number[] = [];
  for (const line of stderrLines) {
    if (!line.includes("showinfo")) continue;
    const match = /\bpts_time:\s*(-?[\d.]+)/.exec(line);
    if (match) times.push(Number(match[1]));
  }
  return times;
}
