import * as v from "valibot";
import { ProcessingError, type StepDeps } from "../deps";

const PROBE_TIMEOUT_MS = 60_000;

/** What the later steps need to know about a video file. */
export interface VideoProbe {
  durationSeconds: number;
  /** ffprobe's format_name, e.g. "mov,mp4,m4a,3gp,3g2,mj2" or "matroska,webm". */
  container: string;
  videoCodec: string;
  /** Undefined when the file has no sound. */
  audioCodec: string | undefined;
  pixelFormat: string | undefined;
  width: number;
  height: number;
  /** Screen recordings often are: their times must be read from pts_time, never frame numbers. */
  variableFrameRate: boolean;
}

const Stream = v.object({
  codec_type: v.optional(v.string()),
  codec_name: v.optional(v.string()),
  pix_fmt: v.optional(v.string()),
  width: v.optional(v.number()),
  height: v.optional(v.number()),
  r_frame_rate: v.optional(v.string()),
  avg_frame_rate: v.optional(v.string()),
  duration: v.optional(v.string()),
  disposition: v.optional(v.object({ attached_pic: v.optional(v.number()) })),
});

const ProbeOutput = v.object({
  streams: v.optional(v.array(Stream), []),
  format: v.optional(v.object({ format_name: v.optional(v.string()), duration: v.optional(v.string()) }), {}),
});

function rate(fraction: string | undefined): number | undefined {
  const match = /^(\d+)\/(\d+)$/.exec(fraction ?? "");
  if (!match || Number(match[2]) === 0) return undefined;
  return Number(match[1]) / Number(match[2]);
}

/**
 * r_frame_rate is the stream's base rate (the rate that can represent every timestamp);
 * avg_frame_rate is frames over duration. In a constant-rate file they agree; a recording
 * that drops or repeats frames has an average visibly away from its base rate.
 */
export function isVariableFrameRate(rFrameRate?: string, avgFrameRate?: string): boolean {
  const base = rate(rFrameRate);
  const average = rate(avgFrameRate);
  if (base === undefined || average === undefined) return false;
  return Math.abs(base - average) / base > 0.01;
}

/** Reads ffprobe's JSON; a file with no video stream or no duration is a failed version. */
export function parseProbe(json: string): VideoProbe {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new ProcessingError("failed", "ffprobe printed no JSON");
  }
  const parsed = v.safeParse(ProbeOutput, raw);
  if (!parsed.success) throw new ProcessingError("failed", "ffprobe printed unexpected JSON");
  const { streams, format } = parsed.output;
  // Cover art in an MP4 is a one-frame video stream; it is not the talk.
  const video = streams.find((s) => s.codec_type === "video" && s.disposition?.attached_pic !== 1);
  const audio = streams.find((s) => s.codec_type === "audio");
  const durationSeconds = Number(format.duration ?? video?.duration);
  if (!video?.codec_name || !video.width || !video.height) {
    throw new ProcessingError("failed", "the file has no video stream");
  }
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) {
    throw new ProcessingError("failed", "the video has no duration");
  }
  return {
    durationSeconds,
    container: format.format_name ?? "",
    videoCodec: video.codec_name,
    audioCodec: audio?.codec_name,
    pixelFormat: video.pix_fmt,
    width: video.width,
    height: video.height,
    variableFrameRate: isVariableFrameRate(video.r_frame_rate, video.avg_frame_rate),
  };
}

export async function probeVideo(path: string, deps: StepDeps): Promise<VideoProbe> {
  const result = await deps.run(
    "ffprobe",
    ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", path],
    { timeoutMs: PROBE_TIMEOUT_MS, paths: { read: [path] } },
  );
  if (result.code !== 0) throw new ProcessingError("failed", "ffprobe could not read the video");
  return parseProbe(result.stdout.toString("utf8"));
}
