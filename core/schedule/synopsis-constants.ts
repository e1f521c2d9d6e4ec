/**
 * The synopsis (timetable) constants of the schedule spec (§2, §4, §9), with the spec's names and
 * values, and the small rules that read them.
 */

/** At this width and above the synopsis shows one column per room per day; below, one day and one room at a time. */
export const SYNOPSIS_BREAKPOINT_PX = 1024;

/** At or below this width the sidebar becomes a drawer (mobile layout); above it, it is collapsible. */
export const SIDEBAR_BREAKPOINT_PX = 991;

/** The hour labels of the synopsis rail, 1 to 24. */
export const SYNOPSIS_HOURS: readonly number[] = Array.from({ length: 24 }, (_, index) => index + 1);

/** The zoom slider's levels, in percent; level 1 is shown as 0 %. */
export const ZOOM_LEVELS = [1, 25, 50, 75, 100] as const;

/** A zoom level of {@link ZOOM_LEVELS}. */
export type ZoomLevel = (typeof ZOOM_LEVELS)[number];

/** A position on the zoom slider: an index into {@link ZOOM_LEVELS} and the per-zoom height tables. */
export type ZoomIndex = 0 | 1 | 2 | 3 | 4;

/** The synopsis opens at 50 %. */
export const DEFAULT_ZOOM_INDEX: ZoomIndex = 2;

/** Height of a day column (00:00 to 24:00) at each zoom index. */
export const ZOOM_CONTAINER_HEIGHTS_PX = [800, 850, 1080, 1880, 2380] as const;

/** The least height of a card at each zoom index, whatever its duration. */
export const ZOOM_MIN_CARD_HEIGHTS_PX = [45, 95, 105, 150, 235] as const;

/** The day column's height at the default zoom. */
export const BASE_CONTAINER_HEIGHT_PX = 1080;

/** The least height of a compact card: 60 minutes or less, with nothing beside it. */
export const COMPACT_CARD_HEIGHT_PX = 60;

/** Presentations starting within this many minutes of a run's first may collapse into one group. */
export const GROUP_WINDOW_MINUTES = 60;

/** A run of non-overlapping presentations collapses into a group from this many members. */
export const GROUP_MIN_SIZE = 4;

/** The zoom indices from which cards show their details (speaker picture, type and association labels). */
const DETAILS_FROM_ZOOM_INDEX: ZoomIndex = 2;

/** The percentage the zoom slider shows for a level: level 1 reads as 0. Formatting ("0 %") is the UI's. */
export function zoomLabel(level: ZoomLevel): number {
  return level === 1 ? 0 : level;
}

/** The zoom index nearest to a slider value, kept within the zoom tables. */
export function clampZoomIndex(value: number): ZoomIndex {
  if (!Number.isFinite(value)) return DEFAULT_ZOOM_INDEX;
  const rounded = Math.round(value);
  if (rounded <= 0) return 0;
  if (rounded >= 4) return 4;
  return rounded as ZoomIndex;
}

/**
 * Whether cards show their details at a zoom: not at the two smallest zooms (0 % and 25 %),
 * where a card's least height (45 or 95 px) leaves room for the name and time only.
 */
export function zoomShowsDetails(zoom: ZoomIndex): boolean {
  return zoom >= DETAILS_FROM_ZOOM_INDEX;
}
