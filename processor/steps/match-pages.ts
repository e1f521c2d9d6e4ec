/**
 * Which PDF page a stretch of video shows. Frame and pages are compared by their gray levels,
 * a video whose levels are squeezed inside the deck's brought to the deck's range first (see
 * levelMapping). The comparison is lopsided: what
 * the frame shows and the page lacks costs a lot, what the page has and the frame lacks costs a
 * little, so a bullet build (a page with some bullets not shown yet) matches its page. Masked
 * pixels (a webcam picture-in-picture, a clip playing in a slide) are left out.
 */
import type { Gray } from "../chapters/gray-frames";

/** The weight of page content missing from the frame, relative to frame content not on the page. */
const MISSING_WEIGHT = 0.15;
/** Pages whose scores are within this share of the best are ties, settled by the deck's order. */
const TIE_SHARE = 0.02;

/** A page's most common gray level: its background (light or dark). */
function backgroundLevel(gray: Gray): number {
  const histogram = new Uint32Array(256);
  for (const value of gray) histogram[value] = (histogram[value] as number) + 1;
  let best = 0;
  for (let value = 1; value < 256; value++)
    if ((histogram[value] as number) > (histogram[best] as number)) best = value;
  return best;
}

export interface PageFeatures {
  /** Gray levels stretched to the full range. */
  levels: Gray;
  background: number;
}

export function features(gray: Gray): PageFeatures {
  return { levels: gray, background: backgroundLevel(gray) };
}

/** Share of the pixels left out at each end of a range of gray levels (stray specks). */
const RANGE_TAIL = 0.01;
/** Range ends this close are the same level. */
const RANGE_SLACK = 4;

export interface LevelRange {
  low: number;
  high: number;
}

/** The darkest and lightest gray levels of some pictures (but a 1 % tail), masked pixels left out. */
export function levelRange(grays: readonly Gray[], ignores: ReadonlyArray<Uint8Array | undefined> = []): LevelRange {
  const histogram = new Float64Array(256);
  let total = 0;
  grays.forEach((gray, k) => {
    const ignore = ignores[k];
    for (let i = 0; i < gray.length; i++) {
      if (ignore?.[i]) continue;
      histogram[gray[i] as number] = (histogram[gray[i] as number] as number) + 1;
      total++;
    }
  });
  const tail = total * RANGE_TAIL;
  let low = 0;
  for (let seen = histogram[0] as number; seen <= tail && low < 255; ) seen += histogram[++low] as number;
  let high = 255;
  for (let seen = histogram[255] as number; seen <= tail && high > 0; ) seen += histogram[--high] as number;
  return { low, high };
}

/**
 * The video's gray levels brought to the deck's range when they are squeezed inside it (both
 * its darkest and its lightest level more than 4 levels inside the deck's): a recording of
 * full-range colours saved as limited range (black at 16, white at 235), or washed out, compares
 * with the PDF's renders by the same levels. The same linear map for every frame of the video.
 * Any other video is compared as it is: a lighter darkest level alone is as often a deck shown
 * on dark gray bars, or with a dark page never shown, as a lightened recording.
 */
export function levelMapping(video: LevelRange, deck: LevelRange): (gray: Gray) => Gray {
  const squeezed = video.low > deck.low + RANGE_SLACK && video.high < deck.high - RANGE_SLACK;
  if (!squeezed || video.high - video.low < 32) return (gray) => gray;
  const scale = (deck.high - deck.low) / (video.high - video.low);
  return (gray) => gray.map((value) => Math.max(0, Math.min(255, Math.round(deck.low + (value - video.low) * scale))));
}

/** How far from the background a pixel must be to be content (text, shapes, pictures). */
const CONTENT_LEVELS = 32;

/**
 * How badly `page` explains `frame`: the sum of gray differences, where a pixel the frame shows
 * as the page's background but the page fills (content not shown yet) counts for little.
 */
export function mismatch(frame: PageFeatures, page: PageFeatures, ignore?: Uint8Array): number {
  let total = 0;
  const background = page.background;
  for (let i = 0; i < frame.levels.length; i++) {
    if (ignore?.[i]) continue;
    const shown = frame.levels[i] as number;
    const expected = page.levels[i] as number;
    const difference = Math.abs(shown - expected);
    const notYetShown =
      Math.abs(shown - background) < CONTENT_LEVELS && Math.abs(expected - background) >= CONTENT_LEVELS;
    total += notYetShown ? MISSING_WEIGHT * difference : difference;
  }
  return total;
}

