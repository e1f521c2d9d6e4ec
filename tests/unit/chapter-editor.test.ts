import { MIN_CHAPTER_MS, MIN_CUT_MARGIN_MS, pixelsPerSecond } from "@core/chapters/constants";
import { createEditorState, editChapters } from "@core/chapters/editor";
import { chaptersToWebVtt, chaptersToYouTubeDescription } from "@core/chapters/export";
import { type EditorAction, type EditorState, isModified } from "@core/chapters/model";
import { chapterWidths } from "@core/chapters/save-rules";
import { describe, expect, it } from "vitest";

const MINUTE = 60_000;
const start = () =>
  createEditorState(
    [
      { id: "/api/files/a.jpg", time: 0, title: "Intro" },
      { id: "/api/files/b.jpg", time: MINUTE, title: "Threats" },
      { id: "/api/files/c.jpg", time: 2 * MINUTE, title: "Demo" },
    ],
    3 * MINUTE,
  );
const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editChapters, state);
const times = (state: EditorState) => state.chapters.map((chapter) => chapter.time);

describe("chapter editor", () => {
  it("undo and redo say what they undid or redid, replacing the last message", () => {
    const refused = run(start(), { type: "cut", at: 90_000 }, { type: "select", key: "c0" }, { type: "merge" });
    expect(refused.notice?.key).toBe("merge.too-few");
    expect(run(refused, { type: "undo" }).notice).toMatchObject({ tone: "success", key: "undo.cut" });
    expect(run(refused, { type: "undo" }, { type: "redo" }).notice?.key).toBe("redo.cut");
    const merged = run(
      start(),
      { type: "select", key: "c0" },
      { type: "select", key: "c1", extend: true },
      { type: "merge" },
    );
    expect(run(merged, { type: "undo" }).notice?.key).toBe("undo.merge");
    expect(run(start(), { type: "resize-by", index: 1, deltaMs: 1000 }, { type: "undo" }).notice?.key).toBe(
      "undo.resize",
    );
    expect(run(start(), { type: "rename", key: "c0", title: "Hello" }, { type: "undo" }).notice?.key).toBe(
      "undo.rename",
    );
  });

  it("a save drops the last edit's message; a faded message goes unless a newer one replaced it", () => {
    const refused = run(start(), { type: "merge" });
    expect(run(refused, { type: "saved" }).notice).toBeNull();
    const seq = refused.notice?.seq ?? -1;
    expect(run(refused, { type: "dismiss-notice", seq }).notice).toBeNull();
    const newer = run(refused, { type: "cut", at: 90_000 });
    expect(run(newer, { type: "dismiss-notice", seq }).notice?.key).toBe("cut.done");
    // The next message is newer than a dismissed one, so its own timer is not confused with the old.
    expect(run(refused, { type: "dismiss-notice", seq }, { type: "merge" }).notice?.seq).toBeGreaterThan(seq);
  });

  it("a cut inside a chapter splits it, the new part reusing its picture, and says the two lengths", () => {
    const state = run(start(), { type: "cut", at: 90_000 });
    expect(times(state)).toEqual([0, MINUTE, 90_000, 2 * MINUTE]);
    expect(state.chapters[2]?.image).toBe("/api/files/b.jpg");
    expect(state.notice).toMatchObject({
      tone: "success",
      key: "cut.done",
      values: { first: "00:30", second: "00:30" },
    });
    expect(isModified(state)).toBe(true);
  });

  it("a cut too near a chapter's edge is refused with the range it may fall in", () => {
    const state = run(start(), { type: "cut", at: MINUTE + 1000 });
    expect(times(state)).toEqual([0, MINUTE, 2 * MINUTE]);
    expect(state.notice).toMatchObject({ tone: "error", key: "cut.outside", values: { from: "01:02", to: "01:57" } });
    expect(MIN_CUT_MARGIN_MS).toBe(MIN_CHAPTER_MS);
  });

  it("a chapter too short to leave two parts of the minimum width fails to split, with the spec's message", () => {
    const short = run(start(), { type: "drag-boundary", index: 1, time: 2 * MINUTE - 5000 }, { type: "end-drag" });
    const state = run(short, { type: "cut", at: 2 * MINUTE - 2500 });
    expect(times(state)).toEqual(times(short));
    expect(state.notice).toMatchObject({ tone: "error", key: "cut.failed" });
  });

  it("merging chapters that are gone fails with the spec's message, leaving the chapters as they are", () => {
    const gone = { ...start(), selection: { anchor: "c9", first: "c9", last: "c9" } };
    expect(run(gone, { type: "merge" }).notice).toMatchObject({ tone: "error", key: "merge.failed" });
    const deleted = run(start(), { type: "merge-into-previous", key: "c9" });
    expect(deleted.notice?.key).toBe("merge.failed");
    expect(times(deleted)).toEqual([0, MINUTE, 2 * MINUTE]);
  });

  it("a cut past the video's end finds no chapter", () => {
    expect(run(start(), { type: "cut", at: 4 * MINUTE }).notice?.key).toBe("cut.not-found");
  });

  it("merge needs two selected chapters, then keeps the first one's title and picture", () => {
    expect(run(start(), { type: "select", key: "c0" }, { type: "merge" }).notice?.key).toBe("merge.too-few");
    const merged = run(
      start(),
      { type: "select", key: "c2" },
      { type: "select", key: "c1", extend: true },
      { type: "merge" },
    );
    expect(merged.chapters.map((chapter) => chapter.title)).toEqual(["Intro", "Threats"]);
    expect(merged.notice?.key).toBe("merge.done");
  });

  it("a selection is always a contiguous range from its anchor", () => {
    const state = run(start(), { type: "select", key: "c0" }, { type: "select", key: "c2", extend: true });
    expect(state.selection).toEqual({ anchor: "c0", first: "c0", last: "c2" });
  });

  it("Delete merges a chapter into the previous one, never the first", () => {
    expect(times(run(start(), { type: "merge-into-previous", key: "c2" }))).toEqual([0, MINUTE]);
    expect(run(start(), { type: "merge-into-previous", key: "c0" }).notice?.key).toBe("merge.no-previous");
  });

  it("a drag is one history step, clamped to keep both neighbours at the minimum width", () => {
    const dragged = run(
      start(),
      { type: "drag-boundary", index: 1, time: 50_000 },
      { type: "drag-boundary", index: 1, time: 0 },
      { type: "end-drag" },
    );
    expect(times(dragged)).toEqual([0, MIN_CHAPTER_MS, 2 * MINUTE]);
    expect(dragged.past).toHaveLength(1);
    expect(times(run(dragged, { type: "undo" }))).toEqual([0, MINUTE, 2 * MINUTE]);
  });

  it("renaming, undo and redo; playhead, zoom and selection are not history; saving clears the modified flag", () => {
    const renamed = run(start(), { type: "rename", key: "c1", title: "Threat models", description: "STRIDE" });
    const moved = run(
      renamed,
      { type: "set-playhead", ms: 5000 },
      { type: "set-zoom", zoom: 47 },
      { type: "select", key: "c0" },
    );
    expect(moved.past).toHaveLength(1);
    expect(moved.zoom).toBe(50);
    const undone = run(moved, { type: "undo" });
    expect(undone.chapters[1]?.title).toBe("Threats");
    expect(isModified(undone)).toBe(false);
    const redone = run(undone, { type: "redo" });
    expect(redone.chapters[1]).toMatchObject({ title: "Threat models", description: "STRIDE" });
    expect(isModified(run(redone, { type: "saved" }))).toBe(false);
  });

  it("zoom scales the base 18 px per second up to 5 times", () => {
    expect([0, 50, 100].map(pixelsPerSecond)).toEqual([18, 54, 90]);
  });

  it("exports WebVTT cues and YouTube description lines", () => {
    const chapters = [
      { time: 0, title: "Intro" },
      { time: 3_725_500, title: "" },
    ];
    expect(chaptersToWebVtt(chapters, 4_000_000, (n) => `Chapter ${n}`)).toBe(
      "WEBVTT\n\n1\n00:00:00.000 --> 01:02:05.500\nIntro\n\n2\n01:02:05.500 --> 01:06:40.000\nChapter 2\n",
    );
    expect(chaptersToYouTubeDescription(chapters, (n) => `Chapter ${n}`)).toBe("00:00 Intro\n1:02:05 Chapter 2");
  });

  it("widths are each chapter's length at 18 px/s; the last one runs to the end, or 60 s while the duration is unknown", () => {
    expect(chapterWidths([0, MINUTE], 90_000)).toEqual([1080, 540]);
    expect(chapterWidths([0, MINUTE], null)).toEqual([1080, 1080]);
  });
});
