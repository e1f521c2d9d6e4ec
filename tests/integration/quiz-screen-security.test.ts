import { SELF } from "cloudflare:test";
import type { QuizServerMessage } from "@core/protocol/quiz";
import { MAX_COUNTER_FRAMES_PER_QUESTION } from "@core/quiz/frame-limit";
import { beforeAll, describe, expect, it } from "vitest";
import { WRONG_JOIN_CODES_PER_ADDRESS } from "../../worker/auth/quiz-join-limit";
import frab from "../fixtures/frab-small.schedule.json";
import { addMember, type CallResult, call } from "./account-client";
import { importOk } from "./admin-client";
import { EVENT_PASSWORD, withPassword } from "./quiz-event-access";
import { CAPITAL_QUESTION, putQuestions, quizEvent } from "./self-paced-client";

/** A socket to a room, with every frame it received kept as text and parsed. */
async function openSocket(path: string) {
  const response = await SELF.fetch(`http://localhost${path}`, { headers: { Upgrade: "websocket" } });
  const socket = response.webSocket;
  if (!socket) throw new Error(`no upgrade (${response.status})`);
  socket.accept();
  const frames: unknown[] = [];
  socket.addEventListener("message", (event) => frames.push(JSON.parse(event.data as string)));
  const messages = () => frames as QuizServerMessage[];
  const waitFor = async (predicate: (message: QuizServerMessage) => boolean, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages().find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error("message not received in time");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return { socket, frames, messages, waitFor, close: () => socket.close(1000, "done") };
}

const upgradeStatus = async (path: string) => {
  const response = await SELF.fetch(`http://localhost${path}`, { headers: { Upgrade: "websocket" } });
  response.webSocket?.accept();
  response.webSocket?.close(1000, "done");
  return { status: response.status, body: response.webSocket ? null : await response.json() };
};

const command = async (presentationId: number, action: string, token: string, password?: string) => {
  const response = await SELF.fetch(withPassword(`http://localhost/parties/quiz-room/${presentationId}`, password), {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ action }),
  });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
};

/** Every key of an object anywhere in a frame, with the path where it was found. */
function keyPaths(value: unknown, path = "", found: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) keyPaths(item, `${path}[${index}]`, found);
  } else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      found.push(`${path}.${key}`);
      keyPaths(inner, `${path}.${key}`, found);
    }
  }
  return found;
}

/** What reveals an answer: correct options or flags, points, chosen options, answering times. */
const FORBIDDEN = /\.(correctOptionIds|correct|points|elapsedMs|optionIds)$/;
const ALLOWED = /^\.state\.questions\[\d+\]\.optionIds$/;
const leaks = (frames: unknown[]) =>
  frames.flatMap((frame) => keyPaths(frame).filter((path) => FORBIDDEN.test(path) && !ALLOWED.test(path)));

async function joinQuiz(moderator: string, presentationId: number, name: string, password?: string) {
  const code = await call("POST", withPassword("/api/quiz/get-code", password), {
    token: moderator,
    body: { _id: presentationId },
  });
  const joined = await call("POST", withPassword("/api/quiz/login", password), {
    body: { code: code.body.code, name, deviceId: `device-${name}-${presentationId}` },
  });
  expect(joined.status).toBe(201);
  return joined.body as { token: string; id: string };
}

/** An event whose first presentation asks 'Capital?', with Ana joined to its live quiz. */
async function capitalQuiz(slug: string) {
  const event = await quizEvent(slug);
  const id = event.presentationIds[0] as number;
  const [question] = await putQuestions(event.moderator, id, [CAPITAL_QUESTION]);
  if (!question) throw new Error("no question");
  const ana = await joinQuiz(event.moderator, id, "Ana");
  return { event, id, question, ana };
}

