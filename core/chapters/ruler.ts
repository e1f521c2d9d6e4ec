/**
 * The editor's time ruler: how far apart its labelled ticks are at a scale, and which fall in a
 * window of the timeline. Labels are at least `MIN_LABEL_GAP_PX` apart whatever the zoom (an
 * `h:mm:ss` label is about 56 px wide), on steps a reader counts in: 1, 2, 5, 10, 15, 30 s, 1, 2,
 * 5, 10, 15, 30 min, 1 h.
 */
export const MIN_LABEL_GAP_PX = 64;

/** Each labelled step (s) and how many parts its unlabelled ticks cut it into. */
const STEPS: readonly (readonly [seconds: number, parts: number])[] = [
  [1, 5],
  [2, 4],
  [5, 5],
  [10, 5],
  [15, 3],
  [30, 6],
  [60, 6],
  [120, 4],
  [300, 5],
  [600, 5],
  [900, 3],
  [1800, 6],
  [3600, 6],
];

export interface RulerSpacing {
  /** Between two labelled ticks. */
  majorMs: number;
  /** Between two small ticks. */
  minorMs: number;
}

/** The smallest step whose labels stay `MIN_LABEL_GAP_PX` apart at `pxPerSecond`. */
export function rulerSpacing(pxPerSecond: number): RulerSpacing {
  const fitting = STEPS.find(([seconds]) => seconds * pxPerSecond >= MIN_LABEL_GAP_PX);
  const [seconds, parts] = fitting ?? (STEPS[STEPS.length - 1] as readonly [number, number]);
  return { majorMs: seconds * 1000, minorMs: (seconds * 1000) / parts };
}

/** The labelled ticks from `fromMs` to `toMs` (both within the video, `0..durationMs`), in order. */
export function rulerTicks(fromMs: number, toMs: number, durationMs: number, majorMs: number): number[] {
  const first = Math.max(0, Math.ceil(fromMs / majorMs)) * majorMs;
  const last = Math.min(toMs, durationMs);
  const ticks: number[] = [];
  for (let time = first; time <= last; time += majorMs) ticks.push(time);
  return ticks;
}

/** A tick's label: `m:ss`, `h:mm:ss` from an hour on (a ruler's labels are whole seconds). */
export function rulerLabel(ms: number): string {
  const total = Math.round(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}
