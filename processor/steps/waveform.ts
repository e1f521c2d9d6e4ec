import { join } from "node:path";
import { WAVEFORM_PEAKS_PER_SECOND, type Waveform } from "@core/processing/protocol";
import type { StepDeps } from "../deps";

/** Decoded for the peaks only: one channel, 8,000 samples a second, 16-bit. */
const SAMPLE_RATE = 8000;
const SAMPLES_PER_PEAK = SAMPLE_RATE / WAVEFORM_PEAKS_PER_SECOND;
const TIMEOUT_MS = 60_000;
const TIMEOUT_PER_VIDEO_SECOND_MS = 50;

export const waveformArguments = (input: string) => [
  ...["-hide_banner", "-nostdin", "-nostats", "-i", input],
  ...["-vn", "-sn", "-dn", "-ac", "1", "-ar", String(SAMPLE_RATE), "-f", "s16le", "pipe:1"],
];

/**
 * Folds a stream of 16-bit little-endian mono samples into peaks: the loudest sample of each
 * 1/10 s, 0 (silence) to 100 (full scale). A chunk may end inside a sample or a peak.
 */
export function peakFolder() {
  const peaks: number[] = [];
  let loudest = 0;
  let counted = 0;
  let carry: Buffer = Buffer.alloc(0);
  const close = () => {
    peaks.push(Math.round((loudest / 32768) * 100));
    loudest = 0;
    counted = 0;
  };
  return {
    add(chunk: Buffer) {
      const bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      const whole = bytes.length - (bytes.length % 2);
      for (let offset = 0; offset < whole; offset += 2) {
        loudest = Math.max(loudest, Math.abs(bytes.readInt16LE(offset)));
        counted++;
        if (counted === SAMPLES_PER_PEAK) close();
      }
      carry = bytes.subarray(whole);
    },
    finish(): number[] {
      if (counted > 0) close();
      return peaks;
    },
  };
}

/**
 * The sound's peaks (the editor's waveform, so cuts land on pauses), written into `directory`
 * as `waveform.json`: `{ peaksPerSecond: 10, peaks: [0–100, …] }`. None (undefined) for a video
 * without sound, or when ffmpeg fails: a waveform is an aid, not the version.
 */
export async function makeWaveform(
  video: string,
  durationSeconds: number,
  directory: string,
  deps: StepDeps,
): Promise<string | undefined> {
  const folder = peakFolder();
  const result = await deps.run("ffmpeg", waveformArguments(video), {
    timeoutMs: TIMEOUT_MS + durationSeconds * TIMEOUT_PER_VIDEO_SECOND_MS,
    paths: { read: [video] },
    onStdoutData: (chunk) => folder.add(chunk),
  });
  const peaks = folder.finish();
  if (result.code !== 0 || peaks.length === 0) return undefined;
  const waveform: Waveform = { peaksPerSecond: WAVEFORM_PEAKS_PER_SECOND, peaks };
  const path = join(directory, "waveform.json");
  await deps.files.writeText(path, JSON.stringify(waveform));
  return path;
}