describe("the big screen while a question is open", () => {
  it.each([
    ["anonymous", undefined],
    ["with the event's password", EVENT_PASSWORD],
  ])(
    "receives no correct option, point or answer (%s), and the question's results once shown",
    async (_name, password) => {
      const event = await quizEvent(`screen-leak-${password ? "locked" : "open"}`, password);
      const id = event.presentationIds[0] as number;
      const [question] = await putQuestions(
        event.moderator,
        id,
        [
          {
            question: "Capital?",
            options: [
              ["Paris", true],
              ["Lyon", false],
              ["Nice", false],
            ],
          },
          {
            question: "Second?",
            options: [
              ["Yes", true],
              ["No", false],
            ],
          },
        ],
        password,
      );
      if (!question) throw new Error("no question");
      const [right, wrong] = question.options.map((option) => option.id) as [number, number];

      const screen = await openSocket(withPassword(`/parties/quiz-room/${id}?role=screen`, password));
      await screen.waitFor((message) => message.type === "snapshot");
      const ana = await joinQuiz(event.moderator, id, "Ana", password);
      const bo = await joinQuiz(event.moderator, id, "Bo", password);
      const player = await openSocket(`/parties/quiz-room/${id}?role=player&token=${ana.token}`);
      await player.waitFor((message) => message.type === "player_view");
      await command(id, "start_quiz", event.moderator, password);
      await player.waitFor((message) => message.type === "player_view" && message.view.phase === "answering");
      player.socket.send(JSON.stringify({ type: "count_in", questionId: question.id }));
      player.socket.send(
        JSON.stringify({ type: "answer", questionId: question.id, optionIds: [right], requestId: "a" }),
      );
      await player.waitFor((message) => message.type === "answer_ack");
      const answered = await call("POST", "/api/quiz/submit-answer", {
        token: bo.token,
        body: { presentationId: id, questionId: question.id, optionIds: [wrong] },
      });
      expect(answered.status).toBe(200);
      await screen.waitFor((message) => message.type === "counters" && message.answered === 2);
      // A screen that (re)connects mid-question gets the same answer-free state.
      screen.socket.send(JSON.stringify({ type: "sync" }));
      await screen.waitFor((message) => message.type === "snapshot" && message.state.phase === "answering");
      const late = await openSocket(withPassword(`/parties/quiz-room/${id}?role=screen`, password));
      await late.waitFor((message) => message.type === "snapshot");
      expect(leaks(screen.frames)).toEqual([]);
      expect(leaks(late.frames)).toEqual([]);
      for (const frame of [...screen.messages(), ...late.messages()]) {
        if (frame.type === "snapshot") expect(frame.state.answers).toEqual({});
        if (frame.type === "events") {
          expect(frame.events.map((event) => event.type)).not.toContain("answer_submitted");
          expect(frame.events.map((event) => event.type)).not.toContain("quiz_started");
        }
      }
      // Read-only: the screen's commands and answers are refused.
      screen.socket.send(JSON.stringify({ type: "command", command: { type: "show_result" } }));
      await screen.waitFor((message) => message.type === "error" && message.code === "forbidden");

      const seen = screen.frames.length;
      await command(id, "show_result", event.moderator, password);
      const shown = await screen.waitFor(
        (message) =>
          message.type === "snapshot" && message.state.resultVisible && screen.messages().indexOf(message) >= seen,
      );
      if (shown.type !== "snapshot") throw new Error("no snapshot");
      expect(shown.state.questions[0]?.correctOptionIds).toEqual([right]);
      expect(shown.state.questions[1]?.correctOptionIds).toBeUndefined();
      const votes = Object.values(shown.state.answers[String(question.id)] ?? {}).map((answer) => answer.optionIds);
      expect(votes.sort()).toEqual([[right], [wrong]].sort());
      for (const socket of [screen, late, player]) socket.close();
    },
  );

  it("per-question results over HTTP tell nothing before show_result, and the results after", async () => {
    const { event, id, question, ana } = await capitalQuiz("screen-leak-http");
    await command(id, "start_quiz", event.moderator);
    await call("POST", "/api/quiz/submit-answer", {
      token: ana.token,
      body: { presentationId: id, questionId: question.id, optionIds: [question.options[0]?.id] },
    });
    for (const token of [undefined, event.attendee, ana.token]) {
      const early = await call("POST", "/api/quiz/get-question-result", { token, body: { _id: question.id } });
      expect({ status: early.status, code: early.body.error?.code, data: early.body.data }).toEqual({
        status: 403,
        code: "results-not-open",
        data: undefined,
      });
    }
    const view = await call("POST", "/api/quiz/get-user-action", { token: ana.token, body: { _id: id } });
    expect(view.body.data.view.myAnswer).toMatchObject({ correct: null, points: 0 });
    expect(view.body.data.view.points).toBe(0);
    await command(id, "show_result", event.moderator);
    const after = await call("POST", "/api/quiz/get-question-result", { body: { _id: question.id } });
    expect(after.status).toBe(200);
    expect(after.body.data).toEqual([{ name: "Ana", points: expect.any(Number) }]);
  });
});

