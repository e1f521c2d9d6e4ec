import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "./account-client";
import { EVENT_PASSWORD, expectBehindPassword, expectQuizOff, switchQuiz } from "./quiz-event-access";
import { answer, LATER, OPEN, putQuestions, quizEvent, selfPaced, setQuizWindows } from "./self-paced-client";

let quiz: Awaited<ReturnType<typeof quizEvent>>;
let otherEventAttendee: string;

/** A presentation's quiz: q1 single (b correct), q2 multi (a and c), a hidden draft, a survey. */
async function seededQuiz(index: number) {
  const id = quiz.presentationIds[index] as number;
  const [single, multi, hidden, survey] = await putQuestions(quiz.moderator, id, [
    {
      question: "Single",
      options: [
        ["a", false],
        ["b", true],
        ["c", false],
      ],
    },
    {
      question: "Multi",
      options: [
        ["a", true],
        ["b", false],
        ["c", true],
      ],
    },
    { question: "Draft", options: [["a", true]], visible: false },
    {
      question: "Survey",
      options: [
        ["yes", false],
        ["no", false],
      ],
      is_survey: true,
    },
  ]);
  if (!single || !multi || !hidden || !survey) throw new Error("questions not saved");
  const option = (question: typeof single, index: number) => question.options[index]?.id as number;
  return { id, single, multi, hidden, survey, option };
}

beforeAll(async () => {
  quiz = await quizEvent("self-paced");
  otherEventAttendee = (await quizEvent("self-paced-other")).attendee;
});

describe("who may take a self-paced quiz", () => {
  it("needs a session of the presentation's event", async () => {
    const { id, single, option } = await seededQuiz(0);
    await setQuizWindows(quiz.moderator, id, { questions: OPEN, results: LATER });
    expect((await selfPaced(undefined, id)).status).toBe(401);
    expect((await selfPaced(otherEventAttendee, id)).status).toBe(401);
    const body = { questionId: single.id, optionIds: [option(single, 1)] };
    expect((await answer(undefined, id, body)).status).toBe(401);
    expect((await answer(otherEventAttendee, id, body)).status).toBe(401);
    expect((await selfPaced(quiz.attendee, 999_999)).status).toBe(404);
  });
});

describe("a protected event's self-paced quiz", () => {
  it("asks signed-in attendees for the event's password, as the forum does", async () => {
    const locked = await quizEvent("self-paced-locked", EVENT_PASSWORD);
    const id = locked.presentationIds[0] as number;
    const [question] = await putQuestions(
      locked.moderator,
      id,
      [{ question: "Q", options: [["a", true]] }],
      EVENT_PASSWORD,
    );
    if (!question) throw new Error("question not saved");
    await setQuizWindows(locked.moderator, id, { questions: OPEN, results: LATER }, EVENT_PASSWORD);
    const view = await expectBehindPassword((password) => selfPaced(locked.attendee, id, password), 200);
    expect(view.body.data.question).toMatchObject({ id: question.id });
    const body = { questionId: question.id, optionIds: [question.options[0]?.id] };
    // The answer refused twice is stored once, when the password comes with it.
    const answered = await expectBehindPassword((password) => answer(locked.attendee, id, body, password), 201);
    expect(answered.body.data.correct).toBe(true);
  });
});

describe("an event with its quiz switched off", () => {
  it("refuses the self-paced quiz and its answers, and keeps what was answered before", async () => {
    const slug = "self-paced-off";
    const event = await quizEvent(slug);
    const id = event.presentationIds[0] as number;
    const [first, second] = await putQuestions(event.moderator, id, [
      { question: "One", options: [["a", true]] },
      { question: "Two", options: [["b", true]] },
    ]);
    if (!first || !second) throw new Error("questions not saved");
    await setQuizWindows(event.moderator, id, { questions: OPEN, results: LATER });
    await selfPaced(event.attendee, id);
    expect((await answer(event.attendee, id, { questionId: first.id, optionIds: [first.options[0]?.id] })).status).toBe(
      201,
    );

    await switchQuiz(slug, false);
    expectQuizOff(await selfPaced(event.attendee, id));
    expectQuizOff(await answer(event.attendee, id, { questionId: second.id, optionIds: [second.options[0]?.id] }));

    await switchQuiz(slug, true);
    expect((await selfPaced(event.attendee, id)).body.data).toMatchObject({ answered: 1, question: { id: second.id } });
  });
});

