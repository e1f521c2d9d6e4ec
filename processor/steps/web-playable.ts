import { basename, join } from "node:path";
import type { FileDeps, ProgressReport, StepDeps } from "../deps";
import { ProcessingError } from "../deps";
import { ffmpegProgressLine, monotonicProgress } from "../progress";
import type { VideoProbe } from "./probe-video";

/** keep: already H.264/AAC faststart MP4; remux: right codecs, wrong container or moov last. */
export type WebPlayablePlan = "keep" | "remux" | "transcode";

/** A minute plus twice the video's length: a veryfast transcode slower than that is stuck. */
const TIMEOUT_PER_VIDEO_SECOND_MS = 2_000;

/**
 * Whether the MP4's index (moov) comes before its media data (mdat), so a browser can start
 * playing before it has the whole file. Walks the top-level boxes by their sizes only.
 */
export async function isFaststart(path: string, files: FileDeps): Promise<boolean> {
  const size = await files.size(path);
  let offset = 0;
  while (offset + 8 <= size) {
    const header = await files.readBytes(path, offset, 16);
    if (header.length < 8) return false;
    const type = header.toString("latin1", 4, 8);
    if (type === "moov") return true;
    if (type === "mdat") return false;
    let boxSize = header.readUInt32BE(0);
    if (boxSize === 1) {
      if (header.length < 16) return false;
      boxSize = Number(header.readBigUInt64BE(8));
    } else if (boxSize === 0) {
      return false;
    }
    if (boxSize < 8) return false;
    offset += boxSize;
  }
  return false;
}

export function planWebPlayable(probe: VideoProbe, faststart: boolean): WebPlayablePlan {
  const codecsPlayable =
    probe.videoCodec === "h264" &&
    (probe.pixelFormat === undefined || probe.pixelFormat === "yuv420p") &&
    (probe.audioCodec === undefined || probe.audioCodec === "aac");
  if (!codecsPlayable) return "transcode";
  const isMp4 = probe.container.split(",").includes("mp4");
  return isMp4 && faststart ? "keep" : "remux";
}

export function webPlayableArguments(
  plan: Exclude<WebPlayablePlan, "keep">,
  input: string,
  output: string,
  variableFrameRate: boolean,
): string[] {
  const codecs =
    plan === "remux"
      ? ["-c", "copy"]
      : [
          ...["-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-pix_fmt", "yuv420p"],
          ...["-c:a", "aac", "-b:a", "128k"],
          // Otherwise ffmpeg makes an MP4's rate constant, duplicating frames up to the base
          // rate (r_frame_rate), which a screen recorder may set far above the real one.
          ...(variableFrameRate ? ["-fps_mode", "passthrough"] : []),
        ];
  return [
    ...["-hide_banner", "-nostdin", "-nostats", "-y", "-i", input],
    ...["-map", "0:v:0", "-map", "0:a:0?", "-sn", "-dn"],
    ...codecs,
    ...["-movflags", "+faststart", "-progress", "pipe:1", output],
  ];
}

/**
 * Makes sure the video plays in every browser's <video>: returns the input itself when it
 * already does, else writes `output` (H.264/AAC MP4 with the index first) and returns it.
 */
export async function makeWebPlayable(
  input: string,
  output: string,
  probe: VideoProbe,
  deps: StepDeps,
  stepProgress: ProgressReport,
): Promise<{ path: string; plan: WebPlayablePlan }> {
  const progress = monotonicProgress(stepProgress);
  const plan = planWebPlayable(probe, await isFaststart(input, deps.files));
  if (plan === "keep") {
    progress(100);
    return { path: input, plan };
  }
  // ffmpeg writes into a directory of its own: it sees the video and nothing else of the job.
  const scratch = await deps.files.makeTemporaryDirectory("playable-");
  try {
    const written = join(scratch, basename(output));
    const result = await deps.run("ffmpeg", webPlayableArguments(plan, input, written, probe.variableFrameRate), {
      timeoutMs: 60_000 + probe.durationSeconds * TIMEOUT_PER_VIDEO_SECOND_MS,
      paths: { read: [input], write: [scratch] },
      onStdoutLine: (line) => {
        const percent = ffmpegProgressLine(line, probe.durationSeconds);
        if (percent !== undefined) progress(percent);
      },
    });
    if (result.code !== 0 || !(await deps.files.exists(written))) {
      throw new ProcessingError("failed", `ffmpeg could not make a web-playable video (${plan})`);
    }
    await deps.files.rename(written, output);
  } finally {
    await deps.files.remove(scratch);
  }
  progress(100);
  return { path: output, plan };
}
