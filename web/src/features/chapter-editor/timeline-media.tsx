import type { Waveform } from "@core/processing/protocol";
import { memo, type RefObject, useEffect, useMemo, useRef } from "react";
import styles from "./chapter-editor.module.css";
import type { EditorStoryboard } from "./chapter-editor-api";
import { useVisibleWindow } from "./use-visible-window";

/** The filmstrip's tiles on screen: the lane's height at 16:9. */
const FILM_TILE = { width: 64, height: 36 };

/**
 * Frames of the video under the chapters (the processor's storyboard, as YouTube's): one tile
 * every 64 px of timeline showing the storyboard frame nearest its start. Only tiles in view (and
 * one screen either side) are in the page.
 */
export const TimelineFilmstrip = memo(function TimelineFilmstrip({
  scroller,
  storyboard,
  durationMs,
  pxPerMs,
}: {
  scroller: RefObject<HTMLElement | null>;
  storyboard: EditorStoryboard;
  durationMs: number;
  pxPerMs: number;
}) {
  const view = useVisibleWindow(scroller);
  const totalPx = durationMs * pxPerMs;
  const first = Math.max(0, Math.floor((view.left - view.width) / FILM_TILE.width));
  const last = Math.min(
    Math.ceil(totalPx / FILM_TILE.width),
    Math.ceil((view.left + 2 * view.width) / FILM_TILE.width),
  );
  const perSheet = storyboard.columns * storyboard.rows;
  const tiles = [];
  for (let slot = first; slot < last; slot++) {
    const left = slot * FILM_TILE.width;
    const frame = Math.min(storyboard.frames - 1, Math.round(left / pxPerMs / storyboard.intervalMs));
    const sheet = storyboard.sheets[Math.floor(frame / perSheet)];
    if (!sheet) continue;
    const inSheet = frame % perSheet;
    tiles.push(
      <span
        key={slot}
        className={styles.filmTile}
        style={{
          left,
          width: Math.min(FILM_TILE.width, totalPx - left),
          backgroundImage: `url("${sheet}")`,
          backgroundSize: `${storyboard.columns * FILM_TILE.width}px ${storyboard.rows * FILM_TILE.height}px`,
          backgroundPosition: `${-(inSheet % storyboard.columns) * FILM_TILE.width}px ${-Math.floor(inSheet / storyboard.columns) * FILM_TILE.height}px`,
        }}
      />,
    );
  }
  return (
    <div className={styles.filmstrip} data-testid="timeline-filmstrip" aria-hidden>
      {tiles}
    </div>
  );
});

/**
 * The sound's peaks under the filmstrip, drawn on a canvas the size of the view (a two-hour talk
 * is 648,000 px at the widest zoom): each pixel column the loudest peak it covers, so pauses show
 * as gaps where a cut fits.
 */
export const TimelineWaveform = memo(function TimelineWaveform({
  scroller,
  waveform,
  pxPerMs,
}: {
  scroller: RefObject<HTMLElement | null>;
  waveform: Waveform;
  pxPerMs: number;
}) {
  const view = useVisibleWindow(scroller);
  const canvas = useRef<HTMLCanvasElement>(null);
  // Drawn against the talk's own loudest peak: a quiet recording fills the lane as a loud one does.
  const loudestOfAll = useMemo(() => waveform.peaks.reduce((most, peak) => Math.max(most, peak), 1), [waveform]);
  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext("2d");
    if (!element || !context || view.width === 0) return;
    const ratio = window.devicePixelRatio || 1;
    const height = element.clientHeight;
    // A canvas resized is a new bitmap: only when the view's size changed, not on every scroll or zoom.
    const width = Math.round(view.width * ratio);
    if (element.width !== width) element.width = width;
    if (element.height !== Math.round(height * ratio)) element.height = Math.round(height * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, view.width, height);
    context.fillStyle = getComputedStyle(element).color;
    const peaksPerMs = waveform.peaksPerSecond / 1000;
    const middle = height / 2;
    for (let x = 0; x < view.width; x++) {
      const from = Math.floor(((view.left + x) / pxPerMs) * peaksPerMs);
      const to = Math.max(from + 1, Math.floor(((view.left + x + 1) / pxPerMs) * peaksPerMs));
      let loudest = -1;
      for (let index = from; index < to && index < waveform.peaks.length; index++) {
        loudest = Math.max(loudest, waveform.peaks[index] ?? 0);
      }
      if (loudest < 0) break;
      const half = Math.max(0.5, (loudest / loudestOfAll) * middle);
      context.fillRect(x, middle - half, 1, half * 2);
    }
  }, [view, waveform, pxPerMs, loudestOfAll]);
  return (
    <div className={styles.waveform} data-testid="timeline-waveform" aria-hidden>
      <canvas ref={canvas} className={styles.waveformCanvas} style={{ left: view.left, width: view.width }} />
    </div>
  );
});
