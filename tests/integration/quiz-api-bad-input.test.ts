/**
 * Every route of the self-paced quiz, its results, its media, the active quizzes list and the play
 * counters, sent bad input of every kind: each answers a 4xx with its error code, never a 500,
 * and nothing it guards changes.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../worker/db/client";
import { saveLiveAnswers } from "../../worker/db/queries/quiz-results";
import { insertSelfPacedAnswer, recordQuestionView } from "../../worker/db/queries/quiz-self-paced";
import frab from "../fixtures/frab-small.schedule.json";
import { addMember, type CallResult, call } from "./account-client";
import { getJson, importOk } from "./admin-client";
import { CAPITAL_QUESTION, LATER, OPEN, putQuestions, quizEvent, selfPaced, setQuizWindows } from "./self-paced-client";

const MiB = 1024 * 1024;

let quiz: Awaited<ReturnType<typeof quizEvent>>;
/** Self-paced, questions open, results later: a capital question and a survey. */
let talk: number;
/** Another presentation of the same event, with one question. */
let otherTalk: number;
/** A presentation of another event. */
let foreignTalk: number;
let lockedTalk: number;
/** A moderator of the protected event, who gives its password like everyone. */
let lockedModerator: string;
let otherEventAttendee: string;
/** The speaker of another presentation than `talk`. */
let otherSpeaker: string;
let capital: { id: number; options: { id: number }[] };
let survey: { id: number; options: { id: number }[] };
let hidden: { id: number };
let otherQuestion: { id: number; options: { id: number }[] };

beforeAll(async () => {
  quiz = await quizEvent("bad-input");
  const foreign = await quizEvent("bad-input-other");
  otherEventAttendee = foreign.attendee;
  foreignTalk = foreign.presentationIds[0] as number;
  await importOk("bad-input-locked", { ...frab, engagement: { password: "salon2026", showVideoViews: true } });
  lockedTalk = (await getJson("/api/public/schedule/bad-input-locked?password=salon2026")).body.data.presentations[0]
    ._id;
  await addMember("bad-input-locked", {
    email: "mod-locked@example.org",
    name: "Mod",
    password: "secret-pass",
    isModerator: true,
  });
  lockedModerator = (
    await call("POST", "/api/event-engagement/bad-input-locked/user-login", {
      body: { email: "mod-locked@example.org", password: "secret-pass" },
    })
  ).body.data.token;

  const presentations = (await getJson("/api/public/schedule/bad-input")).body.data.presentations as {
    _id: number;
    speaker_info: { firstName: string } | null;
  }[];
  // `talk` is not Jane Doe's: she speaks elsewhere in the event, so she may not manage it.
  const notJanes = presentations.filter((p) => p.speaker_info?.firstName !== "Jane");
  talk = notJanes[0]?._id as number;
  otherTalk = notJanes[1]?._id as number;
  await addMember("bad-input", {
    email: "jane-bad-input@example.org",
    name: "Jane",
    password: "secret-pass",
    isSpeaker: true,
    speakerExternalId: "7001:Jane Doe",
  });
  otherSpeaker = (
    await call("POST", "/api/event-engagement/bad-input/user-login", {
      body: { email: "jane-bad-input@example.org", password: "secret-pass" },
    })
  ).body.data.token;

  const saved = await putQuestions(quiz.moderator, talk, [
    CAPITAL_QUESTION,
    {
      question: "Liked it?",
      options: [
        ["Yes", false],
        ["No", false],
      ],
      is_survey: true,
    },
    { question: "Hidden", options: [["A", true]], visible: false },
  ]);
  const other = await putQuestions(quiz.moderator, otherTalk, [{ question: "Other?", options: [["X", true]] }]);
  if (!saved[0] || !saved[1] || !saved[2] || !other[0]) throw new Error("questions not saved");
  [capital, survey, hidden, otherQuestion] = [saved[0], saved[1], saved[2], other[0]];
  await setQuizWindows(quiz.moderator, talk, { questions: OPEN, results: LATER });
  await setQuizWindows(quiz.moderator, otherTalk, { questions: OPEN, results: LATER });
});

