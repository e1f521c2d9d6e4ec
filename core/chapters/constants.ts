/**
 * The chapter editor's constants (spec 2 §9), with the spec's names and values. Widths are
 * timeline pixels at the base scale (zoom 0, 18 px per second), so they are a duration too.
 */
const BASE_PX_PER_SECOND = 18;
export const ZOOM_MIN = 0;
export const ZOOM_MAX = 100;
export const ZOOM_STEP = 10;
/** The widest zoom multiplies the base scale by 1 + 4 = 5. */
const ZOOM_FACTOR = 4;
export const DEFAULT_CHAPTER_WIDTH_SECONDS = 60;
const MIN_RESIZE_WIDTH = 50;
const MIN_CUT_POSITION = 25;
export const SEEK_STEP_SECONDS = 2;
export const SEEK_THROTTLE_MS = 40;

/** How many times the base scale a zoom (0–100) shows: 1 to 5, what the zoom control reads (×1.4). */
export const zoomMultiplier = (zoom: number) => 1 + (zoom / ZOOM_MAX) * ZOOM_FACTOR;

/** Timeline pixels per second at a zoom (0–100). */
export const pixelsPerSecond = (zoom: number) => BASE_PX_PER_SECOND * zoomMultiplier(zoom);

/** A base-scale width in milliseconds, rounded up so a chapter at the limit still shows the full width. */
const baseWidthMs = (width: number) => Math.ceil((width / BASE_PX_PER_SECOND) * 1000);

/** Invariant: no chapter is shorter than this (50 px at the base scale, about 2.8 s). */
export const MIN_CHAPTER_MS = baseWidthMs(MIN_RESIZE_WIDTH);

/**
 * How far from a chapter's edges a cut may fall. The spec's minimum cut position (25) alone would
 * leave pieces under the minimum width (50); both parts of a cut must keep the minimum width, which
 * also honours the 25.
 */
export const MIN_CUT_MARGIN_MS = Math.max(baseWidthMs(MIN_CUT_POSITION), MIN_CHAPTER_MS);

/** A duration's width at the base scale, as the save's `width` carries it. */
export const baseWidthOf = (durationMs: number) => Math.round((durationMs / 1000) * BASE_PX_PER_SECOND);
