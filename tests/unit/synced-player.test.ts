import { describe, expect, it } from "vitest";
import { chapterStepTarget, currentChapterIndex, visibleWindow } from "../../web/src/components/video/chapter-position";
import { followerAction } from "../../web/src/components/video/follower-sync";
import { isTypingTarget, playerCommandFor } from "../../web/src/components/video/player-keys";

const playing = { time: 100, rate: 1, paused: false };
const follower = (time: number, more: Partial<{ ready: boolean; seeking: boolean; duration: number }> = {}) => ({
  time,
  ready: true,
  seeking: false,
  duration: 3600,
  ...more,
});

describe("webcam kept on the main video's clock", () => {
  it("leaves a follower within a frame or two alone, at the main's rate", () => {
    expect(followerAction({ ...playing, rate: 1.5 }, follower(100.02))).toEqual({ kind: "rate", rate: 1.5 });
  });

  it("nudges the rate against a small drift: slower when ahead, faster when behind, by at most 8 %", () => {
    const ahead = followerAction(playing, follower(100.2));
    const behind = followerAction(playing, follower(99.8));
    expect(ahead.kind === "rate" && ahead.rate < 1 && ahead.rate >= 0.92).toBe(true);
    expect(behind.kind === "rate" && behind.rate > 1 && behind.rate <= 1.08).toBe(true);
  });

  it("seeks a follower more than 0.5 s away (spec §9 tolerance)", () => {
    expect(followerAction(playing, follower(100.6))).toEqual({ kind: "seek", to: 100 });
    expect(followerAction(playing, follower(99.3))).toEqual({ kind: "seek", to: 100 });
  });

  it("never re-seeks a follower that is seeking or waiting for data", () => {
    expect(followerAction(playing, follower(40, { seeking: true }))).toEqual({ kind: "wait" });
    expect(followerAction(playing, follower(40, { ready: false }))).toEqual({ kind: "wait" });
  });

  it("aims a corrective seek where the clock will be once the seek is done", () => {
    expect(followerAction({ ...playing, rate: 2 }, follower(98), 0.25)).toEqual({ kind: "seek", to: 100.5 });
  });

  it("lines a paused follower up exactly, and never past its own end", () => {
    expect(followerAction({ ...playing, paused: true }, follower(100.1))).toEqual({ kind: "seek", to: 100 });
    expect(followerAction(playing, follower(80, { duration: 90 }))).toEqual({ kind: "seek", to: 90 });
  });
});

describe("player keyboard", () => {
  const press = (key: string, more = {}) =>
    playerCommandFor({ key, ctrlKey: false, metaKey: false, altKey: false, ...more });

  it("maps the listed shortcuts", () => {
    expect(press(" ")).toEqual({ type: "toggle-play" });
    expect(press("k")).toEqual({ type: "toggle-play" });
    expect(press("j")).toEqual({ type: "skip", seconds: -10 });
    expect(press("l")).toEqual({ type: "skip", seconds: 10 });
    expect(press("ArrowLeft")).toEqual({ type: "skip", seconds: -5 });
    expect(press("ArrowRight")).toEqual({ type: "skip", seconds: 5 });
    expect(press("f")).toEqual({ type: "fullscreen" });
    expect(press("m")).toEqual({ type: "mute" });
    expect(press("PageDown")).toEqual({ type: "slide", step: 1 });
    expect(press("p")).toEqual({ type: "slide", step: -1 });
    expect(press("?")).toEqual({ type: "help" });
  });

  it("leaves browser shortcuts and typing alone", () => {
    expect(press("f", { ctrlKey: true })).toBeNull();
    expect(press("x")).toBeNull();
    expect(isTypingTarget({ tagName: "INPUT" })).toBe(true);
    expect(isTypingTarget({ tagName: "textarea" })).toBe(true);
    expect(isTypingTarget({ tagName: "DIV", isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: "BUTTON", isContentEditable: false })).toBe(false);
  });
});

describe("slide strip position", () => {
  const chapters = [0, 30_000, 65_000, 120_000].map((time, index) => ({ id: `${index}.jpg`, time, title: null }));

  it("marks the chapter whose start the time has crossed", () => {
    expect(currentChapterIndex(chapters, 0)).toBe(0);
    expect(currentChapterIndex(chapters, 29.99)).toBe(0);
    expect(currentChapterIndex(chapters, 30)).toBe(1);
    expect(currentChapterIndex(chapters, 500)).toBe(3);
    expect(currentChapterIndex([{ id: "a", time: 5000, title: null }], 1)).toBe(-1);
  });

  it("steps to the next slide, and back to the current one's start unless just past it", () => {
    expect(chapterStepTarget(chapters, 40, 1)).toBe(65);
    expect(chapterStepTarget(chapters, 40, -1)).toBe(30);
    expect(chapterStepTarget(chapters, 31, -1)).toBe(0);
    expect(chapterStepTarget(chapters, 130, 1)).toBeNull();
  });

  it("keeps the playing slide in a window of the visible count", () => {
    expect(visibleWindow(10, 0, 3)).toEqual({ start: 0, end: 3 });
    expect(visibleWindow(10, 5, 3)).toEqual({ start: 4, end: 7 });
    expect(visibleWindow(10, 9, 6)).toEqual({ start: 4, end: 10 });
    expect(visibleWindow(2, 1, 3)).toEqual({ start: 0, end: 2 });
  });
});
