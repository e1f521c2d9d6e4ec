/** A swipe shorter than this is a tap or a scroll, not a change of slide. */
const SWIPE_MIN_PX = 50;

/** The slide after moving `step` from `index` among `count`, staying within the first and the last. */
export function slideAfter(index: number, step: number, count: number): number {
  return Math.min(Math.max(index + step, 0), Math.max(count - 1, 0));
}

/**
 * The step a finger's movement asks for: a mostly horizontal swipe to the left shows the next
 * slide (+1), to the right the previous one (-1); anything else (a tap, a vertical scroll) 0.
 */
export function swipeStep(deltaX: number, deltaY: number): -1 | 0 | 1 {
  if (Math.abs(deltaX) < SWIPE_MIN_PX || Math.abs(deltaX) <= Math.abs(deltaY)) return 0;
  return deltaX < 0 ? 1 : -1;
}