/** A request of the table: paths and tokens are read once `beforeAll` has made them. */
interface BadRequest {
  name: string;
  method: string;
  path: () => string;
  token?: () => string | undefined;
  body?: () => unknown;
  raw?: () => BodyInit;
  type?: string;
  status: number;
  code: string;
}

const send = (request: BadRequest): Promise<CallResult> =>
  call(request.method, request.path(), {
    token: request.token?.(),
    body: request.body?.(),
    rawBody: request.raw?.(),
    type: request.type,
  });

async function expectRefused(request: BadRequest) {
  const response = await send(request);
  expect({ status: response.status, code: response.body?.error?.code }).toEqual({
    status: request.status,
    code: request.code,
  });
}

const moderator = () => quiz.moderator;
const attendee = () => quiz.attendee;

/** Bad presentation ids in a path: not ids at all, or one no presentation has. */
function badIds(method: string, route: (id: string) => string, token: () => string | undefined): BadRequest[] {
  const at = (name: string, id: string, status: number, code: string): BadRequest => ({
    name: `${method} ${route(":id")} with ${name}`,
    method,
    path: () => route(id),
    token,
    status,
    code,
  });
  return [
    at("id 0", "0", 400, "validation-failed"),
    at("a negative id", "-1", 400, "validation-failed"),
    at("an id not a number", "abc", 400, "validation-failed"),
    at("a fractional id", "1.5", 400, "validation-failed"),
    at("an id of 17 digits", "1".repeat(17), 400, "validation-failed"),
    at("an unknown id", "9999999999999999", 404, "presentation-not-found"),
  ];
}

/** No token, a forged one, or a token of another event, on a route for the event's members. */
function badSessions(method: string, route: (id: string) => string, body?: () => unknown): BadRequest[] {
  const as = (name: string, token: (() => string) | undefined): BadRequest => ({
    name: `${method} ${route(":id")} with ${name}`,
    method,
    path: () => route(String(talk)),
    body,
    token,
    status: 401,
    code: "unauthorized",
  });
  return [
    as("no token", undefined),
    as("a forged token", () => "not.a.token"),
    as("a token of another event", () => otherEventAttendee),
  ];
}

