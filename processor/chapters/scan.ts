import { dirname } from "node:path";
/**
 * The chapter detector's ffmpeg runs: one decoding pass of the whole video at a low rate and
 * small size (streamed, never held whole as a file), short full-rate windows around each change,
 * and the page renders brought to the same size and framing as the video.
 */
import { ProcessingError, type ProgressReport, type StepDeps } from "../deps";
import { ffmpegProgressLine } from "../progress";
import { ANALYSIS_SIZE, type Gray } from "./gray-frames";
import { showinfoTimes, type TimedFrame } from "./refine";

const FRAME_BYTES = ANALYSIS_SIZE.width * ANALYSIS_SIZE.height;
const SCALE = `scale=${ANALYSIS_SIZE.width}:${ANALYSIS_SIZE.height}:flags=area,format=gray`;

/** Cuts a raw stream of gray frames, arriving in chunks of any length, into frames. */
export function frameCollector(frameBytes = FRAME_BYTES) {
  const frames: Gray[] = [];
  let pending: Buffer = Buffer.alloc(0);
  return {
    frames,
    push(chunk: Buffer) {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      let offset = 0;
      while (offset + frameBytes <= pending.length) {
        frames.push(new Uint8Array(pending.subarray(offset, offset + frameBytes)));
        offset += frameBytes;
      }
      pending = pending.subarray(offset);
    },
  };
}

/**
 * The sampling pass. At a constant frame rate, frames no other frame refers to (most B-frames)
 * are not decoded at all, which halves the decoding time of a typical H.264 file: a sampled
 * frame may then stand a frame or two from its time, which the full-rate refinement makes up
 * for. A variable-rate recording keeps every frame: it may hold one frame for seconds (a still
 * screen), and skipping that one would show the middle of a crossfade for as long.
 */
export function sampleArguments(video: string, fps: number, threads: number, variableFrameRate: boolean): string[] {
  const skip = variableFrameRate ? [] : ["-skip_frame", "noref"];
  return [
    ...["-hide_banner", "-nostdin", "-nostats", "-threads", String(threads), ...skip, "-i", video],
    ...["-an", "-sn", "-dn", "-vf", `fps=${fps},${SCALE}`, "-f", "rawvideo", "pipe:1"],
    ...["-progress", "pipe:2"],
  ];
}

/** Every video frame at `fps` frames a second, at the analysis size, in gray. */
export async function sampleFrames(
  video: { path: string; durationSeconds: number; variableFrameRate: boolean },
  fps: number,
  deps: StepDeps,
  progress: ProgressReport,
): Promise<Gray[]> {
  const { durationSeconds } = video;
  const collector = frameCollector();
  const args = sampleArguments(video.path, fps, deps.parallelism, video.variableFrameRate);
  const result = await deps.run("ffmpeg", args, {
    timeoutMs: 60_000 + durationSeconds * 1_000,
    paths: { read: [video.path] },
    onStdoutData: (chunk) => collector.push(chunk),
    onStderrLine: (line) => {
      const percent = ffmpegProgressLine(line, durationSeconds);
      if (percent !== undefined) progress(percent);
    },
  });
  if (result.code !== 0 || collector.frames.length === 0) {
    throw new ProcessingError("failed", "ffmpeg could not scan the video");
  }
  progress(100);
  return collector.frames;
}

/** Every frame between `from` and `to` seconds, at full rate, each with its `pts_time`. */
export async function framesBetween(video: string, from: number, to: number, deps: StepDeps): Promise<TimedFrame[]> {
  const stderr: string[] = [];
  const result = await deps.run(
    "ffmpeg",
    [
      ...["-hide_banner", "-nostdin", "-threads", "1", "-ss", Math.max(0, from).toFixed(3), "-to", to.toFixed(3)],
      ...["-copyts", "-i", video, "-an", "-sn", "-dn", "-vf", `${SCALE},showinfo`],
      ...["-fps_mode", "passthrough", "-f", "rawvideo", "pipe:1"],
    ],
    { timeoutMs: 60_000, paths: { read: [video] }, onStderrLine: (line) => stderr.push(line) },
  );
  if (result.code !== 0) return [];
  const collector = frameCollector();
  collector.push(result.stdout);
  const times = showinfoTimes(stderr);
  return collector.frames.slice(0, times.length).map((pixels, i) => ({ time: times[i] as number, pixels }));
}

/**
 * Each page render framed as the video would show it full screen (fitted to the video's aspect
 * ratio, centred on black), then brought to the analysis size: one ffmpeg run for all pages.
 */
export async function pageFrames(
  thumbnails: readonly string[],
  video: { width: number; height: number },
  deps: StepDeps,
): Promise<Gray[]> {
  if (thumbnails.length === 0) return [];
  const { width, height } = video;
  const fit = `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:-1:-1:color=black`;
  const inputs = thumbnails.flatMap((path) => ["-i", path]);
  const scaled = thumbnails.map((_, i) => `[${i}:v]${fit},setsar=1,${SCALE}[p${i}]`);
  const joined = `${thumbnails.map((_, i) => `[p${i}]`).join("")}concat=n=${thumbnails.length}:v=1:a=0[pages]`;
  const result = await deps.run(
    "ffmpeg",
    [
      ...["-hide_banner", "-nostdin", "-loglevel", "error", ...inputs],
      ...["-filter_complex", [...scaled, joined].join(";"), "-map", "[pages]"],
      // Every page is one frame: at a constant output rate ffmpeg would drop some of them.
      ...["-fps_mode", "passthrough", "-f", "rawvideo", "pipe:1"],
    ],
    { timeoutMs: 30_000 + thumbnails.length * 1_000, paths: { read: [...new Set(thumbnails.map(dirname))] } },
  );
  const collector = frameCollector();
  collector.push(result.stdout);
  if (result.code !== 0 || collector.frames.length !== thumbnails.length) {
    throw new ProcessingError("failed", "ffmpeg could not read the page thumbnails");
  }
  return collector.frames;
}
