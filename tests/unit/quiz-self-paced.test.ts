import { DomainError } from "@core/errors";
import { mayReadResults, questionsWithVotes, rankPlayers } from "@core/quiz/leaderboard-table";
import { scoreAnswer } from "@core/quiz/scoring";
import {
  checkedOptionIds,
  nextUnanswered,
  type SelfPacedSourceQuestion,
  scoringQuestion,
  selfPacedElapsedMs,
  selfPacedView,
} from "@core/quiz/self-paced";
import { describe, expect, it } from "vitest";

const question = (id: number, order: number, correct: boolean[], extra: Partial<SelfPacedSourceQuestion> = {}) => ({
  id,
  question: `Question ${id}`,
  image: "/api/files/quiz/picture.jpg",
  video_key: null,
  video: null,
  active_media: "",
  is_survey: false,
  visible: true,
  order,
  options: correct.map((isCorrect, index) => ({
    id: id * 10 + index,
    option: `Option ${index}`,
    correct: isCorrect,
    order: index + 1,
  })),
  ...extra,
});

const single = question(1, 1, [false, true, false], { active_media: "image" });
const multi = question(2, 2, [true, false, true]);
const survey = question(3, 3, [false, false], { is_survey: true });
const QUESTIONS = [single, multi, survey];
const OPEN = { non_live_questions_active: true, non_live_results_active: false };
const now = 1_000_000;

describe("serving self-paced questions", () => {
  it("serves the first unanswered question in order, without its correct options", () => {
    const answers = [{ questionId: 1, optionIds: [11], correct: true, points: 990 }];
    expect(nextUnanswered(QUESTIONS, answers)?.id).toBe(2);
    const view = selfPacedView({
      live: false,
      timerSeconds: 30,
      activity: OPEN,
      questions: QUESTIONS,
      answers,
      served: { question: multi, shownAt: now - 4_000 },
      now,
    });
    expect(view).toMatchObject({ total: 3, answered: 1, results: null });
    expect(view.question).toEqual({
      id: 2,
      question: "Question 2",
      image: null,
      video: null,
      active_media: "",
      is_survey: false,
      order: 2,
      correct_count: 2,
      elapsed_ms: 4_000,
      options: [
        { id: 20, option: "Option 0" },
        { id: 21, option: "Option 1" },
        { id: 22, option: "Option 2" },
      ],
    });
  });

  it("shows neither questions nor results while the quiz is live", () => {
    const view = selfPacedView({
      live: true,
      timerSeconds: 30,
      activity: { non_live_questions_active: true, non_live_results_active: true },
      questions: QUESTIONS,
      answers: [],
      served: { question: single, shownAt: now },
      now,
    });
    expect(view.question).toBeNull();
    expect(view.results).toBeNull();
  });

  it("shows every question with the user's answers once all are answered and results are open", () => {
    const answers = [
      { questionId: 1, optionIds: [10], correct: false, points: 0 },
      { questionId: 2, optionIds: [20, 22], correct: true, points: 800 },
      { questionId: 3, optionIds: [31], correct: false, points: 0 },
    ];
    const input = { live: false, timerSeconds: 30, questions: QUESTIONS, answers, served: null, now };
    const closed = selfPacedView({ ...input, activity: OPEN });
    expect(closed.results).toBeNull();
    const results = selfPacedView({
      ...input,
      activity: { non_live_questions_active: false, non_live_results_active: true },
    }).results;
    expect(results?.map((result) => [result.id, result.my_option_ids, result.correct, result.points])).toEqual([
      [1, [10], false, 0],
      [2, [20, 22], true, 800],
      [3, [31], null, 0],
    ]);
    expect(results?.[0]?.image).toBe("/api/files/quiz/picture.jpg");
    expect(results?.[1]?.options.map((option) => option.correct)).toEqual([true, false, true]);
  });
});

