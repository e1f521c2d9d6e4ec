/** One chapter in the editor: where it starts; it ends where the next one starts (or the video ends). */
export interface Chapter {
  /** Unique within the editor (a cut gives the new part a fresh key; the image may be shared). */
  key: string;
  /** The chapter's picture: the image URL the version's chapter had (`id` in the API). */
  image: string;
  /** Start, ms from the beginning of the video. */
  time: number;
  title: string;
  description: string;
}

/** The chapters' selection: a contiguous range, by keys, with the chapter it grew from. */
export interface ChapterSelection {
  anchor: string;
  first: string;
  last: string;
}

/** A message for the user: a key under `chapter-editor:` and its values. */
export interface EditorNotice {
  /** Increases with each notice so the same message twice still shows twice. */
  seq: number;
  tone: "success" | "error";
  key: string;
  values?: Record<string, string>;
}

/**
 * The editor's whole state. `chapters`, `past` and `future` are the history (edits only);
 * selection, playhead and zoom change without touching it. Chapter arrays are never mutated,
 * so a snapshot is a reference and "unchanged since the save" is `chapters === saved`.
 */
export interface EditorState {
  durationMs: number;
  chapters: readonly Chapter[];
  past: readonly (readonly Chapter[])[];
  future: readonly (readonly Chapter[])[];
  /** The chapters as last loaded or saved. */
  saved: readonly Chapter[];
  /** The chapters before the drag under way: the whole gesture becomes one history step. */
  dragOrigin: readonly Chapter[] | null;
  selection: ChapterSelection | null;
  playheadMs: number;
  zoom: number;
  nextKey: number;
  notice: EditorNotice | null;
  /** The last notice's `seq`, kept when the notice goes, so the next one is newer still. */
  noticeSeq: number;
}

export type EditorAction =
  | { type: "select"; key: string; extend?: boolean }
  | { type: "clear-selection" }
  | { type: "cut"; at: number }
  | { type: "merge" }
  | { type: "merge-into-previous"; key: string }
  | { type: "drag-boundary"; index: number; time: number }
  | { type: "end-drag" }
  | { type: "resize-by"; index: number; deltaMs: number }
  | { type: "rename"; key: string; title?: string; description?: string }
  | { type: "undo" }
  | { type: "redo" }
  | { type: "set-playhead"; ms: number }
  | { type: "set-zoom"; zoom: number }
  | { type: "saved" }
  | { type: "load"; chapters: readonly Chapter[]; durationMs: number }
  | { type: "notify"; tone: EditorNotice["tone"]; key: string; values?: Record<string, string> }
  /** The message `seq` has been read (it faded): gone, unless a newer one replaced it. */
  | { type: "dismiss-notice"; seq: number };

/** Unsaved edits: what the save bar and the leave guard look at. */
export const isModified = (state: EditorState) => state.chapters !== state.saved;

/** Where chapter `index` ends. */
export const chapterEnd = (state: Pick<EditorState, "chapters" | "durationMs">, index: number) =>
  state.chapters[index + 1]?.time ?? state.durationMs;
