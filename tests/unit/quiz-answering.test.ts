import { describe, expect, it } from "vitest";
import { isSelectionComplete, toggleOption } from "../../web/src/components/quiz/answer-selection";
import { questionMedium } from "../../web/src/components/quiz/question-medium";
import { slideAfter, swipeStep } from "../../web/src/features/tutorial/tutorial-navigation";

describe("choosing answers", () => {
  it("a single-answer question takes the tapped option, like a radio button", () => {
    expect(toggleOption([], 7, 1)).toEqual([7]);
    expect(toggleOption([7], 8, 1)).toEqual([8]);
    expect(isSelectionComplete([8], 1)).toBe(true);
  });

  it("a multi-answer question toggles options, like checkboxes", () => {
    expect(toggleOption([], 1, 2)).toEqual([1]);
    expect(toggleOption([1], 2, 2)).toEqual([1, 2]);
    expect(toggleOption([1, 2], 1, 2)).toEqual([2]);
  });

  it("locks once as many options are chosen as the question has right answers", () => {
    expect(isSelectionComplete([1], 2)).toBe(false);
    expect(isSelectionComplete([1, 2], 2)).toBe(true);
    expect(toggleOption([1, 2], 3, 2)).toEqual([1, 2]);
  });

  it("nothing chosen is never complete, even for a survey counted as one answer", () => {
    expect(isSelectionComplete([], 0)).toBe(false);
    expect(isSelectionComplete([], 1)).toBe(false);
  });
});

describe("a question's medium", () => {
  it("shows only the active medium", () => {
    const question = { image: "/api/files/q.png", video: "/api/files/q.mp4" };
    expect(questionMedium({ ...question, active_media: "video" })).toEqual({ kind: "video", src: "/api/files/q.mp4" });
    expect(questionMedium({ ...question, active_media: "image" })).toEqual({ kind: "image", src: "/api/files/q.png" });
    expect(questionMedium({ ...question, active_media: "" })).toBeNull();
  });

  it("without active_media, the server already dropped the inactive one", () => {
    expect(questionMedium({ image: null, video: "/api/files/q.mp4" })).toEqual({
      kind: "video",
      src: "/api/files/q.mp4",
    });
    expect(questionMedium({ image: "/api/files/q.png", video: null })).toEqual({
      kind: "image",
      src: "/api/files/q.png",
    });
    expect(questionMedium({ image: null, video: null })).toBeNull();
  });

  it("an active medium with nothing stored shows nothing", () => {
    expect(questionMedium({ image: null, video: null, active_media: "video" })).toBeNull();
  });
});

describe("tutorial navigation", () => {
  it("stays between the first and the last slide", () => {
    expect(slideAfter(0, -1, 3)).toBe(0);
    expect(slideAfter(0, 1, 3)).toBe(1);
    expect(slideAfter(2, 1, 3)).toBe(2);
  });

  it("a swipe left shows the next slide, right the previous; taps and scrolls change nothing", () => {
    expect(swipeStep(-80, 10)).toBe(1);
    expect(swipeStep(80, -10)).toBe(-1);
    expect(swipeStep(-20, 0)).toBe(0);
    expect(swipeStep(-80, 120)).toBe(0);
  });
});
