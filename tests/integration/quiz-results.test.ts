import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import frab from "../fixtures/frab-small.schedule.json";
import { type CallResult, call } from "./account-client";
import { getJson, importOk } from "./admin-client";
import { answerLive, eventually, joinLiveQuiz, roomCommand } from "./live-quiz-client";
import { EVENT_PASSWORD, expectBehindPassword, expectQuizOff, switchQuiz, withPassword } from "./quiz-event-access";
import {
  answer,
  CAPITAL_QUESTION,
  LATER,
  OPEN,
  putQuestions,
  quizEvent,
  selfPaced,
  setQuizWindows,
} from "./self-paced-client";

let quiz: Awaited<ReturnType<typeof quizEvent>>;
let otherEventAttendee: string;

const results = (token: string | undefined, id: number, password?: string) =>
  call("GET", withPassword(`/api/quiz/${id}/results`, password), { token, locale: "en" });
const leaderboard = (token: string | undefined, id: number, password?: string) =>
  call("GET", withPassword(`/api/quiz/${id}/leaderboard`, password), { token });
const exportCsv = (token: string | undefined, id: number, password?: string) =>
  SELF.fetch(`http://localhost${withPassword(`/api/quiz/${id}/results.csv`, password)}`, {
    headers: token ? { authorization: `Bearer ${token}`, "x-locale": "en" } : {},
  });
/** The export as a call result: its text when it is a file, the refusal's JSON otherwise. */
async function exportCall(token: string | undefined, id: number, password?: string): Promise<CallResult> {
  const response = await exportCsv(token, id, password);
  const text = await response.text();
  return { status: response.status, body: response.ok ? text : JSON.parse(text) };
}

/** Two questions: "Capital?" (Paris correct) and a survey. */
async function capitalQuiz(id: number) {
  const [capital, survey] = await putQuestions(quiz.moderator, id, [
    CAPITAL_QUESTION,
    {
      question: "Liked it?",
      options: [
        ["Yes, a lot", false],
        ["=no", false],
      ],
      is_survey: true,
    },
  ]);
  if (!capital || !survey) throw new Error("questions not saved");
  const ids = (question: typeof capital) => question.options.map((option) => option.id) as [number, number];
  return { capital, survey, capitalOptions: ids(capital), surveyOptions: ids(survey) };
}

beforeAll(async () => {
  quiz = await quizEvent("quiz-results");
  otherEventAttendee = (await quizEvent("quiz-results-other")).attendee;
});