describe("self-paced answers", () => {
  const answers = (request: Omit<BadRequest, "method" | "path" | "token" | "status" | "code"> & Partial<BadRequest>) =>
    ({
      method: "POST",
      path: () => `/api/quiz/${talk}/answers`,
      token: attendee,
      status: 400,
      code: "validation-failed",
      ...request,
    }) satisfies BadRequest;
  const json = (body: unknown) => () => body;
  const table: BadRequest[] = [
    ...badSessions("POST", (id) => `/api/quiz/${id}/answers`, json({ questionId: 1, optionIds: [1] })),
    ...badIds("POST", (id) => `/api/quiz/${id}/answers`, attendee).map((request) => ({
      ...request,
      body: () => ({ questionId: capital.id, optionIds: [capital.options[0]?.id] }),
    })),
    answers({
      name: "a presentation of another event",
      path: () => `/api/quiz/${foreignTalk}/answers`,
      body: () => ({ questionId: capital.id, optionIds: [capital.options[0]?.id] }),
      status: 401,
      code: "unauthorized",
    }),
    answers({ name: "malformed JSON", raw: () => '{"questionId": ', type: "application/json", code: "invalid-json" }),
    answers({
      name: "JSON sent as text/plain",
      raw: () => JSON.stringify({ questionId: capital.id, optionIds: [capital.options[0]?.id] }),
      type: "text/plain",
    }),
    answers({ name: "no body", raw: () => "", type: "application/json", code: "invalid-json" }),
    answers({ name: "JSON null", body: json(null) }),
    answers({ name: "JSON array", body: json([1, 2]) }),
    answers({ name: "JSON string", body: json("answer") }),
    answers({ name: "missing questionId", body: () => ({ optionIds: [capital.options[0]?.id] }) }),
    answers({ name: "missing optionIds", body: () => ({ questionId: capital.id }) }),
    answers({ name: "questionId as a string", body: () => ({ questionId: String(capital.id), optionIds: [1] }) }),
    answers({ name: "questionId 0", body: json({ questionId: 0, optionIds: [1] }) }),
    answers({ name: "negative questionId", body: json({ questionId: -3, optionIds: [1] }) }),
    answers({ name: "fractional questionId", body: json({ questionId: 1.5, optionIds: [1] }) }),
    answers({ name: "questionId null", body: json({ questionId: null, optionIds: [1] }) }),
    // Past the safe integers an id cannot name a row: refused as input, like any other bad id.
    answers({ name: "huge questionId", body: json({ questionId: 1e300, optionIds: [1] }) }),
    answers({ name: "optionIds not an array", body: () => ({ questionId: capital.id, optionIds: 5 }) }),
    answers({ name: "an option id as a string", body: () => ({ questionId: capital.id, optionIds: ["1"] }) }),
    answers({ name: "a negative option id", body: () => ({ questionId: capital.id, optionIds: [-1] }) }),
    answers({
      name: "101 option ids",
      body: () => ({ questionId: capital.id, optionIds: Array.from({ length: 101 }, (_, i) => i + 1) }),
    }),
    answers({
      name: "no option",
      body: () => ({ questionId: capital.id, optionIds: [] }),
      code: "invalid-options",
    }),
    answers({
      name: "the same option twice",
      body: () => ({ questionId: capital.id, optionIds: [capital.options[0]?.id, capital.options[0]?.id] }),
      code: "invalid-options",
    }),
    answers({
      name: "an option of another question",
      body: () => ({ questionId: capital.id, optionIds: [survey.options[0]?.id] }),
      code: "invalid-options",
    }),
    answers({
      name: "a huge option id",
      body: () => ({ questionId: capital.id, optionIds: [Number.MAX_SAFE_INTEGER] }),
      code: "invalid-options",
    }),
    answers({
      name: "a question of another presentation",
      body: () => ({ questionId: otherQuestion.id, optionIds: [otherQuestion.options[0]?.id] }),
      status: 404,
      code: "no-such-question",
    }),
    answers({
      name: "a hidden question",
      body: () => ({ questionId: hidden.id, optionIds: [1] }),
      status: 404,
      code: "no-such-question",
    }),
    answers({
      name: "an oversized body",
      body: () => ({ questionId: capital.id, optionIds: [capital.options[0]?.id], note: "x".repeat(200_000) }),
      status: 413,
      code: "payload-too-large",
    }),
  ];

  it.each(table.map((request) => [request.name, request] as const))("refuses %s", async (_name, request) => {
    await expectRefused(request);
  });

  it("stored no answer", async () => {
    for (const [token, id] of [
      [quiz.attendee, talk],
      [quiz.attendee, otherTalk],
    ] as const) {
      const view = (await selfPaced(token, id)).body.data;
      expect(view.answered).toBe(0);
    }
  });

  it("counts one of two answers sent at once to the same question", async () => {
    const ana = await quiz.newAttendee("ana-twice");
    await selfPaced(ana.token, talk);
    const body = { questionId: capital.id, optionIds: [capital.options[0]?.id] };
    const responses = await Promise.all(
      [0, 1, 2].map(() => call("POST", `/api/quiz/${talk}/answers`, { token: ana.token, body })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409]);
    expect(responses.filter((r) => r.status === 409).every((r) => r.body.error.code === "already-answered")).toBe(true);
    expect((await selfPaced(ana.token, talk)).body.data.answered).toBe(1);
  });
});