describe("join codes", () => {
  let event: Awaited<ReturnType<typeof quizEvent>>;
  let code: string;
  beforeAll(async () => {
    event = await quizEvent("join-guesses");
    code = (
      await call("POST", "/api/quiz/get-code", { token: event.moderator, body: { _id: event.presentationIds[0] } })
    ).body.code;
  });

  const login = (ip: string, guess: string, name: string, presentationId?: number) =>
    SELF.fetch("http://localhost/api/quiz/login", {
      method: "POST",
      headers: { "cf-connecting-ip": ip, "content-type": "application/json" },
      body: JSON.stringify({ code: guess, name, deviceId: `device-${name}`, presentationId }),
    });
  const wrongCode = () => (code === "000000" ? "000001" : "000000");

  it("limits wrong codes per address with 429 and a short Retry-After, and then refuses even the right code", async () => {
    const ip = "198.51.100.7";
    const statuses: number[] = [];
    for (let guess = 0; guess < WRONG_JOIN_CODES_PER_ADDRESS.attempts + 5; guess++) {
      const response = await login(ip, wrongCode(), `guess-${guess}`);
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(Number(response.headers.get("retry-after"))).toBeLessThanOrEqual(60);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe("rate-limited");
      } else await response.arrayBuffer();
    }
    expect(statuses.slice(0, WRONG_JOIN_CODES_PER_ADDRESS.attempts).every((status) => status === 404)).toBe(true);
    expect(statuses.slice(WRONG_JOIN_CODES_PER_ADDRESS.attempts).every((status) => status === 429)).toBe(true);
    const right = await login(ip, code, "too-late");
    expect(right.status).toBe(429);
    await right.arrayBuffer();
  });

  it("never counts right codes: a venue's attendees behind one address all join, with a few typos among them", async () => {
    const ip = "198.51.100.8";
    for (let attendee = 0; attendee < 80; attendee++) {
      const mistyped = attendee % 10 === 0;
      if (mistyped) {
        const typo = await login(ip, wrongCode(), `venue-typo-${attendee}`);
        expect(typo.status).toBe(404);
        await typo.arrayBuffer();
      }
      const joined = await login(ip, code, `venue-${attendee}`);
      expect(joined.status).toBe(201);
      await joined.arrayBuffer();
    }
  });

  it("limits wrong codes that name a quiz, whatever their addresses", async () => {
    const named = event.presentationIds[1] as number;
    const statuses: number[] = [];
    for (let guess = 0; guess < 105; guess++) {
      const response = await login(`198.51.101.${guess}`, wrongCode(), `named-${guess}`, named);
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    expect(statuses.filter((status) => status === 404)).toHaveLength(100);
    expect(statuses.slice(100).every((status) => status === 429)).toBe(true);
  });
});

