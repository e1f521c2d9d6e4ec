import { MIN_CHAPTER_MS, MIN_CUT_MARGIN_MS, ZOOM_MAX, ZOOM_MIN, ZOOM_STEP } from "./constants";
import { type Chapter, type ChapterSelection, chapterEnd, type EditorAction, type EditorState } from "./model";
import { clockTime } from "./time-format";

/** A version's chapters as the API gives them (`id` is the image URL, `time` in ms). */
export interface ChapterInput {
  id: string;
  time: number;
  title: string | null;
  description?: string | null;
}

/** The editor opened on a version's chapters; a video without any gets one chapter covering it. */
export function createEditorState(thumbnails: readonly ChapterInput[], durationMs: number): EditorState {
  const chapters = thumbnails.map((thumbnail, index) => ({
    key: `c${index}`,
    image: thumbnail.id,
    time: thumbnail.time,
    title: thumbnail.title ?? "",
    description: thumbnail.description ?? "",
  }));
  return {
    durationMs,
    chapters,
    past: [],
    future: [],
    saved: chapters,
    dragOrigin: null,
    selection: null,
    playheadMs: 0,
    zoom: ZOOM_MIN,
    nextKey: chapters.length,
    notice: null,
    noticeSeq: 0,
  };
}

const indexOfKey = (chapters: readonly Chapter[], key: string) => chapters.findIndex((chapter) => chapter.key === key);

/** The selection as an index range, or null when it names chapters that are gone. */
export function selectedRange(state: Pick<EditorState, "chapters" | "selection">): [number, number] | null {
  if (!state.selection) return null;
  const first = indexOfKey(state.chapters, state.selection.first);
  const last = indexOfKey(state.chapters, state.selection.last);
  return first < 0 || last < 0 || first > last ? null : [first, last];
}

function notify(state: EditorState, tone: "success" | "error", key: string, values?: Record<string, string>) {
  const seq = state.noticeSeq + 1;
  return { ...state, noticeSeq: seq, notice: { seq, tone, key, values } };
}

/** A selection still valid after the chapters changed, else none. */
function keptSelection(chapters: readonly Chapter[], selection: ChapterSelection | null): ChapterSelection | null {
  if (!selection) return null;
  const first = indexOfKey(chapters, selection.first);
  const last = indexOfKey(chapters, selection.last);
  return first >= 0 && last >= first && indexOfKey(chapters, selection.anchor) >= 0 ? selection : null;
}

/** An edit: one history step (redo is lost), the selection kept while its chapters exist. */
function commit(state: EditorState, chapters: readonly Chapter[]): EditorState {
  const settled = settleDrag(state);
  return {
    ...settled,
    chapters,
    past: [...settled.past, settled.chapters],
    future: [],
    selection: keptSelection(chapters, settled.selection),
  };
}

/** Ends a drag under way: the gesture, if it moved anything, is one history step. */
function settleDrag(state: EditorState): EditorState {
  const origin = state.dragOrigin;
  if (!origin) return state;
  if (origin === state.chapters) return { ...state, dragOrigin: null };
  return { ...state, dragOrigin: null, past: [...state.past, origin], future: [] };
}

function cut(state: EditorState, at: number): EditorState {
  const index = state.chapters.findIndex((chapter, i) => chapter.time <= at && at < chapterEnd(state, i));
  const chapter = state.chapters[index];
  if (!chapter) return notify(state, "error", "cut.not-found");
  const end = chapterEnd(state, index);
  const from = chapter.time + MIN_CUT_MARGIN_MS;
  const to = end - MIN_CUT_MARGIN_MS;
  // A chapter under twice the margin has no place to cut: no range to offer, the spec's failure.
  if (from > to) return notify(state, "error", "cut.failed");
  if (at < from || at > to) {
    return notify(state, "error", "cut.outside", { from: clockTime(from), to: clockTime(to) });
  }
  const time = Math.round(at);
  // The new part shows the picture of the chapter it came from (no new image is made).
  const part: Chapter = { key: `c${state.nextKey}`, image: chapter.image, time, title: chapter.title, description: "" };
  const chapters = [...state.chapters.slice(0, index + 1), part, ...state.chapters.slice(index + 1)];
  const next = { ...commit(state, chapters), nextKey: state.nextKey + 1 };
  return notify(next, "success", "cut.done", { first: clockTime(time - chapter.time), second: clockTime(end - time) });
}

/** Chapters `first`..`last` become one: the first one's picture, title and start. */
function mergeRange(state: EditorState, first: number, last: number): EditorState {
  const chapters = [...state.chapters.slice(0, first + 1), ...state.chapters.slice(last + 1)];
  const kept = state.chapters[first];
  const merged = commit(state, chapters);
  const selection = kept ? { anchor: kept.key, first: kept.key, last: kept.key } : null;
  return notify({ ...merged, selection }, "success", "merge.done");
}

function merge(state: EditorState): EditorState {
  const range = selectedRange(state);
  // A selection naming chapters that are gone cannot be merged: the spec's failure, not "too few".
  if (state.selection && !range) return notify(state, "error", "merge.failed");
  if (!range || range[1] - range[0] < 1) return notify(state, "error", "merge.too-few");
  return mergeRange(state, range[0], range[1]);
}

function mergeIntoPrevious(state: EditorState, key: string): EditorState {
  const index = indexOfKey(state.chapters, key);
  if (index < 0) return notify(state, "error", "merge.failed");
  if (index === 0) return notify(state, "error", "merge.no-previous");
  return mergeRange(state, index - 1, index);
}