describe("answers racing the question editor", () => {
  it("refuses, without a server error, a view or an answer of a question removed after it was read", async () => {
    const presentationId = quiz.presentationIds.find((id) => id !== talk && id !== otherTalk) as number;
    const [gone] = await putQuestions(quiz.moderator, presentationId, [
      { question: "Soon gone", options: [["A", true]] },
    ]);
    if (!gone) throw new Error("question not saved");
    await putQuestions(quiz.moderator, presentationId, []);
    const user = await quiz.newAttendee("racer");
    const db = openDatabase(env.DB);
    // What the routes do right after reading the question, had the editor removed it in between.
    const view = { presentationId, questionId: gone.id, userId: user.id, now: 1_000 };
    await expect(recordQuestionView(db, view)).resolves.toBe(1_000);
    const answer = { presentationId, questionId: gone.id, playerKey: `user:${user.id}`, optionIds: [1] };
    await expect(
      insertSelfPacedAnswer(db, { ...answer, elapsedMs: 0, correct: true, points: 1000 }),
    ).rejects.toMatchObject({ code: "no-such-question" });
    const stored = await env.DB.prepare("select count(*) as n from quiz_answers where question_id = ?")
      .bind(gone.id)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });

  it("keeps the live room's answers when one of their questions was removed during the quiz", async () => {
    const presentationId = quiz.presentationIds.find((id) => id !== talk && id !== otherTalk) as number;
    const [kept, removed] = await putQuestions(quiz.moderator, presentationId, [
      { question: "Kept", options: [["A", true]] },
      { question: "Removed", options: [["B", true]] },
    ]);
    if (!kept || !removed) throw new Error("questions not saved");
    // The editor saves the list without the second question: it is removed, its answers with it.
    const edited = await call("PUT", `/api/quiz/${presentationId}/questions`, {
      token: quiz.moderator,
      body: { questions: [{ id: kept.id, question: "Kept", options: [{ option: "A", correct: true }] }] },
    });
    expect(edited.status).toBe(200);
    const row = (questionId: number, playerKey: string) => ({
      playerKey,
      questionId,
      optionIds: [1],
      elapsedMs: 1_000,
      correct: true,
      points: 950,
    });
    await saveLiveAnswers(openDatabase(env.DB), presentationId, [
      row(kept.id, "p1"),
      row(removed.id, "p1"),
      row(kept.id, "p2"),
    ]);
    const stored = await env.DB.prepare(
      "select player_key as player from quiz_answers where presentation_id = ? and mode = 'live' order by player_key",
    )
      .bind(presentationId)
      .all<{ player: string }>();
    expect(stored.results.map((answer) => answer.player)).toEqual(["p1", "p2"]);
  });
});

describe("self-paced view, results, leaderboard, export and status", () => {
  const beforeResultsWindow = (route: string): BadRequest => ({
    name: `${route} before the results window, to an attendee`,
    method: "GET",
    path: () => `/api/quiz/${talk}/${route}`,
    token: attendee,
    status: 403,
    code: "results-not-open",
  });
  const table: BadRequest[] = [
    ...badSessions("GET", (id) => `/api/quiz/${id}/self-paced`),
    ...badIds("GET", (id) => `/api/quiz/${id}/self-paced`, attendee),
    ...badSessions("GET", (id) => `/api/quiz/${id}/results`),
    ...badIds("GET", (id) => `/api/quiz/${id}/results`, moderator),
    beforeResultsWindow("results"),
    ...badSessions("GET", (id) => `/api/quiz/${id}/leaderboard`),
    ...badIds("GET", (id) => `/api/quiz/${id}/leaderboard`, moderator),
    beforeResultsWindow("leaderboard"),
    ...badSessions("GET", (id) => `/api/quiz/${id}/results.csv`),
    ...badIds("GET", (id) => `/api/quiz/${id}/results.csv`, moderator),
    {
      name: "export to an attendee",
      method: "GET",
      path: () => `/api/quiz/${talk}/results.csv`,
      token: attendee,
      status: 403,
      code: "forbidden",
    },
    {
      name: "export to the speaker of another presentation",
      method: "GET",
      path: () => `/api/quiz/${talk}/results.csv`,
      token: () => otherSpeaker,
      status: 403,
      code: "forbidden",
    },
    {
      name: "export of another event's quiz",
      method: "GET",
      path: () => `/api/quiz/${foreignTalk}/results.csv`,
      token: moderator,
      status: 401,
      code: "unauthorized",
    },
    ...badIds(
      "GET",
      (id) => `/api/quiz/${id}/status`,
      () => undefined,
    ),
    {
      name: "status of a protected event without its password",
      method: "GET",
      path: () => `/api/quiz/${lockedTalk}/status`,
      status: 401,
      code: "error.prompt-password",
    },
    {
      name: "status of a protected event with a wrong password",
      method: "GET",
      path: () => `/api/quiz/${lockedTalk}/status?password=nope`,
      status: 403,
      code: "error.invalid-password",
    },
    {
      name: "status with an over-long password",
      method: "GET",
      path: () => `/api/quiz/${lockedTalk}/status?password=${"x".repeat(201)}`,
      status: 400,
      code: "validation-failed",
    },
  ];

  it.each(table.map((request) => [request.name, request] as const))("refuses %s", async (_name, request) => {
    await expectRefused(request);
  });
});

