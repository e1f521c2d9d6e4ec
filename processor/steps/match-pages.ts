/**
 * Which PDF page a stretch of video shows. Frame and pages are compared by their edges (the
 * outlines of text, shapes and pictures) after stretching each one's gray levels to the full
 * range, so a darker or washed-out recording still matches. The comparison is lopsided: what
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

/**
 * The index of the page that best explains the frame. Near-ties (duplicate pages, a build's
 * first state) go to the page shown before, then to the one after it, as a talk goes forward.
 */
export function bestPage(
  frame: PageFeatures,
  pages: readonly PageFeatures[],
  ignore: Uint8Array | undefined,
  previous: number | undefined,
): number {
  const scores = pages.map((page) => mismatch(frame, page, ignore));
  let best = 0;
  scores.forEach((score, index) => {
    if (score < (scores[best] as number)) best = index;
  });
  const limit = (scores[best] as number) * (1 + TIE_SHARE) + 1;
  for (const preferred of previous === undefined ? [] : [previous, previous + 1]) {
    if (preferred < scores.length && (scores[preferred] as number) <= limit) return preferred;
  }
  return best;
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
