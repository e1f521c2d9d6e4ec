import { rulerLabel, rulerSpacing, rulerTicks } from "@core/chapters/ruler";
import { type CSSProperties, memo, type RefObject } from "react";
import styles from "./chapter-editor.module.css";
import { useVisibleWindow } from "./use-visible-window";

/**
 * The time ruler over the chapters: labelled ticks spaced for the zoom (1 s at the widest, 5 s at
 * the base scale; see core/chapters/ruler.ts), small ticks between them drawn by the background.
 * Only the labels in view (and one screen either side) are in the page.
 */
export const TimelineRuler = memo(function TimelineRuler({
  scroller,
  durationMs,
  pxPerMs,
}: {
  scroller: RefObject<HTMLElement | null>;
  durationMs: number;
  pxPerMs: number;
}) {
  const view = useVisibleWindow(scroller);
  const { majorMs, minorMs } = rulerSpacing(pxPerMs * 1000);
  const from = (view.left - view.width) / pxPerMs;
  const to = (view.left + 2 * view.width) / pxPerMs;
  const ticks = rulerTicks(from, to, durationMs, majorMs);
  return (
    <div
      className={styles.ruler}
      style={{ "--minor-px": `${minorMs * pxPerMs}px` } as CSSProperties}
      data-testid="timeline-ruler"
      data-major-ms={majorMs}
      aria-hidden
    >
      {ticks.map((time) => (
        <span
          key={time}
          className={styles.rulerTick}
          style={{ transform: `translateX(calc(${time}px * var(--px-per-ms)))` }}
          data-testid="ruler-label"
          data-ms={time}
        >
          {rulerLabel(time)}
        </span>
      ))}
    </div>
  );
});