describe("a protected event's quiz, signed in as its moderator", () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
  const routes: { method: string; route: string; body?: () => unknown; raw?: () => BodyInit; type?: string }[] = [
    { method: "GET", route: "self-paced" },
    { method: "POST", route: "answers", body: () => ({ questionId: 1, optionIds: [1] }) },
    { method: "GET", route: "results" },
    { method: "GET", route: "leaderboard" },
    { method: "GET", route: "results.csv" },
    { method: "GET", route: "questions" },
    { method: "PUT", route: "questions", body: () => ({ questions: [] }) },
    { method: "GET", route: "settings" },
    { method: "PUT", route: "media/image", raw: () => png, type: "image/png" },
  ];
  const table: BadRequest[] = routes.flatMap(({ method, route, ...request }) => {
    const at = (name: string, password: string, status: number, code: string): BadRequest => ({
      ...request,
      name: `${method} /api/quiz/:id/${route} ${name}`,
      method,
      path: () => `/api/quiz/${lockedTalk}/${route}${password}`,
      token: () => lockedModerator,
      status,
      code,
    });
    return [
      at("without the event's password", "", 401, "error.prompt-password"),
      at("with a wrong password", "?password=nope", 403, "error.invalid-password"),
      at("with an over-long password", `?password=${"x".repeat(201)}`, 400, "validation-failed"),
    ];
  });

  it.each(table.map((request) => [request.name, request] as const))("refuses %s", async (_name, request) => {
    await expectRefused(request);
  });

  it("stored nothing", async () => {
    const questions = await call("GET", `/api/quiz/${lockedTalk}/questions?password=salon2026`, {
      token: lockedModerator,
    });
    expect(questions.body.data.questions).toEqual([]);
    expect((await env.FILES.list({ prefix: `quiz/${lockedTalk}/` })).objects).toEqual([]);
  });
});