describe("answering inside and outside the windows", () => {
  it("refuses answers while the quiz is live, with nothing shown", async () => {
    const { id, single, option } = await seededQuiz(1);
    await setQuizWindows(quiz.moderator, id, { live: true, questions: OPEN, results: OPEN });
    const view = await selfPaced(quiz.attendee, id);
    expect(view.body.data).toMatchObject({ live: true, question: null, results: null });
    const refused = await answer(quiz.attendee, id, { questionId: single.id, optionIds: [option(single, 1)] });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: "quiz-is-live",
      message: "This quiz is played live: join it from its QUIZ button.",
    });
  });

  it("refuses answers before and after the questions window and stores none", async () => {
    const { id, single, option } = await seededQuiz(2);
    for (const questions of [LATER, [-10, -5] as [number, number]]) {
      await setQuizWindows(quiz.moderator, id, { questions, results: LATER });
      const view = await selfPaced(quiz.attendee, id);
      expect(view.body.data).toMatchObject({ non_live_questions_active: false, question: null, answered: 0 });
      const refused = await answer(quiz.attendee, id, { questionId: single.id, optionIds: [option(single, 1)] });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({
        code: "quiz-not-open",
        message: "The quiz for this presentation is not available yet",
      });
    }
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM quiz_answers WHERE presentation_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });

  it("serves the visible questions one at a time in order, scores them, then shows the results", async () => {
    const { id, single, multi, survey, option } = await seededQuiz(3);
    await setQuizWindows(quiz.moderator, id, { questions: OPEN, results: LATER });
    const me = await quiz.newAttendee("taker");

    const first = await selfPaced(me.token, id);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ live: false, timer: 30, total: 3, answered: 0, results: null });
    expect(first.body.data.question).toMatchObject({ id: single.id, question: "Single", correct_count: 1 });
    expect(first.body.data.question.options).toEqual(
      single.options.map((o) => ({ id: o.id, option: expect.any(String) })),
    );

    const right = await answer(me.token, id, { questionId: single.id, optionIds: [option(single, 1)] });
    expect(right.status).toBe(201);
    expect(right.body.data.correct).toBe(true);
    expect(right.body.data.points).toBeGreaterThanOrEqual(990);
    expect(right.body.data.points).toBeLessThanOrEqual(1000);

    const second = await selfPaced(me.token, id);
    expect(second.body.data).toMatchObject({ answered: 1, question: { id: multi.id, correct_count: 2 } });
    // Only exactly the correct options count for a multi-answer question.
    const partial = await answer(me.token, id, { questionId: multi.id, optionIds: [option(multi, 0)] });
    expect(partial.body.data).toMatchObject({ correct: false, points: 0 });

    const third = await selfPaced(me.token, id);
    expect(third.body.data.question).toMatchObject({ id: survey.id, is_survey: true, correct_count: 0 });
    const vote = await answer(me.token, id, { questionId: survey.id, optionIds: [option(survey, 0)] });
    expect(vote.body.data).toMatchObject({ correct: null, points: 0 });

    const done = await selfPaced(me.token, id);
    expect(done.body.data).toMatchObject({ total: 3, answered: 3, question: null, results: null });

    await setQuizWindows(quiz.moderator, id, { questions: [-10, -5], results: OPEN });
    const results = (await selfPaced(me.token, id)).body.data.results;
    expect(results.map((r: any) => [r.id, r.my_option_ids, r.correct])).toEqual([
      [single.id, [option(single, 1)], true],
      [multi.id, [option(multi, 0)], false],
      [survey.id, [option(survey, 0)], null],
    ]);
    expect(results[1].options.map((o: any) => o.correct)).toEqual([true, false, true]);
    expect(results[0].points).toBe(right.body.data.points);
  });

  it("scores exactly the right options of a multi-answer question", async () => {
    const { id, multi, option } = await seededQuiz(4);
    await setQuizWindows(quiz.moderator, id, { questions: OPEN, results: LATER });
    const exact = await answer(quiz.attendee, id, {
      questionId: multi.id,
      optionIds: [option(multi, 2), option(multi, 0)],
    });
    expect(exact.body.data.correct).toBe(true);
    const me = await quiz.newAttendee("over-chooser");
    const all = await answer(me.token, id, {
      questionId: multi.id,
      optionIds: [option(multi, 0), option(multi, 1), option(multi, 2)],
    });
    expect(all.body.data).toMatchObject({ correct: false, points: 0 });
  });
});