describe("a player flooding the room", () => {
  it("logs at most the per-question cap of count_in/count_out, however many frames are sent", async () => {
    const { event, id, question, ana } = await capitalQuiz("counter-flood");
    const player = await openSocket(`/parties/quiz-room/${id}?role=player&token=${ana.token}`);
    await command(id, "start_quiz", event.moderator);
    await player.waitFor((message) => message.type === "player_view" && message.view.phase === "answering");
    for (let frame = 0; frame < 1_000; frame++) {
      player.socket.send(JSON.stringify({ type: frame % 2 === 0 ? "count_in" : "count_out", questionId: question.id }));
    }
    for (let frame = 0; frame < 200; frame++) player.socket.send(JSON.stringify({ type: "sync" }));
    for (let frame = 0; frame < 200; frame++) player.socket.send("not json");
    // An answer past the frame limit is told so, not left unanswered.
    player.socket.send(JSON.stringify({ type: "answer", questionId: question.id, optionIds: [1], requestId: "late" }));
    await player.waitFor(
      (message) => message.type === "error" && message.requestId === "late" && message.code === "rate-limited",
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exported = await SELF.fetch(`http://localhost/api/quiz/${id}/events`, {
      headers: { authorization: `Bearer ${event.moderator}` },
    });
    const log = (await exported.text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string });
    const counters = log.filter((entry) => entry.type.startsWith("answer_counted"));
    expect(counters.length).toBeLessThanOrEqual(MAX_COUNTER_FRAMES_PER_QUESTION);
    expect(counters.length).toBeGreaterThan(0);
    // Far fewer views than syncs were sent back.
    expect(player.messages().filter((message) => message.type === "player_view").length).toBeLessThan(50);
    expect(player.messages().filter((message) => message.type === "error").length).toBeLessThan(50);
    player.close();
  });
});

describe("a big screen flooding the room", () => {
  it("is answered a few refusals, then nothing, whatever it sends", async () => {
    const { id, question } = await capitalQuiz("screen-flood");
    const screen = await openSocket(`/parties/quiz-room/${id}?role=screen`);
    await screen.waitFor((message) => message.type === "snapshot");
    const frames = [
      { type: "sync" },
      { type: "answer", questionId: question.id, optionIds: [question.options[0]?.id], requestId: "x" },
      { type: "count_in", questionId: question.id },
      { type: "command", command: { type: "start_quiz" } },
    ];
    for (let frame = 0; frame < 400; frame++) screen.socket.send(JSON.stringify(frames[frame % frames.length]));
    screen.socket.send("not json");
    await screen.waitFor((message) => message.type === "error" && message.code === "forbidden");
    // The room reads its sockets' frames in the order they come: once it has answered a screen
    // that connected after the flood, it has read every frame of the flood.
    const later = await openSocket(`/parties/quiz-room/${id}?role=screen`);
    await later.waitFor((message) => message.type === "snapshot");
    expect(screen.messages().filter((message) => message.type !== "counters").length).toBeLessThan(30);
    later.close();
    screen.close();
  });
});

describe("room requests that are refused", () => {
  it("a refused POST carrying a body does not break the next request", async () => {
    const event = await quizEvent("refused-body");
    const id = event.presentationIds[0] as number;
    for (let attempt = 0; attempt < 3; attempt++) {
      const refused = await SELF.fetch(`http://localhost/parties/quiz-room/${id}`, {
        method: "POST",
        headers: { authorization: `Bearer ${event.attendee}`, "content-type": "application/json" },
        body: JSON.stringify({ action: "start_quiz", padding: "x".repeat(256 * 1024) }),
      });
      expect(refused.status).toBe(403);
      await refused.arrayBuffer();
    }
    const next = await call("POST", "/api/quiz/check-live", { body: { _id: id } });
    expect(next.status).toBe(200);
    const tooLarge = await SELF.fetch(`http://localhost/parties/quiz-room/${id}`, {
      method: "POST",
      headers: { authorization: `Bearer ${event.moderator}`, "content-type": "application/json" },
      body: JSON.stringify({ action: "start_quiz", padding: "x".repeat(64 * 1024) }),
    });
    expect(tooLarge.status).toBe(413);
    await tooLarge.arrayBuffer();
  });
});

