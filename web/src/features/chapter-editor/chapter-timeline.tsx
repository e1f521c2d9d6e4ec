import { pixelsPerSecond } from "@core/chapters/constants";
import type { Chapter, EditorAction } from "@core/chapters/model";
import { clockTime } from "@core/chapters/time-format";
import type { Waveform } from "@core/processing/protocol";
import { type CSSProperties, type KeyboardEvent, memo, type PointerEvent, useCallback, useEffect, useRef } from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import styles from "./chapter-editor.module.css";
import type { EditorStoryboard } from "./chapter-editor-api";
import { TimelineFilmstrip, TimelineWaveform } from "./timeline-media";
import { TimelineRuler } from "./timeline-ruler";

/** Arrow keys on a boundary move it 1 s, 5 s with Shift: the keyboard way of every drag. */
const KEY_STEP_MS = 1000;
const KEY_BIG_STEP_MS = 5000;
/** Chapter colours (tokens `--color-chapter-1…6`), one after another. */
const HUES = 6;
/** Where a playhead that left the view is brought back, as a share of the view from its left. */
const PLAYHEAD_REVEAL_AT = 0.15;

interface TimelineProps {
  chapters: readonly Chapter[];
  durationMs: number;
  zoom: number;
  playheadMs: number;
  selected: readonly [number, number] | null;
  dispatch: (action: EditorAction) => void;
  onSeek: (ms: number) => void;
  /** The video's frames and the sound's peaks under the chapters, when the processor made them. */
  storyboard: EditorStoryboard | null;
  waveform: Waveform | null;
}

/**
 * The chapters on a time axis, 18 px per second × (1 + zoom/100 × 4), under a time ruler: each
 * chapter a coloured block with its title and picture, its left edge a handle dragged with the
 * pointer or moved with the arrow keys. The playhead is dragged by its head or anywhere on the
 * ruler, the filmstrip or the waveform (the page throttles the video's seeks); a playhead that
 * leaves the view brings it along.
 */
export function ChapterTimeline({
  chapters,
  durationMs,
  zoom,
  playheadMs,
  selected,
  dispatch,
  onSeek,
  storyboard,
  waveform,
}: TimelineProps) {
  const { t } = useTranslation("versions");
  const pxPerMs = pixelsPerSecond(zoom) / 1000;
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const drag = useRef<{ index: number; startX: number; startTime: number; frame: number; x: number } | null>(null);
  const scrub = useRef<{ frame: number; x: number } | null>(null);
  // The handlers stay the same functions across renders (so unchanged chapters skip rendering) and read these.
  const live = useRef({ chapters, pxPerMs, dispatch, onSeek });
  live.current = { chapters, pxPerMs, dispatch, onSeek };

  const onPointerDown = useCallback((index: number, event: PointerEvent<HTMLDivElement>) => {
    const chapter = live.current.chapters[index];
    if (!chapter) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    event.preventDefault();
    drag.current = { index, startX: event.clientX, startTime: chapter.time, frame: 0, x: event.clientX };
  }, []);
  const dragTo = useCallback((x: number) => {
    const current = drag.current;
    if (!current) return;
    const time = current.startTime + (x - current.startX) / live.current.pxPerMs;
    // Rendered now, inside the frame's callback, so the frame being drawn already shows it.
    flushSync(() => live.current.dispatch({ type: "drag-boundary", index: current.index, time }));
  }, []);
  const onPointerMove = useCallback(
    (event: PointerEvent<HTMLDivElement>) => {
      const current = drag.current;
      if (!current) return;
      current.x = event.clientX;
      // One state change per frame, however many pointer events the frame had.
      if (current.frame) return;
      current.frame = requestAnimationFrame(() => {
        current.frame = 0;
        dragTo(current.x);
      });
    },
    [dragTo],
  );
  const onPointerUp = useCallback(() => {
    const current = drag.current;
    if (!current) return;
    if (current.frame) cancelAnimationFrame(current.frame);
    dragTo(current.x);
    live.current.dispatch({ type: "end-drag" });
    drag.current = null;
  }, [dragTo]);
  /** A click inside a chapter: the playhead goes where it fell (the scale read when it happens). */
  const seekWithin = useCallback((startMs: number, offsetPx: number) => {
    live.current.onSeek(startMs + offsetPx / live.current.pxPerMs);
  }, []);

  /** The playhead follows a press on the ruler or its head until the pointer is released. */
  const seekToPointer = useCallback((x: number) => {
    const left = content.current?.getBoundingClientRect().left ?? 0;
    live.current.onSeek((x - left) / live.current.pxPerMs);
  }, []);
  const onScrubDown = useCallback(
    (event: PointerEvent<HTMLDivElement>) => {
      if (event.button !== 0) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      event.preventDefault();
      scrub.current = { frame: 0, x: event.clientX };
      seekToPointer(event.clientX);
    },
    [seekToPointer],
  );
  const onScrubMove = useCallback(
    (event: PointerEvent<HTMLDivElement>) => {
      const current = scrub.current;
      if (!current) return;
      current.x = event.clientX;
      if (current.frame) return;
      current.frame = requestAnimationFrame(() => {
        current.frame = 0;
        seekToPointer(current.x);
      });
    },
    [seekToPointer],
  );
  const onScrubUp = useCallback(() => {
    const current = scrub.current;
    if (!current) return;
    if (current.frame) cancelAnimationFrame(current.frame);
    seekToPointer(current.x);
    scrub.current = null;
  }, [seekToPointer]);
  const scrubHandlers = {
    onPointerDown: onScrubDown,
    onPointerMove: onScrubMove,
    onPointerUp: onScrubUp,
    onPointerCancel: onScrubUp,
  };

  // Playing on (or a seek from the list) past the view's edge scrolls the playhead back into it.
  useEffect(() => {
    const element = scroller.current;
    if (!element || scrub.current) return;
    const x = playheadMs * pxPerMs;
    if (x < element.scrollLeft || x > element.scrollLeft + element.clientWidth - 24) {
      element.scrollLeft = Math.max(0, x - element.clientWidth * PLAYHEAD_REVEAL_AT);
    }
  }, [playheadMs, pxPerMs]);

  const onHandleKey = useCallback((index: number, event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? KEY_BIG_STEP_MS : KEY_STEP_MS;
    const delta = event.key === "ArrowLeft" ? -step : event.key === "ArrowRight" ? step : 0;
    if (!delta) return;
    event.preventDefault();
    live.current.dispatch({ type: "resize-by", index, deltaMs: delta });
  }, []);

  return (
    <div ref={scroller} className={styles.timelineScroll} data-testid="chapter-timeline">
      {/* The scale is one custom property: a zoom change restyles the timeline without rendering its chapters. */}
      <div
        ref={content}
        className={styles.timeline}
        style={{ "--px-per-ms": pxPerMs, width: `calc(${durationMs}px * var(--px-per-ms))` } as CSSProperties}
      >
        <div className={styles.rulerBand} {...scrubHandlers}>
          <TimelineRuler scroller={scroller} durationMs={durationMs} pxPerMs={pxPerMs} />
        </div>
        <div className={styles.lane}>
          {chapters.map((chapter, index) => (
            <TimelineChapter
              key={chapter.key}
              chapter={chapter}
              index={index}
              lengthMs={(chapters[index + 1]?.time ?? durationMs) - chapter.time}
              selected={selected !== null && index >= selected[0] && index <= selected[1]}
              dispatch={dispatch}
              seekWithin={seekWithin}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onHandleKey={onHandleKey}
            />
          ))}
        </div>
        {storyboard ? (
          <div {...scrubHandlers}>
            <TimelineFilmstrip scroller={scroller} storyboard={storyboard} durationMs={durationMs} pxPerMs={pxPerMs} />
          </div>
        ) : null}
        {waveform ? (
          <div {...scrubHandlers}>
            <TimelineWaveform scroller={scroller} waveform={waveform} pxPerMs={pxPerMs} />
          </div>
        ) : null}
        <div
          className={styles.playhead}
          style={{ transform: `translateX(calc(${playheadMs}px * var(--px-per-ms)))` }}
          data-testid="timeline-playhead"
        >
          <div
            className={styles.playheadHead}
            role="slider"
            tabIndex={0}
            aria-label={t("editor.timeline.playhead")}
            aria-valuemin={0}
            aria-valuemax={Math.round(durationMs / 1000)}
            aria-valuenow={Math.round(playheadMs / 1000)}
            aria-valuetext={clockTime(playheadMs)}
            aria-orientation="horizontal"
            {...scrubHandlers}
            data-testid="playhead-handle"
          />
        </div>
      </div>
    </div>
  );
}

