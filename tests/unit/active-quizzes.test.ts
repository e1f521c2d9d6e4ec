import { type PresentationQuizSettings, quizActivity } from "@core/quiz/active-quizzes";
import { describe, expect, it } from "vitest";

const HOUR = 3_600_000;
/** Questions 10:00–12:00 and results 12:00–14:00, counted in hours from an origin. */
const selfPaced = (id: number, live = false): PresentationQuizSettings => ({
  id,
  live,
  windows: { questionsFrom: 10 * HOUR, questionsTo: 12 * HOUR, resultsFrom: 12 * HOUR, resultsTo: 14 * HOUR },
});

describe("the list of active self-paced quizzes", () => {
  it("is empty before the questions open, and says they open next", () => {
    expect(quizActivity([selfPaced(1)], 9 * HOUR)).toEqual({ presentations: [], nextChangeAt: 10 * HOUR });
  });

  it("lists open questions from their first instant, until the instant they close", () => {
    expect(quizActivity([selfPaced(1)], 10 * HOUR)).toEqual({
      presentations: [{ id: 1, non_live_questions_active: true, non_live_results_active: false }],
      nextChangeAt: 12 * HOUR,
    });
    expect(quizActivity([selfPaced(1)], 12 * HOUR).presentations).toEqual([
      { id: 1, non_live_questions_active: false, non_live_results_active: true },
    ]);
  });

  it("drops a presentation once its results close, with no change left to wait for", () => {
    expect(quizActivity([selfPaced(1)], 14 * HOUR)).toEqual({ presentations: [], nextChangeAt: null });
  });

  it("never lists a live quiz, and does not wake up for its windows", () => {
    expect(quizActivity([selfPaced(1, true)], 11 * HOUR)).toEqual({ presentations: [], nextChangeAt: null });
  });

  it("lists by id and wakes at the earliest boundary of any presentation", () => {
    const later: PresentationQuizSettings = {
      id: 2,
      live: false,
      windows: { questionsFrom: 9 * HOUR, questionsTo: 11 * HOUR, resultsFrom: 13 * HOUR, resultsTo: 15 * HOUR },
    };
    const { presentations, nextChangeAt } = quizActivity([selfPaced(3), later], 10.5 * HOUR);
    expect(presentations.map((p) => p.id)).toEqual([2, 3]);
    expect(nextChangeAt).toBe(11 * HOUR);
  });

  it("agrees at every instant with the list computed afresh (the boundaries are the only changes)", () => {
    const settings = [selfPaced(1), { ...selfPaced(2), windows: { ...selfPaced(2).windows, resultsFrom: 11 * HOUR } }];
    let { presentations, nextChangeAt } = quizActivity(settings, 0);
    for (let minute = 0; minute <= 16 * 60; minute += 5) {
      const at = minute * 60_000;
      if (nextChangeAt !== null && at >= nextChangeAt) ({ presentations, nextChangeAt } = quizActivity(settings, at));
      expect(presentations).toEqual(quizActivity(settings, at).presentations);
    }
  });
});
