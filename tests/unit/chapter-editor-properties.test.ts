import { MIN_CHAPTER_MS } from "@core/chapters/constants";
import { createEditorState, editChapters } from "@core/chapters/editor";
import type { EditorAction, EditorState } from "@core/chapters/model";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const DURATION_MS = 600_000;

/** Edits over any chapter index or time; keys are picked by index at run time. */
const edit = fc.oneof(
  fc.record({ type: fc.constant("cut" as const), at: fc.integer({ min: -1000, max: DURATION_MS + 1000 }) }),
  fc.record({ type: fc.constant("select" as const), index: fc.nat(30), extend: fc.boolean() }),
  fc.record({ type: fc.constant("merge" as const) }),
  fc.record({ type: fc.constant("merge-into-previous" as const), index: fc.nat(30) }),
  fc.record({
    type: fc.constant("drag" as const),
    index: fc.nat(30),
    times: fc.array(fc.integer({ min: -1000, max: DURATION_MS }), { minLength: 1, maxLength: 4 }),
  }),
  fc.record({
    type: fc.constant("resize-by" as const),
    index: fc.nat(30),
    deltaMs: fc.integer({ min: -60_000, max: 60_000 }),
  }),
  fc.record({ type: fc.constant("rename" as const), index: fc.nat(30), title: fc.string({ maxLength: 5 }) }),
  fc.record({ type: fc.constant("undo" as const) }),
  fc.record({ type: fc.constant("redo" as const) }),
);
type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

function actionsOf(step: Edit, state: EditorState): EditorAction[] {
  const keyAt = (index: number) => state.chapters[index % state.chapters.length]?.key ?? "none";
  switch (step.type) {
    case "select":
      return [{ type: "select", key: keyAt(step.index), extend: step.extend }];
    case "merge-into-previous":
      return [{ type: "merge-into-previous", key: keyAt(step.index) }];
    case "drag":
      return [
        ...step.times.map((time) => ({
          type: "drag-boundary" as const,
          index: step.index % state.chapters.length,
          time,
        })),
        { type: "end-drag" },
      ];
    case "resize-by":
      return [{ ...step, index: step.index % state.chapters.length }];
    case "rename":
      return [{ type: "rename", key: keyAt(step.index), title: step.title }];
    default:
      return [step];
  }
}

function assertInvariants(state: EditorState) {
  expect(state.chapters[0]?.time).toBe(0);
  state.chapters.forEach((chapter, index) => {
    const end = state.chapters[index + 1]?.time ?? state.durationMs;
    expect(end - chapter.time).toBeGreaterThanOrEqual(MIN_CHAPTER_MS);
  });
  expect(new Set(state.chapters.map((chapter) => chapter.key)).size).toBe(state.chapters.length);
  const range = state.selection && [state.selection.first, state.selection.last];
  if (range) {
    const [first, last] = range.map((key) => state.chapters.findIndex((chapter) => chapter.key === key));
    expect(first).toBeGreaterThanOrEqual(0);
    expect(last).toBeGreaterThanOrEqual(first ?? 0);
  }
}

describe("chapter editor properties", () => {
  it("no edit sequence breaks the cover, the minimum width or the order; undo all then redo all gives back the exact history", () => {
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 40 }), (steps) => {
        let state = createEditorState(
          [0, 60_000, 120_000, 300_000].map((time, index) => ({ id: `/img/${index}.jpg`, time, title: `T${index}` })),
          DURATION_MS,
        );
        for (const step of steps) {
          for (const action of actionsOf(step, state)) state = editChapters(state, action);
          assertInvariants(state);
        }
        // The newest state the history reaches: redo what the sequence left undone.
        while (state.future.length > 0) state = editChapters(state, { type: "redo" });
        const end = state;
        while (state.past.length > 0) state = editChapters(state, { type: "undo" });
        expect(state.chapters).toBe(state.saved);
        while (state.future.length > 0) state = editChapters(state, { type: "redo" });
        expect(state.chapters).toBe(end.chapters);
        expect(state.past).toEqual(end.past);
        expect(state.future).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });
});