const TimelineChapter = memo(function TimelineChapter({
  chapter,
  index,
  lengthMs,
  selected,
  dispatch,
  seekWithin,
  onPointerDown,
  onPointerMove,
  onPointerUp,
  onHandleKey,
}: {
  chapter: Chapter;
  index: number;
  lengthMs: number;
  selected: boolean;
  dispatch: (action: EditorAction) => void;
  seekWithin: (startMs: number, offsetPx: number) => void;
  onPointerDown: (index: number, event: PointerEvent<HTMLDivElement>) => void;
  onPointerMove: (event: PointerEvent<HTMLDivElement>) => void;
  onPointerUp: () => void;
  onHandleKey: (index: number, event: KeyboardEvent<HTMLDivElement>) => void;
}) {
  const { t } = useTranslation("versions");
  const title = chapter.title || t("editor.export.untitled", { n: index + 1 });
  return (
    <div
      className={selected ? `${styles.block} ${styles.blockSelected}` : styles.block}
      style={{
        transform: `translateX(calc(${chapter.time}px * var(--px-per-ms)))`,
        width: `calc(${lengthMs}px * var(--px-per-ms))`,
      }}
      data-hue={index % HUES}
      data-testid="timeline-chapter"
    >
      <button
        type="button"
        className={styles.blockBody}
        aria-pressed={selected}
        title={`${title} · ${clockTime(chapter.time)} – ${clockTime(chapter.time + lengthMs)}`}
        onClick={(event) => {
          dispatch({ type: "select", key: chapter.key, extend: event.shiftKey });
          seekWithin(chapter.time, event.clientX - event.currentTarget.getBoundingClientRect().left);
        }}
      >
        <span className={styles.blockLabel}>
          {chapter.image ? <img src={chapter.image} alt="" loading="lazy" className={styles.blockImage} /> : null}
          <span className={styles.blockText}>
            <span className={styles.blockTitle} data-testid="timeline-chapter-title">
              {title}
            </span>
            <span className={styles.blockTime}>{clockTime(chapter.time)}</span>
          </span>
        </span>
      </button>
      {index > 0 ? (
        <div
          className={styles.handle}
          role="slider"
          tabIndex={0}
          aria-label={t("editor.timeline.boundary", { time: clockTime(chapter.time) })}
          aria-valuenow={Math.round(chapter.time / 1000)}
          aria-valuetext={clockTime(chapter.time)}
          aria-orientation="horizontal"
          onPointerDown={(event) => onPointerDown(index, event)}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={(event) => onHandleKey(index, event)}
          data-testid="timeline-handle"
        />
      ) : null}
    </div>
  );
});