describe("rooms of an event that lets no one in anonymously", () => {
  const SLUG = "screen-members-only";
  let member: string;
  let elsewhere: string;
  let presentationId: number;
  let eventId: number;
  beforeAll(async () => {
    await importOk(SLUG, { ...frab, engagement: { allowAnonymousAccess: false, quiz: true } });
    await importOk("screen-members-elsewhere", frab);
    const logIn = async (slug: string, email: string) => {
      await addMember(slug, { email, name: "Member", password: "secret-pass" });
      const login = await call("POST", `/api/event-engagement/${slug}/user-login`, {
        body: { email, password: "secret-pass" },
      });
      return login.body.data.token as string;
    };
    member = await logIn(SLUG, "member@screen-members-only.example.org");
    elsewhere = await logIn("screen-members-elsewhere", "member@screen-members-elsewhere.example.org");
    const schedule = await SELF.fetch(`http://localhost/api/public/schedule/${SLUG}`, {
      headers: { authorization: `Bearer ${member}` },
    });
    const body = (await schedule.json()) as { data: { event: { _id: number }; presentations: { _id: number }[] } };
    presentationId = body.data.presentations[0]?._id as number;
    eventId = body.data.event._id;
  });

  it("refuses the anonymous big screen and activity feed, a stale token and another event's member; lets its members in", async () => {
    const refused = { status: 401, body: { error: { code: "login-required" } } };
    expect(await upgradeStatus(`/parties/quiz-room/${presentationId}?role=screen`)).toEqual(refused);
    expect(await upgradeStatus(`/parties/quiz-room/${presentationId}?role=screen&token=stale`)).toEqual(refused);
    expect(await upgradeStatus(`/parties/quiz-room/${presentationId}?role=screen&token=${elsewhere}`)).toMatchObject({
      status: 401,
    });
    expect(await upgradeStatus(`/parties/quiz-activity-room/${eventId}`)).toEqual(refused);
    expect((await upgradeStatus(`/parties/quiz-room/${presentationId}?role=screen&token=${member}`)).status).toBe(101);
    expect((await upgradeStatus(`/parties/quiz-activity-room/${eventId}?token=${member}`)).status).toBe(101);
  });

  it("answers the quiz's public calls (live check, joining with a code, a question's results) to its members only", async () => {
    const moderatorEmail = "moderator@screen-members-only.example.org";
    await addMember(SLUG, { email: moderatorEmail, name: "Moderator", password: "secret-pass", isModerator: true });
    const moderator = (
      await call("POST", `/api/event-engagement/${SLUG}/user-login`, {
        body: { email: moderatorEmail, password: "secret-pass" },
      })
    ).body.data.token as string;
    const [question] = await putQuestions(moderator, presentationId, [CAPITAL_QUESTION]);
    const code = (await call("POST", "/api/quiz/get-code", { token: moderator, body: { _id: presentationId } })).body
      .code;
    const refusal = (result: CallResult) => ({
      status: result.status,
      code: result.body?.error?.code,
    });
    const loginRequired = { status: 401, code: "login-required" };
    const checkLive = (token?: string) =>
      call("POST", "/api/quiz/check-live", { token, body: { _id: presentationId } });
    expect(refusal(await checkLive())).toEqual(loginRequired);
    expect(refusal(await checkLive(elsewhere))).toEqual(loginRequired);
    expect((await checkLive(member)).status).toBe(200);
    const join = (token?: string) =>
      call("POST", "/api/quiz/login", { token, body: { code, name: "Ana", deviceId: "device-ana-members" } });
    expect(refusal(await join())).toEqual(loginRequired);
    expect((await join(member)).status).toBe(201);
    await command(presentationId, "start_quiz", moderator);
    await command(presentationId, "show_result", moderator);
    const result = (token?: string) =>
      call("POST", "/api/quiz/get-question-result", { token, body: { _id: question?.id } });
    expect(refusal(await result())).toEqual(loginRequired);
    expect((await result(member)).status).toBe(200);
  });
});