describe("results of a self-paced quiz", () => {
  let id: number;
  let ana: Awaited<ReturnType<typeof quiz.newAttendee>>;
  let bob: Awaited<ReturnType<typeof quiz.newAttendee>>;
  let questions: Awaited<ReturnType<typeof capitalQuiz>>;

  beforeAll(async () => {
    id = quiz.presentationIds[0] as number;
    questions = await capitalQuiz(id);
    await setQuizWindows(quiz.moderator, id, { questions: OPEN, results: LATER });
    ana = await quiz.newAttendee("ana");
    bob = await quiz.newAttendee("bob");
    const [paris, lyon] = questions.capitalOptions;
    const [yes, no] = questions.surveyOptions;
    // Each question is served before it is answered, as the quiz page does: the server times it.
    const serveAndAnswer = async (token: string, questionId: number, optionIds: number[]) => {
      await selfPaced(token, id);
      await answer(token, id, { questionId, optionIds });
    };
    await serveAndAnswer(ana.token, questions.capital.id, [paris]);
    await serveAndAnswer(ana.token, questions.survey.id, [no]);
    await serveAndAnswer(bob.token, questions.capital.id, [lyon]);
    await serveAndAnswer(bob.token, questions.survey.id, [yes]);
  });

  it("are closed to attendees before the results window, open to the moderator", async () => {
    const closed = await results(ana.token, id);
    expect(closed.status).toBe(403);
    expect(closed.body.error.code).toBe("results-not-open");
    expect((await leaderboard(ana.token, id)).status).toBe(403);
    expect((await results(quiz.moderator, id)).status).toBe(200);
    expect((await results(undefined, id)).status).toBe(401);
    expect((await results(otherEventAttendee, id)).status).toBe(401);
  });

  it("rank the players and count the votes once the results window is open", async () => {
    await setQuizWindows(quiz.moderator, id, { questions: [-10, -5], results: OPEN });
    const open = await results(bob.token, id);
    expect(open.status).toBe(200);
    expect(open.body.data.leaderboard.map((row: any) => [row.rank, row.user.id, row.points > 500])).toEqual([
      [1, `user:${ana.id}`, true],
      [2, `user:${bob.id}`, false],
    ]);
    expect(open.body.data.leaderboard[0].user).toMatchObject({ name: "Test User" });
    expect(open.body.data.questions.map((q: any) => q.options.map((o: any) => [o.option, o.correct, o.votes]))).toEqual(
      [
        [
          ["Paris", true, 1],
          ["Lyon", false, 1],
        ],
        [
          ["Yes, a lot", false, 1],
          ["=no", false, 1],
        ],
      ],
    );
    // Each question says how many players answered it: the votes count the options they chose.
    expect(open.body.data.questions.map((q: any) => q.players)).toEqual([2, 2]);
    const board = await leaderboard(bob.token, id);
    expect(board.body.data.leaderboard).toEqual(open.body.data.leaderboard);
  });

  it("export to CSV for the moderator only, one row per player with the chosen options", async () => {
    const response = await exportCsv(quiz.moderator, id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="quiz-results-${id}.csv"`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split("\r\n");
    expect(lines[0]).toBe("Rank,Name,Points,Correct answers,Total time (s),1. Capital?,2. Liked it?");
    expect(lines[1]).toMatch(/^1,Test User,\d+,1,[\d.]+,Paris,'=no$/);
    expect(lines[2]).toMatch(/^2,Test User,0,0,[\d.]+,Lyon,"Yes, a lot"$/);
    expect((await exportCsv(ana.token, id)).status).toBe(403);
    expect((await exportCsv(undefined, id)).status).toBe(401);
  });
});

describe("results of a live quiz", () => {
  it("show each question's votes after show_result and open to attendees when the quiz ends", async () => {
    const id = quiz.presentationIds[1] as number;
    const { capital, survey, capitalOptions, surveyOptions } = await capitalQuiz(id);
    const zoe = await joinLiveQuiz(quiz.moderator, id, "Zoé");
    const yann = await joinLiveQuiz(quiz.moderator, id, "Yann");
    await roomCommand(quiz.moderator, id, "start_quiz");
    await answerLive(zoe, id, capital.id, [capitalOptions[0]]);
    await answerLive(yann, id, capital.id, [capitalOptions[1]]);
    await roomCommand(quiz.moderator, id, "show_result");

    const votes = (body: any) => body.data?.questions?.[0]?.options.map((option: any) => option.votes);
    const shown = await eventually(
      () => results(quiz.moderator, id),
      (response) => String(votes(response.body)) === "1,1",
    );
    expect(shown.body.data.leaderboard.map((row: any) => row.user.name)).toEqual(["Zoé", "Yann"]);
    expect((await results(quiz.attendee, id)).status).toBe(403);

    await roomCommand(quiz.moderator, id, "next_question");
    await answerLive(zoe, id, survey.id, [surveyOptions[1]]);
    await roomCommand(quiz.moderator, id, "final");
    const ended = await eventually(
      () => results(quiz.attendee, id),
      (response) => response.status === 200 && response.body.data.questions[1].options[1].votes === 1,
    );
    expect(ended.body.data.leaderboard.map((row: any) => [row.rank, row.user.name])).toEqual([
      [1, "Zoé"],
      [2, "Yann"],
    ]);
    const csv = (await (await exportCsv(quiz.moderator, id)).text()).trim().split("\r\n");
    expect(csv[1]).toMatch(/^1,Zoé,\d+,1,[\d.]+,Paris,'=no$/);
    expect(csv[2]).toMatch(/^2,Yann,0,0,[\d.]+,Lyon,$/);
  });
});

describe("results of a protected event", () => {
  it("ask the event's password of signed-in members and of the moderator's export", async () => {
    const locked = await quizEvent("quiz-results-protected", EVENT_PASSWORD);
    const id = locked.presentationIds[0] as number;
    const [capital] = await putQuestions(
      locked.moderator,
      id,
      [{ question: "Capital?", options: [["Paris", true]] }],
      EVENT_PASSWORD,
    );
    if (!capital) throw new Error("question not saved");
    await setQuizWindows(locked.moderator, id, { questions: OPEN, results: OPEN }, EVENT_PASSWORD);
    await selfPaced(locked.attendee, id, EVENT_PASSWORD);
    await answer(locked.attendee, id, { questionId: capital.id, optionIds: [capital.options[0]?.id] }, EVENT_PASSWORD);

    const shown = await expectBehindPassword((password) => results(locked.attendee, id, password), 200);
    expect(shown.body.data.questions[0].options[0].votes).toBe(1);
    await expectBehindPassword((password) => leaderboard(locked.attendee, id, password), 200);
    await expectBehindPassword((password) => results(locked.moderator, id, password), 200);
    const csv = await expectBehindPassword((password) => exportCall(locked.moderator, id, password), 200);
    expect(csv.body.trim().split("\r\n")[1]).toMatch(/^1,Test User,\d+,1,/);
  });
});

describe("results of an event with its quiz switched off", () => {
  it("are refused to everyone, the moderator included, and come back unchanged when it is on again", async () => {
    const slug = "quiz-results-off";
    const event = await quizEvent(slug);
    const id = event.presentationIds[0] as number;
    const [capital] = await putQuestions(event.moderator, id, [{ question: "Capital?", options: [["Paris", true]] }]);
    if (!capital) throw new Error("question not saved");
    await setQuizWindows(event.moderator, id, { questions: OPEN, results: OPEN });
    await selfPaced(event.attendee, id);
    await answer(event.attendee, id, { questionId: capital.id, optionIds: [capital.options[0]?.id] });

    await switchQuiz(slug, false);
    expectQuizOff(await results(event.attendee, id));
    expectQuizOff(await results(event.moderator, id));
    expectQuizOff(await leaderboard(event.moderator, id));
    expectQuizOff(await exportCall(event.moderator, id));
    expectQuizOff(await call("GET", `/api/quiz/${id}/status`));

    await switchQuiz(slug, true);
    expect((await results(event.moderator, id)).body.data.leaderboard).toHaveLength(1);
  });
});

describe("quiz status for the top bar", () => {
  it("says whether there are questions and stored answers, without a session", async () => {
    const empty = await call("GET", `/api/quiz/${quiz.presentationIds[2]}/status`);
    expect(empty).toEqual({
      status: 200,
      body: {
        data: {
          live: true,
          has_questions: false,
          has_results: false,
          live_status: "none",
          questions_open_at: null,
          non_live_questions_active: false,
          non_live_results_active: false,
        },
      },
    });
    const answered = await call("GET", `/api/quiz/${quiz.presentationIds[0]}/status`);
    expect(answered.body.data).toMatchObject({
      live: false,
      has_questions: true,
      has_results: true,
      non_live_results_active: true,
    });
  });

  it("says when the self-paced questions open, and whether the live quiz's lobby is open, running or finished", async () => {
    const event = await quizEvent("quiz-status-entry");
    const id = event.presentationIds[0] as number;
    const status = async () => (await call("GET", `/api/quiz/${id}/status`)).body.data;
    const [capital] = await putQuestions(event.moderator, id, [CAPITAL_QUESTION]);
    if (!capital) throw new Error("question not saved");

    await setQuizWindows(event.moderator, id, { questions: LATER, results: [10, 15] });
    const later = await status();
    expect(later).toMatchObject({ live: false, has_questions: true, live_status: "none" });
    const opensIn = Date.parse(later.questions_open_at) - Date.now();
    expect(opensIn).toBeGreaterThan(4 * 60_000);
    expect(opensIn).toBeLessThanOrEqual(5 * 60_000);
    await setQuizWindows(event.moderator, id, { questions: OPEN, results: LATER });
    expect(await status()).toMatchObject({ questions_open_at: null, non_live_questions_active: true });

    // Live: no opening time (the windows do not apply), and the run's state as the room keeps it.
    await setQuizWindows(event.moderator, id, { live: true, questions: LATER, results: LATER });
    expect(await status()).toMatchObject({ live: true, live_status: "none", questions_open_at: null });
    const player = await joinLiveQuiz(event.moderator, id, "Zoé");
    expect((await status()).live_status).toBe("lobby");
    await roomCommand(event.moderator, id, "start_quiz");
    await eventually(status, (data) => data.live_status === "running");
    await answerLive(player, id, capital.id, [capital.options[0]?.id as number]);
    await roomCommand(event.moderator, id, "final");
    const finished = await eventually(status, (data) => data.live_status === "finished");
    // Public, like the questions' words: nothing of an answer or a score.
    expect(Object.keys(finished).sort()).toEqual([
      "has_questions",
      "has_results",
      "live",
      "live_status",
      "non_live_questions_active",
      "non_live_results_active",
      "questions_open_at",
    ]);
  });

  it("asks for the password of a protected event", async () => {
    await importOk("quiz-results-locked", { ...frab, engagement: { password: "salon2026" } });
    const locked = (await getJson("/api/public/schedule/quiz-results-locked?password=salon2026")).body.data
      .presentations[0]._id;
    expect((await call("GET", `/api/quiz/${locked}/status`)).status).toBe(401);
    expect((await call("GET", `/api/quiz/${locked}/status?password=wrong`)).status).toBe(403);
    expect((await call("GET", `/api/quiz/${locked}/status?password=salon2026`)).status).toBe(200);
  });
});
