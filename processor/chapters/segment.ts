/**
 * Finds the changes of the shown picture in a series of small gray frames sampled at a low,
 * constant rate: stable stretches (no change larger than a pointer between consecutive frames,
 * outside the regions that keep changing) are found first, then each pair of neighbouring
 * stretches is compared as a whole (median frames, so a pointer passing by disappears). A
 * crossfade is a few unstable frames between two stable stretches; a moving pointer, a webcam
 * picture-in-picture or a clip playing inside a slide are not changes of the slide.
 */
import { changedPixels, type FrameSize, type Gray, medianFrame, significantChange } from "./gray-frames";

export interface DetectorOptions {
  /** Frames per second of the sampled series. */
  fps: number;
  /** Gray levels two frames must differ by for a pixel to count as changed (above noise). */
  pixelThreshold: number;
  /** A changed region no larger than this (in analysis pixels) is a pointer, not a change. */
  pointer: { width: number; height: number };
  /** Changed pixels, in regions larger than a pointer, that make a change. */
  minChangePixels: number;
  /** A block changing in this share of the frames around a moment is masked (webcam, clip). */
  activityShare: number;
  /** Seconds either side over which a block's activity is counted. */
  activityWindowSeconds: number;
  /** Side of the square blocks the activity is counted in, in analysis pixels. */
  blockSize: number;
  /** A picture shown for less than this is passed through, not a stable stretch. */
  minStableSeconds: number;
}

export const DEFAULT_DETECTOR_OPTIONS: DetectorOptions = {
  fps: 4,
  pixelThreshold: 10,
  pointer: { width: 9, height: 12 },
  minChangePixels: 12,
  activityShare: 0.25,
  activityWindowSeconds: 6,
  blockSize: 12,
  minStableSeconds: 0.7,
};

export interface Change {
  /** Index of the last sampled frame showing the earlier picture. */
  last: number;
  /** Index of the first sampled frame showing the later picture. */
  first: number;
  before: Gray;
  after: Gray;
  /** The pixels that changed (outside masked regions): where refinement looks. */
  pixels: Uint8Array;
}

export interface Stretch {
  start: number;
  end: number;
}

/**
 * For each frame, the pixels to ignore: the blocks (and their neighbours) that changed between
 * consecutive frames in at least `activityShare` of the frames around it.
 */
export function persistentChangeMasks(
  frames: readonly Gray[],
  size: FrameSize,
  options: DetectorOptions,
): Uint8Array[] {
  const columns = Math.ceil(size.width / options.blockSize);
  const rows = Math.ceil(size.height / options.blockSize);
  const blocks = columns * rows;
  const blockOf = new Int32Array(size.width * size.height);
  for (let y = 0; y < size.height; y++) {
    for (let x = 0; x < size.width; x++) {
      blockOf[y * size.width + x] = Math.floor(y / options.blockSize) * columns + Math.floor(x / options.blockSize);
    }
  }
  // active[i * blocks + b]: running count of frames up to i whose block b changed from the previous one.
  const counts = new Int32Array((frames.length + 1) * blocks);
  const perBlock = new Int32Array(blocks);
  for (let i = 1; i <= frames.length; i++) {
    perBlock.fill(0);
    const a = frames[i - 2];
    const b = frames[i - 1] as Gray;
    if (a) {
      for (let p = 0; p < b.length; p++) {
        if (Math.abs((a[p] as number) - (b[p] as number)) > options.pixelThreshold)
          perBlock[blockOf[p] as number] = (perBlock[blockOf[p] as number] as number) + 1;
      }
    }
    for (let k = 0; k < blocks; k++) {
      counts[i * blocks + k] = (counts[(i - 1) * blocks + k] as number) + ((perBlock[k] as number) >= 3 ? 1 : 0);
    }
  }
  const window = Math.round(options.activityWindowSeconds * options.fps);
  const masks: Uint8Array[] = [];
  let previous: { key: string; mask: Uint8Array } | undefined;
  for (let i = 0; i < frames.length; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(frames.length, i + window + 1);
    const active = new Uint8Array(blocks);
    for (let k = 0; k < blocks; k++) {
      const changes = (counts[to * blocks + k] as number) - (counts[from * blocks + k] as number);
      if (changes >= options.activityShare * (to - from)) active[k] = 1;
    }
    // Neighbouring blocks too: a webcam's edge rarely falls on a block boundary.
    const spread = new Uint8Array(blocks);
    for (let k = 0; k < blocks; k++) {
      if (!active[k]) continue;
      const column = k % columns;
      const row = (k - column) / columns;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const c = column + dx;
          const r = row + dy;
          if (c >= 0 && c < columns && r >= 0 && r < rows) spread[r * columns + c] = 1;
        }
      }
    }
    const key = spread.join("");
    if (previous?.key === key) {
      masks.push(previous.mask);
      continue;
    }
    const mask = new Uint8Array(size.width * size.height);
    for (let p = 0; p < mask.length; p++) mask[p] = spread[blockOf[p] as number] as number;
    previous = { key, mask };
    masks.push(mask);
  }
  return masks;
}