describe("active quizzes and play counters", () => {
  const get = (name: string, path: string, status: number, code: string): BadRequest => ({
    name,
    method: "GET",
    path: () => path,
    status,
    code,
  });
  const table: BadRequest[] = [
    get("active quizzes without a slug", "/api/quiz/active", 400, "validation-failed"),
    get("active quizzes of a malformed slug", "/api/quiz/active?slug=Bad%20Slug!", 400, "validation-failed"),
    get("active quizzes of a slug with a path", "/api/quiz/active?slug=..%2Fadmin", 400, "validation-failed"),
    get("active quizzes of an unknown event", "/api/quiz/active?slug=no-such-event", 404, "event-not-found"),
    get("active quizzes of a protected event", "/api/quiz/active?slug=bad-input-locked", 401, "error.prompt-password"),
    get(
      "active quizzes with a wrong password",
      "/api/quiz/active?slug=bad-input-locked&password=nope",
      403,
      "error.invalid-password",
    ),
    get(
      "active quizzes with an over-long password",
      `/api/quiz/active?slug=bad-input-locked&password=${"x".repeat(201)}`,
      400,
      "validation-failed",
    ),
    get("quiz statuses without a slug", "/api/quiz/statuses", 400, "validation-failed"),
    get("quiz statuses of a malformed slug", "/api/quiz/statuses?slug=Bad%20Slug!", 400, "validation-failed"),
    get("quiz statuses of an unknown event", "/api/quiz/statuses?slug=no-such-event", 404, "event-not-found"),
    get("quiz statuses of a protected event", "/api/quiz/statuses?slug=bad-input-locked", 401, "error.prompt-password"),
    get(
      "quiz statuses with a wrong password",
      "/api/quiz/statuses?slug=bad-input-locked&password=nope",
      403,
      "error.invalid-password",
    ),
    get(
      "quiz statuses with an over-long password",
      `/api/quiz/statuses?slug=bad-input-locked&password=${"x".repeat(201)}`,
      400,
      "validation-failed",
    ),
    get("event plays without a slug", "/api/presentation/plays", 400, "validation-failed"),
    get("event plays of an unknown event", "/api/presentation/plays?slug=no-such-event", 404, "event-not-found"),
    get("event plays where they are not shown", "/api/presentation/plays?slug=bad-input", 403, "forbidden"),
    get(
      "event plays of a protected event",
      "/api/presentation/plays?slug=bad-input-locked",
      401,
      "error.prompt-password",
    ),
    ...badIds(
      "GET",
      (id) => `/api/presentation/${id}/plays`,
      () => undefined,
    ),
  ];

  it.each(table.map((request) => [request.name, request] as const))("refuses %s", async (_name, request) => {
    await expectRefused(request);
  });

  it("refuses a protected presentation's plays without the password", async () => {
    await expectRefused(get("plays", `/api/presentation/${lockedTalk}/plays`, 401, "error.prompt-password"));
  });
});

