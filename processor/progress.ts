import type { ProgressReport } from "./deps";

/**
 * Wraps a report so the percentages it passes on never decrease, stay within 0–100 and are
 * whole numbers; a repeated value is not passed on again.
 * Invariant: what a user sees only moves forward, even when steps report out of order.
 */
export function monotonicProgress(report: ProgressReport): ProgressReport {
  let last = -1;
  return (percent) => {
    const value = Math.floor(Math.min(100, Math.max(0, percent)));
    if (value <= last) return;
    last = value;
    report(value);
  };
}

/** Maps a step's own 0–100 onto the slice [from, to] of the whole job. */
export function progressSlice(report: ProgressReport, from: number, to: number): ProgressReport {
  return (percent) => report(from + ((to - from) * Math.min(100, Math.max(0, percent))) / 100);
}

/** Reads ffmpeg's `-progress` output (`out_time_us=…`) into a percentage of `duration` seconds. */
export function ffmpegProgressLine(line: string, durationSeconds: number): number | undefined {
  const match = /^out_time_us=(\d+)/.exec(line);
  if (!match || durationSeconds <= 0) return undefined;
  return (Number(match[1]) / 1e6 / durationSeconds) * 100;
}

/**
 * Cuts 0–100 into consecutive slices in proportion to `weights` (in the object's key order),
 * one report per step; a step with weight 0 gets an empty slice.
 */
export function progressSlices<Step extends string>(
  report: ProgressReport,
  weights: Record<Step, number>,
): Record<Step, ProgressReport> {
  const entries = Object.entries(weights) as Array<[Step, number]>;
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0) || 1;
  let reached = 0;
  const slices = {} as Record<Step, ProgressReport>;
  for (const [step, weight] of entries) {
    const from = reached;
    reached += (weight / total) * 100;
    slices[step] = progressSlice(report, from, reached);
  }
  return slices;
}
