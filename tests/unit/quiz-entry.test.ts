import { entryLeadsSomewhere, type QuizEntryFacts, quizEntry } from "@core/quiz/quiz-entry";
import { describe, expect, it } from "vitest";

const facts = (overrides: Partial<QuizEntryFacts>): QuizEntryFacts => ({
  live: true,
  has_questions: true,
  live_status: "none",
  non_live_questions_active: false,
  non_live_results_active: false,
  questions_open_at: null,
  ...overrides,
});

describe("the QUIZ entry", () => {
  it("says there is no quiz yet when the talk has no visible question, whatever else holds", () => {
    for (const live_status of ["none", "lobby", "running", "finished"] as const) {
      expect(quizEntry(facts({ has_questions: false, live_status }))).toEqual({ kind: "no-questions" });
    }
    expect(quizEntry(facts({ has_questions: false, live: false, non_live_questions_active: true }))).toEqual({
      kind: "no-questions",
    });
  });

  it("leads into a live quiz only while its lobby is open or it runs", () => {
    expect(quizEntry(facts({ live_status: "lobby" }))).toEqual({ kind: "join-live" });
    expect(quizEntry(facts({ live_status: "running" }))).toEqual({ kind: "join-live" });
    expect(quizEntry(facts({ live_status: "none" }))).toEqual({ kind: "live-later" });
    expect(quizEntry(facts({ live_status: "finished" }))).toEqual({ kind: "live-finished" });
  });

  it("leads into a self-paced quiz while its questions or results are open, else says when it opens", () => {
    const selfPaced = { live: false };
    expect(quizEntry(facts({ ...selfPaced, non_live_questions_active: true }))).toEqual({ kind: "self-paced" });
    expect(quizEntry(facts({ ...selfPaced, non_live_results_active: true }))).toEqual({ kind: "self-paced" });
    const at = "2026-11-27T09:00:00.000Z";
    expect(quizEntry(facts({ ...selfPaced, questions_open_at: at }))).toEqual({ kind: "opens-at", at });
    expect(quizEntry(facts(selfPaced))).toEqual({ kind: "closed" });
    // A lobby left open after the talk went self-paced is no way in: joining needs live mode.
    expect(quizEntry(facts({ ...selfPaced, live_status: "lobby" }))).toEqual({ kind: "closed" });
  });

  it("is offered as a way in only for a live quiz to join or a self-paced quiz to play", () => {
    const kinds = [
      quizEntry(facts({ live_status: "running" })),
      quizEntry(facts({ live: false, non_live_questions_active: true })),
      quizEntry(facts({ has_questions: false })),
      quizEntry(facts({})),
      quizEntry(facts({ live_status: "finished" })),
      quizEntry(facts({ live: false, questions_open_at: "2026-11-27T09:00:00.000Z" })),
      quizEntry(facts({ live: false })),
    ];
    expect(kinds.map(entryLeadsSomewhere)).toEqual([true, true, false, false, false, false, false]);
  });
});