function union(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a === b) return a;
  const out = new Uint8Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = (a[i] as number) | (b[i] as number);
  return out;
}

function changeBetween(
  a: Gray,
  b: Gray,
  ignore: Uint8Array,
  size: FrameSize,
  options: DetectorOptions,
): { count: number; pixels: Uint8Array } {
  const changed = changedPixels(a, b, options.pixelThreshold, ignore);
  let total = 0;
  for (const value of changed) total += value;
  if (total < options.minChangePixels) return { count: 0, pixels: changed };
  return significantChange(changed, size, options.pointer);
}

/** Stretches of frames with no significant change from one frame to the next. */
export function stableStretches(
  frames: readonly Gray[],
  masks: readonly Uint8Array[],
  size: FrameSize,
  options: DetectorOptions,
): Stretch[] {
  const stretches: Stretch[] = [];
  let start = 0;
  const minFrames = Math.max(1, Math.round(options.minStableSeconds * options.fps));
  for (let i = 1; i <= frames.length; i++) {
    const moved =
      i === frames.length ||
      changeBetween(
        frames[i - 1] as Gray,
        frames[i] as Gray,
        union(masks[i - 1] as Uint8Array, masks[i] as Uint8Array),
        size,
        options,
      ).count >= options.minChangePixels;
    if (!moved) continue;
    if (i - start >= minFrames) stretches.push({ start, end: i - 1 });
    start = i;
  }
  return stretches;
}

const EDGE_FRAMES = 5;

/**
 * The changes of the shown picture: neighbouring stable stretches whose median frames differ
 * by more than a pointer; stretches that do not differ are one picture.
 */
export function findChanges(
  frames: readonly Gray[],
  size: FrameSize,
  options: DetectorOptions,
): { changes: Change[]; masks: Uint8Array[] } {
  const masks = persistentChangeMasks(frames, size, options);
  const stretches = stableStretches(frames, masks, size, options);
  const changes: Change[] = [];
  let current = stretches[0];
  for (const next of stretches.slice(1)) {
    if (!current) break;
    const before = medianFrame(frames.slice(Math.max(current.start, current.end - EDGE_FRAMES + 1), current.end + 1));
    const after = medianFrame(frames.slice(next.start, Math.min(next.end, next.start + EDGE_FRAMES - 1) + 1));
    const ignore = union(masks[current.end] as Uint8Array, masks[next.start] as Uint8Array);
    const change = changeBetween(before, after, ignore, size, options);
    if (change.count >= options.minChangePixels) {
      changes.push({ last: current.end, first: next.start, before, after, pixels: change.pixels });
      current = next;
    } else {
      current = { start: current.start, end: next.end };
    }
  }
  return { changes, masks };
}

/**
 * The picture standing for frames `from`–`to`: the median of up to seven frames spread over
 * them, and the pixels masked at any of those frames.
 */
export function representativeFrame(
  frames: readonly Gray[],
  masks: readonly Uint8Array[] | undefined,
  from: number,
  to: number,
): { frame: Gray; ignore: Uint8Array | undefined } {
  const count = Math.min(7, to - from + 1);
  const picked = Array.from({ length: count }, (_, k) => Math.round(from + ((to - from) * (k + 0.5)) / count));
  const frame = medianFrame(picked.map((i) => frames[i] as Gray));
  const ignore = masks ? picked.map((i) => masks[i] as Uint8Array).reduce(union) : undefined;
  return { frame, ignore };
}