describe("self-paced answers", () => {
  it("are timed by the server from the first serving, capped at the timer; never served counts as the whole timer", () => {
    expect(selfPacedElapsedMs(now - 2_500, now, 30_000)).toBe(2_500);
    expect(selfPacedElapsedMs(now - 90_000, now, 30_000)).toBe(30_000);
    expect(selfPacedElapsedMs(now + 1_000, now, 30_000)).toBe(0);
    expect(selfPacedElapsedMs(undefined, now, 30_000)).toBe(30_000);
  });

  it("score like the live quiz: exact multi-answers only, surveys nothing", () => {
    const limited = (q: SelfPacedSourceQuestion) => scoringQuestion(q, 20);
    expect(scoreAnswer(limited(single), [11], 0)).toMatchObject({ correct: true, points: 1000 });
    expect(scoreAnswer(limited(single), [11], 20_000)).toMatchObject({ correct: true, points: 500 });
    expect(scoreAnswer(limited(single), [10], 0)).toMatchObject({ correct: false, points: 0 });
    expect(scoreAnswer(limited(multi), [20], 0)).toMatchObject({ correct: false, points: 0 });
    expect(scoreAnswer(limited(multi), [20, 21, 22], 0)).toMatchObject({ correct: false, points: 0 });
    expect(scoreAnswer(limited(multi), [22, 20], 10_000)).toMatchObject({ correct: true, points: 750 });
    expect(scoreAnswer(limited(survey), [30], 0)).toMatchObject({ correct: null, points: 0 });
  });

  it.each([
    ["no option", []],
    ["an option of another question", [20]],
    ["the same option twice", [11, 11]],
    ["more options than the question has", [10, 11, 12, 10]],
  ])("refuse %s as invalid options", (_label, optionIds) => {
    expect(() => checkedOptionIds(single, optionIds)).toThrow(DomainError);
    expect(() => checkedOptionIds(single, optionIds)).toThrow("invalid-options");
  });
});

describe("results page", () => {
  it("ranks live and self-paced players together by points, then total time", () => {
    const ranked = rankPlayers([
      { playerKey: "p1", name: "Slow", photo: null, points: 1500, totalTimeMs: 9_000, answered: 2 },
      {
        playerKey: "user:4",
        name: "Fast",
        photo: "/api/files/pictures/users/4/a.jpg",
        points: 1500,
        totalTimeMs: 3_000,
        answered: 2,
      },
      { playerKey: "p2", name: "Top", photo: null, points: 1900, totalTimeMs: 20_000, answered: 2 },
    ]);
    expect(ranked.map((row) => [row.rank, row.user.name, row.points])).toEqual([
      [1, "Top", 1900],
      [2, "Fast", 1500],
      [3, "Slow", 1500],
    ]);
    expect(ranked[1]).toEqual({
      rank: 2,
      user: { id: "user:4", name: "Fast", photo: "/api/files/pictures/users/4/a.jpg" },
      points: 1500,
      total_time_ms: 3_000,
    });
  });

  it("counts votes per option and players per question, and never marks a survey option correct", () => {
    const withVotes = questionsWithVotes(
      QUESTIONS,
      new Map([
        [11, 3],
        [30, 2],
      ]),
      new Map([[QUESTIONS[0]?.id ?? 0, 3]]),
    );
    expect(withVotes.map((question) => question.players)).toEqual([3, 0, 0]);
    expect(withVotes[0]?.options.map((option) => [option.id, option.correct, option.votes])).toEqual([
      [10, false, 0],
      [11, true, 3],
      [12, false, 0],
    ]);
    expect(withVotes[2]?.options.every((option) => !option.correct)).toBe(true);
  });

  it("are readable by quiz managers always, others once results open or the live quiz ended", () => {
    const closed = { managesQuiz: false, resultsWindowOpen: false, liveQuizFinished: false };
    expect(mayReadResults(closed)).toBe(false);
    expect(mayReadResults({ ...closed, managesQuiz: true })).toBe(true);
    expect(mayReadResults({ ...closed, resultsWindowOpen: true })).toBe(true);
    expect(mayReadResults({ ...closed, liveQuizFinished: true })).toBe(true);
  });
});
