import { initialQuizState, type QuizState } from "@core/quiz/model";
import { describe, expect, it } from "vitest";
import { optionGridStyle, optionLetter } from "../../web/src/components/quiz/option-layout";
import { livePathFor } from "../../web/src/lib/live-quiz-paths";

const grid = (count: number) => {
  const style = optionGridStyle(count) as Record<string, unknown>;
  return [style["--option-rows"], style["--option-columns"], style["--option-flow"]];
};

describe("the options' layout", () => {
  it("puts up to 4 options two by two, row by row", () => {
    expect(grid(2)).toEqual([1, 2, "row"]);
    expect(grid(3)).toEqual([2, 2, "row"]);
    expect(grid(4)).toEqual([2, 2, "row"]);
  });

  it("breaks at 6 and 8: 3, then 4 per column, then 5 per column and the rest", () => {
    expect(grid(5)).toEqual([3, 2, "column"]);
    expect(grid(6)).toEqual([3, 2, "column"]);
    expect(grid(7)).toEqual([4, 2, "column"]);
    expect(grid(8)).toEqual([4, 2, "column"]);
    expect(grid(9)).toEqual([5, 2, "column"]);
    expect(grid(12)).toEqual([5, 3, "column"]);
  });

  it("letters options a, b, c and so on", () => {
    expect([0, 1, 2, 9].map(optionLetter)).toEqual(["a", "b", "c", "j"]);
  });
});

describe("the page of each quiz phase", () => {
  const question = { id: 41, isSurvey: false, optionIds: [1, 2], correctOptionIds: [1], limitMs: 30_000 };
  const state = (phase: QuizState["phase"]): QuizState => ({
    ...initialQuizState,
    phase,
    questions: [question],
    questionIndex: phase === "lobby" ? -1 : 0,
  });

  it("sends the big screen and the moderator to their own page of the phase", () => {
    const paths = (phase: QuizState["phase"]) =>
      (["screen", "moderator"] as const).map((variant) => livePathFor("demo", 7, state(phase), variant));
    expect(paths("lobby")).toEqual(["/demo/7/screen-user-list", "/demo/7/quiz-user-list"]);
    for (const phase of ["answering", "paused", "closed"] as const) {
      expect(paths(phase)).toEqual(["/demo/7/screen-questions", "/demo/7/quiz-questions"]);
    }
    expect(paths("podium")).toEqual(["/demo/7/screen-podium/41", "/demo/7/podium/41"]);
    expect(paths("final")).toEqual(["/demo/7/final-podium?view=screen", "/demo/7/final-podium"]);
  });
});