describe("answering time", () => {
  it("runs from the first serving, survives a reload, and is capped at the timer", async () => {
    const { id, single, option } = await seededQuiz(5);
    await setQuizWindows(quiz.moderator, id, { timer: 20, questions: OPEN, results: LATER });
    const me = await quiz.newAttendee("slow");
    await selfPaced(me.token, id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const reloaded = await selfPaced(me.token, id);
    expect(reloaded.body.data.question.elapsed_ms).toBeGreaterThanOrEqual(300);

    // The user was first served the question a minute ago: the 20 s timer caps the time.
    await env.DB.prepare("UPDATE quiz_question_views SET shown_at = ? WHERE question_id = ? AND user_id = ?")
      .bind(Date.now() - 60_000, single.id, me.id)
      .run();
    const late = await answer(me.token, id, { questionId: single.id, optionIds: [option(single, 1)] });
    expect(late.body.data).toEqual({ correct: true, points: 500, elapsed_ms: 20_000 });
  });
});

describe("refused answers change nothing", () => {
  it("accepts one answer per question: a second is already answered", async () => {
    const { id, single, option } = await seededQuiz(6);
    await setQuizWindows(quiz.moderator, id, { questions: OPEN, results: LATER });
    expect((await answer(quiz.attendee, id, { questionId: single.id, optionIds: [option(single, 0)] })).status).toBe(
      201,
    );
    const again = await answer(quiz.attendee, id, { questionId: single.id, optionIds: [option(single, 1)] });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("already-answered");
    const stored = await env.DB.prepare("SELECT option_ids FROM quiz_answers WHERE question_id = ?")
      .bind(single.id)
      .all<{ option_ids: string }>();
    expect(stored.results.map((row) => JSON.parse(row.option_ids))).toEqual([[option(single, 0)]]);
  });

  it("counts only one of two simultaneous answers to the same question", async () => {
    const { id, single, option } = await seededQuiz(7);
    await setQuizWindows(quiz.moderator, id, { questions: OPEN, results: LATER });
    const me = await quiz.newAttendee("double-clicker");
    const both = await Promise.all([
      answer(me.token, id, { questionId: single.id, optionIds: [option(single, 1)] }),
      answer(me.token, id, { questionId: single.id, optionIds: [option(single, 0)] }),
    ]);
    expect(both.map((response) => response.status).sort()).toEqual([201, 409]);
    expect((await selfPaced(me.token, id)).body.data.answered).toBe(1);
  });

  it.each([
    ["a body that is not JSON", { rawBody: "{not json", type: "application/json" }, "invalid-json"],
    ["a missing questionId", { body: { optionIds: [1] } }, "validation-failed"],
    ["optionIds of the wrong type", { body: { questionId: 1, optionIds: "1" } }, "validation-failed"],
    ["a questionId of the wrong type", { body: { questionId: "one", optionIds: [1] } }, "validation-failed"],
  ])("refuses %s with 400", async (_label, request, code) => {
    const id = quiz.presentationIds[0] as number;
    const response = await call("POST", `/api/quiz/${id}/answers`, { token: quiz.attendee, ...request });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe(code);
  });

  it("refuses empty, unknown and too many options, and questions that are not visible here", async () => {
    const { id, single, hidden, option } = await seededQuiz(8);
    const other = await seededQuiz(0);
    await setQuizWindows(quiz.moderator, id, { questions: OPEN, results: LATER });
    const empty = await answer(quiz.attendee, id, { questionId: single.id, optionIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatchObject({
      code: "invalid-options",
      message: "Please select atlest one option and submit",
    });
    const foreign = await answer(quiz.attendee, id, { questionId: single.id, optionIds: [option(other.single, 1)] });
    expect(foreign.body.error.code).toBe("invalid-options");
    const tooMany = single.options.map((o) => o.id).concat(option(single, 0));
    expect((await answer(quiz.attendee, id, { questionId: single.id, optionIds: tooMany })).status).toBe(400);
    const draft = await answer(quiz.attendee, id, { questionId: hidden.id, optionIds: [hidden.options[0]?.id] });
    expect(draft.status).toBe(404);
    expect(draft.body.error.code).toBe("no-such-question");
    const elsewhere = await answer(quiz.attendee, id, {
      questionId: other.single.id,
      optionIds: [option(other.single, 1)],
    });
    expect(elsewhere.status).toBe(404);
    expect((await selfPaced(quiz.attendee, id)).body.data.answered).toBe(0);
  });
});
