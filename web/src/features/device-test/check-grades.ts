/** The verdict of one check on the test screen, and the figures it read. */
export type Grade = "pass" | "warn" | "fail";

/**
 * Thresholds of the test screen (docs/recording-and-live.md). A recorded take is uploaded after
 * it ends, so a slow uplink only makes it wait; a live room (about 2.5 Mbit/s of video up) needs it.
 */
export const THRESHOLDS = {
  downloadMbps: { pass: 5, warn: 1.5 },
  uploadMbps: { pass: 3, warn: 1 },
  roundTripMs: { pass: 150, warn: 400 },
  realtimeMs: { pass: 250, warn: 1000 },
  /** The microphone's loudest level (0–1) that counts as hearing something. */
  microphoneLevel: 0.02,
} as const;

/** A figure where more is better (throughput). */
export const gradeAtLeast = (value: number, limits: { pass: number; warn: number }): Grade =>
  value >= limits.pass ? "pass" : value >= limits.warn ? "warn" : "fail";

/** A figure where less is better (latency). */
export const gradeAtMost = (value: number, limits: { pass: number; warn: number }): Grade =>
  value <= limits.pass ? "pass" : value <= limits.warn ? "warn" : "fail";

const ORDER: Grade[] = ["fail", "warn", "pass"];

/** The worst of several grades: a check passes only when all its parts do. */
export const worstGrade = (grades: Grade[]): Grade => ORDER.find((grade) => grades.includes(grade)) ?? "pass";

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