/** Pages whose scores are within this share of the best are look-alikes, told apart where they differ. */
const LOOK_ALIKE_SHARE = 0.5;
/** Page pixels that differ by more than this many levels tell two look-alike pages apart. */
const DIFFERING_LEVELS = 16;

/**
 * The index of the page that best explains the frame. Pages whose scores come close to the
 * best one (look-alikes: an agenda with another line highlighted, the same template with another
 * number) are compared again on the pixels where they differ from each other only, so the
 * margin that makes two of them a tie is relative to what tells them apart, not to the
 * compression noise and pointer spread over the whole frame. Ties there (duplicate pages, a
 * build's first state) go to the page shown before, then to the one after it: a talk goes
 * forward.
 */
export function bestPage(
  frame: PageFeatures,
  pages: readonly PageFeatures[],
  ignore: Uint8Array | undefined,
  previous: number | undefined,
): number {
  return rankPages(frame, pages, ignore, previous).page;
}

export interface PageRanking {
  page: number;
  /** Its mismatch over the frame's unmasked pixels, per pixel (gray levels). */
  perPixel: number;
}

export function rankPages(
  frame: PageFeatures,
  pages: readonly PageFeatures[],
  ignore: Uint8Array | undefined,
  previous: number | undefined,
): PageRanking {
  const scores = pages.map((page) => mismatch(frame, page, ignore));
  let best = 0;
  scores.forEach((score, index) => {
    if (score < (scores[best] as number)) best = index;
  });
  const bestScore = scores[best] as number;
  const perPixel = bestScore / Math.max(1, unmaskedCount(frame.levels.length, ignore));
  const near = scores.flatMap((score, index) => (score <= bestScore * (1 + LOOK_ALIKE_SHARE) + 1 ? [index] : []));
  if (near.length < 2) return { page: best, perPixel };
  const alike = alikePixels(
    near.map((index) => pages[index] as PageFeatures),
    ignore,
  );
  const regional = near.map((index) => mismatch(frame, pages[index] as PageFeatures, alike));
  let regionalBest = 0;
  regional.forEach((score, k) => {
    if (score < (regional[regionalBest] as number)) regionalBest = k;
  });
  const limit = (regional[regionalBest] as number) * (1 + TIE_SHARE) + 1;
  for (const preferred of previous === undefined ? [] : [previous, previous + 1]) {
    const k = near.indexOf(preferred);
    if (k >= 0 && (regional[k] as number) <= limit) return { page: preferred, perPixel };
  }
  return { page: near[regionalBest] as number, perPixel };
}

function unmaskedCount(length: number, ignore: Uint8Array | undefined): number {
  if (!ignore) return length;
  let count = 0;
  for (let i = 0; i < length; i++) if (!ignore[i]) count++;
  return count;
}

/**
 * The pixels to leave out when comparing look-alike pages: the masked ones and those where
 * every page shows the same (within DIFFERING_LEVELS). Duplicate pages leave nothing: all tie.
 */
function alikePixels(pages: readonly PageFeatures[], ignore: Uint8Array | undefined): Uint8Array {
  const length = (pages[0] as PageFeatures).levels.length;
  const leftOut = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    if (ignore?.[i]) {
      leftOut[i] = 1;
      continue;
    }
    let low = 255;
    let high = 0;
    for (const page of pages) {
      const value = page.levels[i] as number;
      if (value < low) low = value;
      if (value > high) high = value;
    }
    if (high - low <= DIFFERING_LEVELS) leftOut[i] = 1;
  }
  return leftOut;
}

/**
 * Whether a change only adds content on a background of `background` (a bullet appearing):
 * nearly every pixel that changed was background before it.
 */
export function addsContent(change: { before: Gray; pixels: Uint8Array }, background: number): boolean {
  let changed = 0;
  let wasBackground = 0;
  for (let i = 0; i < change.pixels.length; i++) {
    if (!change.pixels[i]) continue;
    changed++;
    if (Math.abs((change.before[i] as number) - background) < CONTENT_LEVELS) wasBackground++;
  }
  return changed > 0 && wasBackground >= 0.8 * changed;
}

/** How much worse than its best page a build's earlier state may match the page it builds up to. */
export const BUILD_SLACK = 1.3;
