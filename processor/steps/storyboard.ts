import { join } from "node:path";
import type { Storyboard } from "@core/processing/protocol";
import type { StepDeps } from "../deps";

/** A tile of a sheet: the frame scaled into 160 × 90, letterboxed (YouTube's storyboards are this size). */
export const STORYBOARD_TILE = { width: 160, height: 90 };
/** 10 × 10 tiles a sheet: 100 frames in one picture of 1600 × 900. */
export const STORYBOARD_GRID = { columns: 10, rows: 10 };
/** At most this many frames (10 sheets), however long the talk: a 2-hour talk gets one every 8 s. */
export const MAX_STORYBOARD_FRAMES = 1000;
const TIMEOUT_MS = 60_000;
const TIMEOUT_PER_VIDEO_SECOND_MS = 100;

/** One frame every whole second at least, fewer on a long talk so there are at most `MAX_STORYBOARD_FRAMES`. */
export function storyboardIntervalMs(durationSeconds: number): number {
  return Math.max(1, Math.ceil(durationSeconds / MAX_STORYBOARD_FRAMES)) * 1000;
}

/**
 * Only keyframes are decoded (`-skip_frame nokey`): a processor-made copy has one every 2 s, so a
 * tile shows the keyframe nearest its time. Decoding every frame took 7× as long (10.6 s against
 * 1.5 s for 5 min of 720p), about half of the 20 s the whole processing of 5 min may take at
 * its 15× real-time target, for a filmstrip of 64 px tiles.
 */
export function storyboardArguments(input: string, outputPattern: string, intervalMs: number) {
  const { width, height } = STORYBOARD_TILE;
  const filters = [
    `fps=1000/${intervalMs}`,
    `scale=${width}:${height}:force_original_aspect_ratio=decrease`,
    `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:black`,
    `tile=${STORYBOARD_GRID.columns}x${STORYBOARD_GRID.rows}`,
  ];
  return [
    ...["-hide_banner", "-nostdin", "-nostats", "-y"],
    ...["-skip_frame", "nokey", "-i", input, "-an", "-sn", "-dn", "-vf", filters.join(","), "-q:v", "6", outputPattern],
  ];
}

/**
 * The video's storyboard (the editor's filmstrip): frames every `intervalMs` from 0, as sheets of
 * 10 × 10 tiles of 160 × 90 read left to right, top to bottom; tile `i` shows the time
 * `i × intervalMs`. Written into `directory` as `storyboard/NNN.jpg` and its description
 * `storyboard.json`. A filmstrip is an aid: when ffmpeg fails the version has none (undefined).
 */
export async function makeStoryboard(
  video: string,
  durationSeconds: number,
  directory: string,
  deps: StepDeps,
): Promise<{ description: string; sheets: string[] } | undefined> {
  const intervalMs = storyboardIntervalMs(durationSeconds);
  const scratch = await deps.files.makeTemporaryDirectory("storyboard-");
  try {
    const result = await deps.run("ffmpeg", storyboardArguments(video, join(scratch, "%03d.jpg"), intervalMs), {
      timeoutMs: TIMEOUT_MS + durationSeconds * TIMEOUT_PER_VIDEO_SECOND_MS,
      paths: { read: [video], write: [scratch] },
    });
    const names = (await deps.files.list(scratch)).filter((name) => /^[0-9]{3}\.jpg$/.test(name)).sort();
    if (result.code !== 0 || names.length === 0) return undefined;
    const sheetsDirectory = join(directory, "storyboard");
    await deps.files.makeDirectory(sheetsDirectory);
    const sheets: string[] = [];
    for (const name of names) {
      const path = join(sheetsDirectory, name);
      await deps.files.rename(join(scratch, name), path);
      sheets.push(path);
    }
    const perSheet = STORYBOARD_GRID.columns * STORYBOARD_GRID.rows;
    const storyboard: Storyboard = {
      intervalMs,
      tileWidth: STORYBOARD_TILE.width,
      tileHeight: STORYBOARD_TILE.height,
      columns: STORYBOARD_GRID.columns,
      rows: STORYBOARD_GRID.rows,
      frames: Math.min(Math.ceil((durationSeconds * 1000) / intervalMs), sheets.length * perSheet),
      sheets: names.map((name) => `storyboard/${name}`),
    };
    const description = join(directory, "storyboard.json");
    await deps.files.writeText(description, JSON.stringify(storyboard));
    return { description, sheets };
  } finally {
    await deps.files.remove(scratch);
  }
}