/** Moves the start of chapter `index` (the boundary with the one before), kept at the minimum width both sides. */
function moveBoundary(state: EditorState, index: number, time: number): readonly Chapter[] | null {
  const chapter = state.chapters[index];
  const previous = state.chapters[index - 1];
  if (!chapter || !previous) return null;
  const low = previous.time + MIN_CHAPTER_MS;
  const high = chapterEnd(state, index) - MIN_CHAPTER_MS;
  if (low > high) return null;
  const clamped = Math.round(Math.min(high, Math.max(low, time)));
  if (clamped === chapter.time) return null;
  const chapters = [...state.chapters];
  chapters[index] = { ...chapter, time: clamped };
  return chapters;
}

function dragBoundary(state: EditorState, index: number, time: number): EditorState {
  const chapters = moveBoundary(state, index, time);
  if (!chapters) return state;
  return { ...state, dragOrigin: state.dragOrigin ?? state.chapters, chapters };
}

function rename(state: EditorState, key: string, title?: string, description?: string): EditorState {
  const index = indexOfKey(state.chapters, key);
  const chapter = state.chapters[index];
  if (!chapter) return state;
  const changed = { ...chapter, title: title ?? chapter.title, description: description ?? chapter.description };
  if (changed.title === chapter.title && changed.description === chapter.description) return state;
  const chapters = [...state.chapters];
  chapters[index] = changed;
  return commit(state, chapters);
}

function select(state: EditorState, key: string, extend: boolean): EditorState {
  const index = indexOfKey(state.chapters, key);
  if (index < 0) return state;
  const anchor = extend && state.selection ? state.selection.anchor : key;
  const anchorIndex = indexOfKey(state.chapters, anchor);
  if (anchorIndex < 0) return { ...state, selection: { anchor: key, first: key, last: key } };
  const [low, high] = anchorIndex <= index ? [anchorIndex, index] : [index, anchorIndex];
  const first = state.chapters[low]?.key ?? key;
  const last = state.chapters[high]?.key ?? key;
  return { ...state, selection: { anchor, first, last } };
}

/** What kind of edit led from `before` to `after`: what an undo or a redo of it says it did. */
export function editKind(before: readonly Chapter[], after: readonly Chapter[]): "cut" | "merge" | "resize" | "rename" {
  if (after.length > before.length) return "cut";
  if (after.length < before.length) return "merge";
  return after.some((chapter, index) => chapter.time !== before[index]?.time) ? "resize" : "rename";
}

function undo(state: EditorState): EditorState {
  const settled = settleDrag(state);
  const previous = settled.past[settled.past.length - 1];
  if (!previous) return settled;
  return notify(
    {
      ...settled,
      chapters: previous,
      past: settled.past.slice(0, -1),
      future: [...settled.future, settled.chapters],
      selection: keptSelection(previous, settled.selection),
    },
    "success",
    `undo.${editKind(previous, settled.chapters)}`,
  );
}

function redo(state: EditorState): EditorState {
  const settled = settleDrag(state);
  const next = settled.future[settled.future.length - 1];
  if (!next) return settled;
  return notify(
    {
      ...settled,
      chapters: next,
      past: [...settled.past, settled.chapters],
      future: settled.future.slice(0, -1),
      selection: keptSelection(next, settled.selection),
    },
    "success",
    `redo.${editKind(settled.chapters, next)}`,
  );
}

const clampZoom = (zoom: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(zoom / ZOOM_STEP) * ZOOM_STEP));

/**
 * The chapter editor (spec 2 §4, §5): cut, merge, resize and rename are history steps (one drag
 * gesture is one step); selection, playhead and zoom are not. Refusals leave the chapters as they
 * are and say why in `notice`. Pure: the same state and action always give the same state.
 */
export function editChapters(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case "select":
      return select(state, action.key, action.extend ?? false);
    case "clear-selection":
      return { ...state, selection: null };
    case "cut":
      return cut(state, action.at);
    case "merge":
      return merge(state);
    case "merge-into-previous":
      return mergeIntoPrevious(state, action.key);
    case "drag-boundary":
      return dragBoundary(state, action.index, action.time);
    case "end-drag":
      return settleDrag(state);
    case "resize-by": {
      const chapter = state.chapters[action.index];
      const chapters = chapter && moveBoundary(settleDrag(state), action.index, chapter.time + action.deltaMs);
      return chapters ? commit(state, chapters) : state;
    }
    case "rename":
      return rename(state, action.key, action.title, action.description);
    case "undo":
      return undo(state);
    case "redo":
      return redo(state);
    case "set-playhead":
      return { ...state, playheadMs: Math.min(state.durationMs, Math.max(0, action.ms)) };
    case "set-zoom":
      return { ...state, zoom: clampZoom(action.zoom) };
    case "saved": {
      // The save's own message replaces the last edit's.
      const settled = settleDrag(state);
      return { ...settled, saved: settled.chapters, notice: null };
    }
    case "dismiss-notice":
      return state.notice?.seq === action.seq ? { ...state, notice: null } : state;
    case "load": {
      const fresh = createEditorState(
        action.chapters.map((chapter) => ({ ...chapter, id: chapter.image })),
        action.durationMs,
      );
      return { ...fresh, zoom: state.zoom, playheadMs: state.playheadMs, noticeSeq: state.noticeSeq };
    }
    case "notify":
      return notify(state, action.tone, action.key, action.values);
    default:
      return state;
  }
}