describe("question media", () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
  const image = (request: Partial<BadRequest> & Pick<BadRequest, "name" | "status" | "code">): BadRequest => ({
    method: "PUT",
    path: () => `/api/quiz/${talk}/media/image`,
    token: moderator,
    raw: () => png,
    type: "image/png",
    ...request,
  });
  const table: BadRequest[] = [
    // Image
    ...badSessions("PUT", (id) => `/api/quiz/${id}/media/image`).map((request) => ({
      ...request,
      raw: () => png,
      type: "image/png",
    })),
    image({ name: "an image from an attendee", token: attendee, status: 403, code: "forbidden" }),
    image({ name: "an image from another talk's speaker", token: () => otherSpeaker, status: 403, code: "forbidden" }),
    image({
      name: "an image for another event's quiz",
      path: () => `/api/quiz/${foreignTalk}/media/image`,
      status: 401,
      code: "unauthorized",
    }),
    ...badIds("PUT", (id) => `/api/quiz/${id}/media/image`, moderator).map((request) => ({
      ...request,
      raw: () => png,
      type: "image/png",
    })),
    image({ name: "an SVG image", type: "image/svg+xml", raw: () => "<svg/>", status: 400, code: "validation-failed" }),
    image({ name: "an HTML file", type: "text/html", raw: () => "<script>", status: 400, code: "validation-failed" }),
    image({ name: "no content type", type: "", status: 400, code: "validation-failed" }),
    image({ name: "an empty image", raw: () => new Uint8Array(0), status: 400, code: "validation-failed" }),
    image({
      name: "an image over 5 MB",
      raw: () => new Uint8Array(5 * MiB + 1),
      status: 413,
      code: "payload-too-large",
    }),
  ];

  let before: string[];
  beforeAll(async () => {
    before = await storedMedia();
  });

  async function storedMedia() {
    const listed = await Promise.all(
      [talk, otherTalk, foreignTalk].map((id) => env.FILES.list({ prefix: `quiz/${id}/` })),
    );
    return listed.flatMap((list) => list.objects.map((object) => object.key)).sort();
  }

  it.each(table.map((request) => [request.name, request] as const))("refuses %s", async (_name, request) => {
    await expectRefused(request);
  });

  it("refuses an image over 5 MB sent without a length, as it streams in", async () => {
    // Five chunks of 1 MiB and one byte more: the last chunk is the one over the limit.
    const chunks = [...Array.from({ length: 5 }, () => new Uint8Array(MiB)), new Uint8Array(1)];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks.shift();
        if (chunk) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await SELF.fetch(`http://localhost/api/quiz/${talk}/media/image`, {
      method: "PUT",
      headers: { authorization: `Bearer ${quiz.moderator}`, "content-type": "image/png" },
      body,
      // @ts-expect-error: Workers' fetch streams a request body with `duplex`, unknown to its types.
      duplex: "half",
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as CallResult["body"]).error.code).toBe("payload-too-large");
  });

  it("stored nothing", async () => {
    expect(await storedMedia()).toEqual(before);
  });

  // Question videos are tus uploads of kind quiz-video (docs/uploads.md): bad creations.
  const metadata = (pairs: Record<string, string>) =>
    Object.entries(pairs)
      .map(([name, value]) => `${name} ${btoa(value)}`)
      .join(",");
  const creations: {
    name: string;
    token: () => string;
    length?: string;
    meta: () => Record<string, string>;
    status: number;
    code: string;
  }[] = [
    { name: "from an attendee", token: attendee, meta: () => ({}), status: 403, code: "forbidden" },
    {
      name: "from another talk's speaker",
      token: () => otherSpeaker,
      meta: () => ({}),
      status: 403,
      code: "forbidden",
    },
    {
      name: "from another event's attendee",
      token: () => otherEventAttendee,
      meta: () => ({}),
      status: 401,
      code: "unauthorized",
    },
    {
      name: "for another event's talk",
      token: moderator,
      meta: () => ({ presentationId: String(foreignTalk) }),
      status: 401,
      code: "unauthorized",
    },
    {
      name: "of a protected event without its password",
      token: () => lockedModerator,
      meta: () => ({ presentationId: String(lockedTalk) }),
      status: 401,
      code: "error.prompt-password",
    },
    {
      name: "without presentationId",
      token: moderator,
      meta: () => ({ presentationId: "" }),
      status: 400,
      code: "validation-failed",
    },
    {
      name: "with presentationId 0",
      token: moderator,
      meta: () => ({ presentationId: "0" }),
      status: 400,
      code: "validation-failed",
    },
    {
      name: "for an unknown talk",
      token: moderator,
      meta: () => ({ presentationId: "9999999999" }),
      status: 404,
      code: "presentation-not-found",
    },
    {
      name: "of 50,000,001 bytes",
      token: moderator,
      length: "50000001",
      meta: () => ({}),
      status: 413,
      code: "video-too-large",
    },
    {
      name: "of a huge length",
      token: moderator,
      length: "9007199254740991",
      meta: () => ({}),
      status: 413,
      code: "video-too-large",
    },
    { name: "of length 0", token: moderator, length: "0", meta: () => ({}), status: 400, code: "validation-failed" },
  ];
  it.each(creations.map((creation) => [creation.name, creation] as const))(
    "refuses a question video %s",
    async (_name, creation) => {
      const { presentationId = String(talk), ...rest } = creation.meta();
      const pairs = {
        kind: "quiz-video",
        filename: "clip.mp4",
        ...(presentationId ? { presentationId } : {}),
        ...rest,
      };
      const response = await SELF.fetch("http://localhost/api/uploads", {
        method: "POST",
        headers: {
          authorization: `Bearer ${creation.token()}`,
          "tus-resumable": "1.0.0",
          "upload-length": creation.length ?? "1000",
          "upload-metadata": metadata(pairs),
        },
      });
      const body = (await response.json()) as CallResult["body"];
      expect({ status: response.status, code: body?.error?.code }).toEqual({
        status: creation.status,
        code: creation.code,
      });
    },
  );
});
