import { QuestionsInput } from "@core/quiz/authoring";
import { parseFrabSchedule } from "@core/schedule/frab";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { DEMO_QUIZ } from "../../scripts/demo/demo-quiz";
import { buildDemoSchedule, DEMO_SPEAKER_EXTERNAL_ID } from "../../scripts/demo/demo-schedule";

const TODAY = new Date(2026, 5, 17, 15, 30);

describe("the demo quiz", () => {
  it("belongs to today's talk of the demo speaker account", () => {
    const parsed = parseFrabSchedule(buildDemoSchedule(TODAY), "demo");
    if (!parsed.ok) throw new Error("the demo does not parse");
    const talks = parsed.schedule.presentations.filter((talk) => talk.name === DEMO_QUIZ.presentationName);
    expect(talks).toHaveLength(1);
    expect(talks[0]).toMatchObject({ date: "2026-06-17", speakerExternalIds: [DEMO_SPEAKER_EXTERNAL_ID] });
  });

  it("is a valid question list with a multi-answer question and a survey", () => {
    const questions = v.parse(QuestionsInput, { questions: DEMO_QUIZ.questions }).questions;
    expect(questions.length).toBeGreaterThanOrEqual(4);
    for (const question of questions) expect(question.options.length).toBeGreaterThanOrEqual(3);
    const correctCounts = questions.filter((q) => !q.is_survey).map((q) => q.options.filter((o) => o.correct).length);
    expect(correctCounts.some((count) => count > 1)).toBe(true);
    expect(questions.filter((question) => question.is_survey)).toHaveLength(1);
  });
});
