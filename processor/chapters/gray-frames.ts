/**
 * Pixel operations on the small gray frames the chapter detector reads (one byte a pixel, row
 * by row). Pure functions, so the detector's decisions are tested without ffmpeg.
 */
export type Gray = Uint8Array;

export interface FrameSize {
  width: number;
  height: number;
}

/** The size every frame and page is compared at: text lines stay several pixels high. */
export const ANALYSIS_SIZE: FrameSize = { width: 192, height: 108 };

/**
 * 1 where two frames differ by more than `threshold` gray levels (compression noise stays
 * under it), 0 elsewhere and where `ignore` is set.
 */
export function changedPixels(a: Gray, b: Gray, threshold: number, ignore?: Uint8Array): Uint8Array {
  const changed = new Uint8Array(a.length);
  for (let i = 0; i < a.length; i++) {
    if (ignore?.[i]) continue;
    if (Math.abs((a[i] as number) - (b[i] as number)) > threshold) changed[i] = 1;
  }
  return changed;
}

/** Max of each pixel's square neighbourhood of `radius` (separable: rows, then columns). */
export function dilate(values: Uint8Array, size: FrameSize, radius: number): Uint8Array {
  const { width, height } = size;
  const rows = new Uint8Array(values.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let max = 0;
      for (let dx = Math.max(0, x - radius); dx <= Math.min(width - 1, x + radius); dx++) {
        const value = values[y * width + dx] as number;
        if (value > max) max = value;
      }
      rows[y * width + x] = max;
    }
  }
  const out = new Uint8Array(values.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let max = 0;
      for (let dy = Math.max(0, y - radius); dy <= Math.min(height - 1, y + radius); dy++) {
        const value = rows[dy * width + x] as number;
        if (value > max) max = value;
      }
      out[y * width + x] = max;
    }
  }
  return out;
}

/**
 * The changed pixels that belong to a change larger than a mouse pointer: changed pixels are
 * joined with their neighbours within `join` pixels (the letters of a line of text become one
 * region), and a region counts when it spans more than `pointer` pixels in width or height.
 * A moving pointer leaves two small regions (where it was, where it is) and counts for nothing.
 */
export function significantChange(
  changed: Uint8Array,
  size: FrameSize,
  pointer: { width: number; height: number },
  join = 2,
): { count: number; pixels: Uint8Array } {
  const { width, height } = size;
  const joined = dilate(changed, size, join);
  const label = new Int32Array(changed.length).fill(-1);
  const pixels = new Uint8Array(changed.length);
  let count = 0;
  const stack: number[] = [];
  const members: number[] = [];
  for (let start = 0; start < joined.length; start++) {
    if (!joined[start] || label[start] !== -1) continue;
    let minX = width;
    let maxX = -1;
    let minY = height;
    let maxY = -1;
    members.length = 0;
    stack.push(start);
    label[start] = start;
    while (stack.length > 0) {
      const at = stack.pop() as number;
      const x = at % width;
      const y = (at - x) / width;
      if (changed[at]) {
        members.push(at);
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
      const neighbours = [x > 0 ? at - 1 : -1, x < width - 1 ? at + 1 : -1, at - width, at + width];
      for (const next of neighbours) {
        if (next < 0 || next >= joined.length || !joined[next] || label[next] !== -1) continue;
        label[next] = start;
        stack.push(next);
      }
    }
    if (maxX - minX + 1 > pointer.width || maxY - minY + 1 > pointer.height) {
      count += members.length;
      for (const at of members) pixels[at] = 1;
    }
  }
  return { count, pixels };
}

/** Per-pixel median of a few frames: a pointer passing through one of them disappears. */
export function medianFrame(frames: readonly Gray[]): Gray {
  const first = frames[0];
  if (!first) throw new Error("medianFrame needs at least one frame");
  if (frames.length <= 2) return first;
  const out = new Uint8Array(first.length);
  const values = new Array<number>(frames.length);
  const middle = Math.floor(frames.length / 2);
  for (let i = 0; i < first.length; i++) {
    for (let k = 0; k < frames.length; k++) values[k] = (frames[k] as Gray)[i] as number;
    values.sort((a, b) => a - b);
    out[i] = values[middle] as number;
  }
  return out;
}

/** Mean absolute difference over the pixels set in `where` (all pixels when it is empty). */
export function meanDifference(a: Gray, b: Gray, where: Uint8Array): number {
  let total = 0;
  let pixels = 0;
  for (let i = 0; i < a.length; i++) {
    if (!where[i]) continue;
    total += Math.abs((a[i] as number) - (b[i] as number));
    pixels++;
  }
  return pixels === 0 ? 0 : total / pixels;
}
