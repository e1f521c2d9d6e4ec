import { abortAllDurableObjects, env, runInDurableObject, SELF } from "cloudflare:test";
import type { QuizServerMessage } from "@core/protocol/quiz";
import { replay } from "@core/quiz/evolve";
import { leaderboard } from "@core/quiz/selectors";
import { beforeAll, describe, expect, it } from "vitest";
import frab from "../fixtures/frab-small.schedule.json";
import { addMember, type CallResult, call, signUpAndLogIn } from "./account-client";
import { getJson, importOk } from "./admin-client";
import { EVENT_PASSWORD, expectBehindPassword, expectQuizOff, switchQuiz, withPassword } from "./quiz-event-access";
import { quizEvent } from "./self-paced-client";

let presentations: { _id: number; speaker_id: number | null }[];
let moderator: string;
let attendee: string;

/** Two questions on a presentation: q1 (b correct), q2 multi (a and c), with their option ids. */
async function seedQuestions(presentationId: number, timerSeconds = 30) {
  await env.DB.prepare("UPDATE presentations SET timer = ? WHERE id = ?").bind(timerSeconds, presentationId).run();
  const ids: { question: number; options: number[] }[] = [];
  for (const [order, correct] of [
    [1, [false, true, false]],
    [2, [true, false, true]],
  ] as const) {
    const question = await env.DB.prepare(
      'INSERT INTO quiz_questions (presentation_id, question, "order") VALUES (?, ?, ?) RETURNING id',
    )
      .bind(presentationId, `Question ${order}`, order)
      .first<{ id: number }>();
    const options: number[] = [];
    for (const [index, isCorrect] of correct.entries()) {
      const option = await env.DB.prepare(
        'INSERT INTO quiz_options (question_id, option, correct, "order") VALUES (?, ?, ?, ?) RETURNING id',
      )
        .bind(question?.id, `Option ${index}`, isCorrect ? 1 : 0, index + 1)
        .first<{ id: number }>();
      options.push(option?.id as number);
    }
    ids.push({ question: question?.id as number, options });
  }
  return ids;
}

const command = (presentationId: number, action: string, token = moderator) =>
  SELF.fetch(`http://localhost/parties/quiz-room/${presentationId}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ action }),
  });

async function joinQuiz(presentationId: number, name: string, deviceId = `device-${name}-0001`) {
  const code = await call("POST", "/api/quiz/get-code", { token: moderator, body: { _id: presentationId } });
  return call("POST", "/api/quiz/login", { body: { code: code.body.code, name, deviceId } });
}

const submit = (token: string, presentationId: number, questionId: number, optionIds: number[]) =>
  call("POST", "/api/quiz/submit-answer", { token, body: { presentationId, questionId, optionIds } });

async function openSocket(path: string) {
  const response = await SELF.fetch(`http://localhost${path}`, { headers: { Upgrade: "websocket" } });
  const socket = response.webSocket;
  if (!socket) throw new Error(`no upgrade (${response.status})`);
  socket.accept();
  const messages: QuizServerMessage[] = [];
  socket.addEventListener("message", (event) => messages.push(JSON.parse(event.data as string) as QuizServerMessage));
  // Generous: these tests check what arrives, not how fast (bench:quiz measures that), and a
  // loaded CI machine running other test files may take seconds.
  const waitFor = async (predicate: (message: QuizServerMessage) => boolean, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.find(predicate);
      if (found) return found;
      if (Date.now() > deadline) {
        // What did arrive says whether the room refused, closed or never answered.
        const last = messages.slice(-6).map((message) => JSON.stringify(message).slice(0, 200));
        throw new Error(`message not received in time; the last received: ${last.join(" ")}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return { socket, messages, waitFor, close: () => socket.close(1000, "done") };
}

beforeAll(async () => {
  await importOk("quiz", frab);
  presentations = (await getJson("/api/public/schedule/quiz")).body.data.presentations;
  await addMember("quiz", { email: "qm@example.org", name: "Quiz Master", password: "secret-pass", isModerator: true });
  const login = await call("POST", "/api/event-engagement/quiz/user-login", {
    body: { email: "qm@example.org", password: "secret-pass" },
  });
  moderator = login.body.data.token;
  attendee = (await signUpAndLogIn("quiz", "qa@example.org")).token;
});

const presentation = (index: number) => (presentations[index] as { _id: number })._id;

/** Players per relay room when this file runs with the quiz sharded (vitest.config.ts), else undefined. */
const relayPlayers = Number(env.QUIZ_RELAY_PLAYERS ?? 0) || undefined;

/** Open player sockets held by a room: the quiz's own, or relay `n` of it. */
async function playerSocketsIn(presentationId: number, relay?: number) {
  const stub =
    relay === undefined
      ? env.QuizRoom.get(env.QuizRoom.idFromName(String(presentationId)))
      : env.QuizRelayRoom.get(env.QuizRelayRoom.idFromName(`${presentationId}:${relay}`));
  return runInDurableObject(stub, (_room, state) => state.getWebSockets("player").length);
}

/** The first presentation of an imported event. */
async function firstTalkOf(slug: string): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT p.id FROM presentations p JOIN events e ON e.id = p.event_id WHERE e.slug = ? ORDER BY p.id LIMIT 1",
  )
    .bind(slug)
    .first<{ id: number }>();
  if (!row) throw new Error(`no presentation in ${slug}`);
  return row.id;
}

describe("join code and quiz login", () => {
  it("gives concurrent callers the same code", async () => {
    const codes = await Promise.all(
      Array.from({ length: 5 }, () =>
        call("POST", "/api/quiz/get-code", { token: moderator, body: { _id: presentation(5) } }),
      ),
    );
    expect(new Set(codes.map((response) => response.body.code)).size).toBe(1);
  });

  it("gives moderators a stable 6-digit code and refuses attendees and anonymous callers", async () => {
    const first = await call("POST", "/api/quiz/get-code", { token: moderator, body: { _id: presentation(0) } });
    expect(first.status).toBe(200);
    expect(first.body.code).toMatch(/^\d{6}$/);
    const again = await call("POST", "/api/quiz/get-code", { token: moderator, body: { _id: presentation(0) } });
    expect(again.body.code).toBe(first.body.code);
    expect((await call("POST", "/api/quiz/get-code", { token: attendee, body: { _id: presentation(0) } })).status).toBe(
      403,
    );
    expect((await call("POST", "/api/quiz/get-code", { body: { _id: presentation(0) } })).status).toBe(401);
  });

  it("logs a nickname in with the code, refuses a wrong code, and keeps nicknames unique", async () => {
    const joined = await joinQuiz(presentation(1), "Ana");
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({
      statusCode: 201,
      token: expect.any(String),
      presentationId: presentation(1),
      quizStatus: "lobby",
      user: { name: "Ana" },
    });
    const wrong = await call("POST", "/api/quiz/login", { body: { code: "000000", name: "Bo" }, locale: "en" });
    expect(wrong.status).toBe(404);
    expect(wrong.body.error.message).toBe("Invalid Invite Code");
    expect((await joinQuiz(presentation(1), "ana", "another-device-123")).status).toBe(409);
    expect((await call("POST", "/api/quiz/login", { body: { code: "12", name: "" } })).status).toBe(400);
  });

  it("takes a code only on its own event's join page when the page names its event", async () => {
    await importOk("quiz-elsewhere", frab);
    await importOk("quiz-members", { ...frab, engagement: { allowAnonymousAccess: false, quiz: true } });
    // The quiz of the login test above: its lobby is open already.
    const opened = await call("POST", "/api/quiz/get-code", { token: moderator, body: { _id: presentation(1) } });
    const login = (slug: string | undefined, locale: "fr" | "en" = "fr", code = opened.body.code) =>
      call("POST", "/api/quiz/login", {
        body: { code, name: `Slug ${slug}`, deviceId: `slug-${slug}`, slug },
        locale,
      });
    const refusal = (response: CallResult) => [response.status, response.body?.error?.message];
    // The other event's page: the same refusal as a code no quiz has, in both languages.
    expect(refusal(await login("quiz-elsewhere", "fr"))).toEqual([404, "Code d'invitation invalide"]);
    expect(refusal(await login("quiz-elsewhere", "en"))).toEqual([404, "Invalid Invite Code"]);
    expect(refusal(await login("no-such-event", "en"))).toEqual([404, "Invalid Invite Code"]);
    expect((await login("Not A Slug")).status).toBe(400);
    // Its own page, and a caller that names no event (docs/api.md): let in.
    expect((await login("quiz")).status).toBe(201);
    expect((await login(undefined)).status).toBe(201);

    // A members-only event's code typed on an open event's page: not its members-only refusal,
    // which would tell that the code exists there.
    const membersTalk = await firstTalkOf("quiz-members");
    await addMember("quiz-members", {
      email: "qm@example.org",
      name: "Quiz Master",
      password: "secret-pass",
      isModerator: true,
    });
    const membersModerator = await call("POST", "/api/event-engagement/quiz-members/user-login", {
      body: { email: "qm@example.org", password: "secret-pass" },
    });
    const membersCode = await call("POST", "/api/quiz/get-code", {
      token: membersModerator.body.data.token,
      body: { _id: membersTalk },
    });
    expect(refusal(await login("quiz", "en", membersCode.body.code))).toEqual([404, "Invalid Invite Code"]);
    expect((await login(undefined, "en", membersCode.body.code)).body.error.code).toBe("login-required");
  });

  it("opens an event's finished quiz by its code on that event's page, though another event's open quiz has the code now", async () => {
    // Codes are unique among open quizzes only: a finished quiz keeps its code, which a new lobby may draw.
    await importOk("quiz-finished-here", frab);
    await importOk("quiz-open-there", frab);
    const [finished, open] = [await firstTalkOf("quiz-finished-here"), await firstTalkOf("quiz-open-there")];
    const session = env.DB.prepare("INSERT INTO quiz_sessions (presentation_id, code, status) VALUES (?, '424242', ?)");
    await env.DB.batch([session.bind(finished, "finished"), session.bind(open, "lobby")]);
    const login = (slug: string) =>
      call("POST", "/api/quiz/login", {
        body: { code: "424242", name: `Same ${slug}`, deviceId: `same-${slug}`, slug },
      });
    expect((await login("quiz-finished-here")).body).toMatchObject({
      presentationId: finished,
      quizStatus: "finished",
    });
    expect((await login("quiz-open-there")).body).toMatchObject({ presentationId: open, quizStatus: "lobby" });
  });

  it("answers the live check with the presentation's live flag", async () => {
    const live = await call("POST", "/api/quiz/check-live", { body: { _id: presentation(0) } });
    expect(live).toEqual({ status: 200, body: { live: true } });
    expect((await call("POST", "/api/quiz/check-live", { body: { _id: 999999 } })).status).toBe(404);
  });
});

describe("a live quiz driven over HTTP", () => {
  it("scores players by the rule, refuses duplicates, ranks by points and exports a replayable log", async () => {
    const id = presentation(2);
    const [q1, q2] = await seedQuestions(id);
    if (!q1 || !q2) throw new Error("no questions");
    const right = await joinQuiz(id, "Right");
    const wrong = await joinQuiz(id, "Wrong");

    const started = await command(id, "start_quiz");
    expect(started.status).toBe(200);
    expect(((await started.json()) as { data: { phase: string } }).data.phase).toBe("answering");
    expect((await submit(right.body.token, id, q1.question, [q1.options[1] as number])).status).toBe(200);
    expect((await submit(wrong.body.token, id, q1.question, [q1.options[0] as number])).status).toBe(200);
    const duplicate = await submit(right.body.token, id, q1.question, [q1.options[2] as number]);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.code).toBe("already-answered");

    await command(id, "show_result");
    const result = await call("POST", "/api/quiz/get-question-result", { body: { _id: q1.question } });
    expect(result.body.data.map((entry: { name: string }) => entry.name)).toEqual(["Right", "Wrong"]);
    const [first, second] = result.body.data as { points: number }[];
    expect(first?.points).toBeGreaterThan(500);
    expect(first?.points).toBeLessThanOrEqual(1000);
    expect(second?.points).toBe(0);

    const view = await call("POST", "/api/quiz/get-user-action", { token: right.body.token, body: { _id: id } });
    expect(view.body.data).toMatchObject({ action: "show_result", question_index: 0 });
    expect(view.body.data.view.myAnswer).toMatchObject({ correct: true, points: first?.points });

    await command(id, "next_question");
    await submit(wrong.body.token, id, q2.question, [q2.options[0] as number, q2.options[2] as number]);
    await command(id, "final");

    const exported = await SELF.fetch(`http://localhost/api/quiz/${id}/events`, {
      headers: { authorization: `Bearer ${moderator}` },
    });
    expect(exported.status).toBe(200);
    const log = (await exported.text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const state = replay(log);
    expect(state.phase).toBe("final");
    const board = leaderboard(state);
    expect(board.find((entry) => entry.name === "Right")?.points).toBe(first?.points);
    expect(board.find((entry) => entry.name === "Wrong")?.points).toBe(
      state.answers[String(q2.question)]?.[wrong.body.id]?.points,
    );
    const saved = await env.DB.prepare("SELECT name, points FROM quiz_results WHERE presentation_id = ? ORDER BY rank")
      .bind(id)
      .all<{ name: string; points: number }>();
    expect(saved.results).toEqual(board.map(({ name, points }) => ({ name, points })));
    expect(
      (await SELF.fetch(`http://localhost/api/quiz/${id}/events`, { headers: { authorization: `Bearer ${attendee}` } }))
        .status,
    ).toBe(403);
  });

  it("refuses an answer after the time limit and does not score it", async () => {
    const id = presentation(3);
    const [q1] = await seedQuestions(id, 1);
    if (!q1) throw new Error("no questions");
    const late = await joinQuiz(id, "Late");
    await command(id, "start_quiz");
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const answer = await submit(late.body.token, id, q1.question, [q1.options[1] as number]);
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe("question-closed");
  });

  it("never loses concurrent answers", async () => {
    const id = presentation(4);
    const [q1] = await seedQuestions(id);
    if (!q1) throw new Error("no questions");
    const code = (await call("POST", "/api/quiz/get-code", { token: moderator, body: { _id: id } })).body.code;
    const players = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call("POST", "/api/quiz/login", { body: { code, name: `Player ${i}`, deviceId: `device-${i}` } }),
      ),
    );
    expect(players.every((joined) => joined.status === 201)).toBe(true);
    await command(id, "start_quiz");
    const answers = await Promise.all(
      players.map((player, i) => submit(player.body.token, id, q1.question, [q1.options[i % 3] as number])),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    await command(id, "show_result");
    const result = await call("POST", "/api/quiz/get-question-result", { body: { _id: q1.question } });
    expect(result.body.data).toHaveLength(40);
  });

  it("refuses commands from attendees, and unknown actions", async () => {
    expect((await command(presentation(5), "start_quiz", attendee)).status).toBe(403);
    expect((await command(presentation(5), "explode")).status).toBe(400);
  });
});

describe("the quiz room over WebSocket", () => {
  it("shows the lobby to the big screen, gives players only their own view, and survives a restart mid-question", async () => {
    const id = presentation(6);
    const [q1] = await seedQuestions(id);
    if (!q1) throw new Error("no questions");
    const screen = await openSocket(`/parties/quiz-room/${id}?role=screen`);
    await screen.waitFor((message) => message.type === "snapshot");
    const ana = await joinQuiz(id, "Ana");
    await screen.waitFor((message) => message.type === "counters" && message.players === 1);

    const player = await openSocket(`/parties/quiz-room/${id}?role=player&token=${ana.body.token}`);
    await player.waitFor((message) => message.type === "player_view" && message.view.phase === "lobby");
    await command(id, "start_quiz");
    await player.waitFor((message) => message.type === "player_view" && message.view.phase === "answering");
    player.socket.send(
      JSON.stringify({ type: "answer", questionId: q1.question, optionIds: [q1.options[1]], requestId: "r1" }),
    );
    await player.waitFor((message) => message.type === "answer_ack" && message.requestId === "r1");
    const views = player.messages.filter((message) => message.type === "player_view");
    for (const message of views) {
      if (message.type === "player_view") expect(message.view.question?.correctOptionIds ?? null).toBeNull();
    }
    player.close();
    screen.close();

    await abortAllDurableObjects();

    const back = await openSocket(`/parties/quiz-room/${id}?role=player&token=${ana.body.token}`);
    const view = await back.waitFor((message) => message.type === "player_view");
    expect(view).toMatchObject({
      view: { phase: "answering", questionIndex: 0, myAnswer: { optionIds: [q1.options[1]] } },
    });
    back.close();
    const moderatorSocket = await openSocket(`/parties/quiz-room/${id}?role=moderator&token=${moderator}`);
    const snapshot = await moderatorSocket.waitFor((message) => message.type === "snapshot");
    if (snapshot.type !== "snapshot") throw new Error("no snapshot");
    expect(Object.keys(snapshot.state.answers[String(q1.question)] ?? {})).toEqual([ana.body.id]);
    moderatorSocket.close();
  });

  it("refuses a player token of another quiz and an attendee as moderator", async () => {
    const other = await joinQuiz(presentation(7), "Zed");
    const refused = await SELF.fetch(
      `http://localhost/parties/quiz-room/${presentation(8)}?role=player&token=${other.body.token}`,
      {
        headers: { Upgrade: "websocket" },
      },
    );
    expect(refused.status).toBe(401);
    const notModerator = await SELF.fetch(
      `http://localhost/parties/quiz-room/${presentation(8)}?role=moderator&token=${attendee}`,
      {
        headers: { Upgrade: "websocket" },
      },
    );
    expect(notModerator.status).toBe(403);
  });

  it("lets no client reach a relay room directly, nor link to the quiz's room as a relay", async () => {
    const id = presentation(8);
    const player = await joinQuiz(id, "Relay Hopeful");
    for (const room of [`${id}:0`, String(id)]) {
      const direct = await SELF.fetch(
        `http://localhost/parties/quiz-relay-room/${room}?role=player&token=${player.body.token}`,
        { headers: { Upgrade: "websocket" } },
      );
      expect(direct.webSocket).toBeNull();
      expect([404, 405]).toContain(direct.status);
    }
    // Through the Worker the role is the token's, whatever the client's headers say.
    const claimed = await SELF.fetch(`http://localhost/parties/quiz-room/${id}?role=relay`, {
      headers: { Upgrade: "websocket", "x-quiz-role": "relay", "x-quiz-relay-key": "guess" },
    });
    expect(claimed.status).toBe(400);
    // And the room itself asks for the relay key, which only rooms know.
    const stub = env.QuizRoom.get(env.QuizRoom.idFromName(String(id)));
    const unkeyed = await stub.fetch(`http://localhost/parties/quiz-room/${id}`, {
      headers: {
        Upgrade: "websocket",
        "x-quiz-role": "relay",
        "x-quiz-relay-key": "guess",
        "x-partykit-room": String(id),
      },
    });
    expect(unkeyed.status).toBe(401);
  });
});

describe("answers the room receives together (batched)", () => {
  let event: Awaited<ReturnType<typeof quizEvent>>;
  beforeAll(async () => {
    event = await quizEvent("quiz-batch");
  });

  /** `count` nicknames logged in at once, each with its player socket open. */
  async function playersOn(id: number, count: number) {
    const code = (await call("POST", "/api/quiz/get-code", { token: event.moderator, body: { _id: id } })).body.code;
    const joined = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        call("POST", "/api/quiz/login", { body: { code, name: `Batch ${i}`, deviceId: `batch-${id}-device-${i}` } }),
      ),
    );
    expect(joined.map((player) => player.status)).toEqual(joined.map(() => 201));
    return Promise.all(
      joined.map(async (player) => ({
        id: player.body.id as string,
        token: player.body.token as string,
        socket: await openSocket(`/parties/quiz-room/${id}?role=player&token=${player.body.token}`),
      })),
    );
  }

  const answering = (message: QuizServerMessage) =>
    message.type === "player_view" && message.view.phase === "answering";
  const sendAnswer = (socket: WebSocket, questionId: number, optionId: number, requestId: string) =>
    socket.send(JSON.stringify({ type: "answer", questionId, optionIds: [optionId], requestId }));

  async function exportedState(id: number) {
    const exported = await SELF.fetch(`http://localhost/api/quiz/${id}/events`, {
      headers: { authorization: `Bearer ${event.moderator}` },
    });
    const lines = (await exported.text()).trim().split("\n");
    return replay(lines.map((line) => JSON.parse(line)));
  }

  it("acknowledges each of 30 simultaneous answers once, refuses a second answer sent in the same burst, and counts players exactly", async () => {
    const id = event.presentationIds[0] as number;
    const [q1] = await seedQuestions(id);
    if (!q1) throw new Error("no questions");
    const watcher = await openSocket(`/parties/quiz-room/${id}?role=moderator&token=${event.moderator}`);
    const players = await playersOn(id, 30);
    await watcher.waitFor(
      (message) => message.type === "counters" && message.connected === 30 && message.players === 30,
    );
    // Sharded, players are spread over relays by join order; the quiz's room holds none of them.
    if (relayPlayers) {
      expect(await playerSocketsIn(id)).toBe(0);
      expect(await playerSocketsIn(id, 0)).toBe(relayPlayers);
      expect(await playerSocketsIn(id, Math.ceil(30 / relayPlayers) - 1)).toBeGreaterThan(0);
    } else expect(await playerSocketsIn(id)).toBe(30);
    await command(id, "start_quiz", event.moderator);
    await Promise.all(players.map((player) => player.socket.waitFor(answering)));

    for (const [i, player] of players.entries()) {
      sendAnswer(player.socket.socket, q1.question, q1.options[i % 3] as number, "first");
      sendAnswer(player.socket.socket, q1.question, q1.options[(i + 1) % 3] as number, "second");
    }
    // Two frames sent in the same instant may reach the room in either order (the runtime delivers
    // a hibernating room's messages as separate events): whichever arrives first is the answer,
    // the other is refused, and nothing else is said.
    const taken: number[] = [];
    for (const [i, player] of players.entries()) {
      const ack = (await player.socket.waitFor((message) => message.type === "answer_ack")) as { requestId: string };
      const refused = ack.requestId === "first" ? "second" : "first";
      const other = await player.socket.waitFor((message) => message.type === "error" && message.requestId === refused);
      expect(other).toMatchObject({ code: "already-answered" });
      expect(player.socket.messages.filter((message) => message.type === "answer_ack")).toHaveLength(1);
      taken.push(q1.options[(ack.requestId === "first" ? i : i + 1) % 3] as number);
    }
    await watcher.waitFor((message) => message.type === "counters" && message.answered === 30);

    const answers = (await exportedState(id)).answers[String(q1.question)] ?? {};
    expect(players.map((player) => answers[player.id]?.optionIds)).toEqual(taken.map((option) => [option]));

    for (const player of players.slice(0, 10)) player.socket.close();
    await watcher.waitFor((message) => message.type === "counters" && message.connected === 20);
    const seen = watcher.messages.length;
    const late = await openSocket(`/parties/quiz-room/${id}?role=player&token=${players[0]?.token}`);
    await watcher.waitFor(
      (message) => message.type === "counters" && message.connected === 21 && watcher.messages.indexOf(message) >= seen,
    );
    for (const player of [...players.slice(10), { socket: late }]) player.socket.close();
    watcher.close();
  });

  it("ranks players over their sockets through a podium, a server restart between questions and a rejoin", async () => {
    const id = event.presentationIds[2] as number;
    const [q1, q2] = await seedQuestions(id);
    if (!q1 || !q2) throw new Error("no questions");
    const names = ["Rae", "Sol", "Tim"];
    const code = (await call("POST", "/api/quiz/get-code", { token: event.moderator, body: { _id: id } })).body.code;
    const login = (name: string) => call("POST", "/api/quiz/login", { body: { code, name, deviceId: `rank-${name}` } });
    const joined: CallResult[] = [];
    for (const name of names) joined.push(await login(name));
    const connect = () =>
      Promise.all(
        joined.map((player) => openSocket(`/parties/quiz-room/${id}?role=player&token=${player.body.token}`)),
      );
    const atQuestion = (index: number) => (message: QuizServerMessage) =>
      message.type === "player_view" && message.view.phase === "answering" && message.view.questionIndex === index;
    let sockets = await connect();
    await command(id, "start_quiz", event.moderator);
    await Promise.all(sockets.map((socket) => socket.waitFor(atQuestion(0))));
    // Rae and Sol right (Rae first), Tim wrong.
    for (const [i, option] of [q1.options[1], q1.options[1], q1.options[0]].entries()) {
      sockets[i]?.socket.send(
        JSON.stringify({ type: "answer", questionId: q1.question, optionIds: [option], requestId: "q1" }),
      );
      await sockets[i]?.waitFor((message) => message.type === "answer_ack" && message.requestId === "q1");
    }
    await command(id, "show_result", event.moderator);
    const ranks = async (phase: string) =>
      Promise.all(
        sockets.map(async (socket) => {
          const found = await socket.waitFor(
            (message) => message.type === "player_view" && message.view.phase === phase,
          );
          return found.type === "player_view" ? found.view.rank : undefined;
        }),
      );
    expect(await ranks("closed")).toEqual([1, 2, 3]);
    await command(id, "show_podium", event.moderator);
    expect(await ranks("podium")).toEqual([1, 2, 3]);
    await command(id, "next_question", event.moderator);
    for (const socket of sockets) socket.close();

    // The server restarts between questions; each player logs in again on the same device.
    await abortAllDurableObjects();
    for (const [i, name] of names.entries()) {
      const again = await login(name);
      expect(again.body.id).toBe(joined[i]?.body.id);
      joined[i] = again;
    }
    sockets = await connect();
    const views = await Promise.all(sockets.map((socket) => socket.waitFor(atQuestion(1))));
    expect(views.map((view) => (view.type === "player_view" ? view.view.rank : undefined))).toEqual([1, 2, 3]);
    const moderatorSocket = await openSocket(`/parties/quiz-room/${id}?role=moderator&token=${event.moderator}`);
    await moderatorSocket.waitFor((message) => message.type === "counters" && message.connected === 3);
    // Only Tim answers the second question right: a multiple choice, a and c.
    const right = [q2.options[0] as number, q2.options[2] as number];
    sockets[2]?.socket.send(
      JSON.stringify({ type: "answer", questionId: q2.question, optionIds: right, requestId: "q2" }),
    );
    await sockets[2]?.waitFor((message) => message.type === "answer_ack" && message.requestId === "q2");
    await moderatorSocket.waitFor((message) => message.type === "counters" && message.answered === 1);
    await command(id, "final", event.moderator);
    // The ranks shown are those of the log replayed.
    const replayed = new Map(leaderboard(await exportedState(id)).map((entry) => [entry.playerId, entry.rank]));
    expect(await ranks("final")).toEqual(joined.map((player) => replayed.get(player.body.id)));
    expect(new Set(replayed.values()).size).toBe(3);
    for (const socket of [...sockets, moderatorSocket]) socket.close();
  });

  it("keeps every acknowledged answer when the room restarts mid-batch, and takes the others when sent again", async () => {
    const id = event.presentationIds[1] as number;
    const [q1] = await seedQuestions(id);
    if (!q1) throw new Error("no questions");
    const players = await playersOn(id, 20);
    await command(id, "start_quiz", event.moderator);
    await Promise.all(players.map((player) => player.socket.waitFor(answering)));

    const chosen = (i: number) => q1.options[i % 3] as number;
    for (const [i, player] of players.entries()) sendAnswer(player.socket.socket, q1.question, chosen(i), "before");
    await abortAllDurableObjects();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const acknowledged = players.map((player) =>
      player.socket.messages.some((message) => message.type === "answer_ack" && message.requestId === "before"),
    );

    for (const [i, player] of players.entries()) {
      const again = await openSocket(`/parties/quiz-room/${id}?role=player&token=${player.token}`);
      await again.waitFor(answering);
      sendAnswer(again.socket, q1.question, chosen(i), "again");
      const reply = await again.waitFor(
        (message) => (message.type === "answer_ack" || message.type === "error") && message.requestId === "again",
      );
      // An answer acknowledged before the restart was logged: sending it again is a duplicate.
      if (acknowledged[i]) expect(reply).toMatchObject({ type: "error", code: "already-answered" });
      again.close();
      player.socket.close();
    }

    const answers = (await exportedState(id)).answers[String(q1.question)] ?? {};
    expect(players.map((player) => answers[player.id]?.optionIds)).toEqual(players.map((_, i) => [chosen(i)]));
  });
});

/** A moderator's command to the room over HTTP, as a call result. */
async function commandCall(presentationId: number, action: string, token: string, password?: string) {
  const response = await SELF.fetch(withPassword(`http://localhost/parties/quiz-room/${presentationId}`, password), {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ action }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** A WebSocket upgrade to the room, as a call result: 101 when it is let in. */
async function upgradeCall(path: string) {
  const response = await SELF.fetch(`http://localhost${path}`, { headers: { Upgrade: "websocket" } });
  response.webSocket?.accept();
  response.webSocket?.close(1000, "done");
  return { status: response.status, body: response.webSocket ? null : await response.json() };
}

describe("the live quiz of a protected event", () => {
  it("asks its password of the moderator, of nicknames joining and of anonymous reads; a quiz token stands for it", async () => {
    const locked = await quizEvent("quiz-locked", EVENT_PASSWORD);
    const id = locked.presentationIds[0] as number;
    const [q1] = await seedQuestions(id);
    if (!q1) throw new Error("no questions");
    const token = locked.moderator;
    const code = await expectBehindPassword(
      (password) => call("POST", withPassword("/api/quiz/get-code", password), { token, body: { _id: id } }),
      200,
    );
    const joined = await expectBehindPassword(
      (password) =>
        call("POST", withPassword("/api/quiz/login", password), {
          body: { code: code.body.code, name: "Ana", deviceId: "device-ana-locked" },
        }),
      201,
    );
    await expectBehindPassword(
      (password) => call("POST", withPassword("/api/quiz/check-live", password), { body: { _id: id } }),
      200,
    );
    await expectBehindPassword(
      (password) => upgradeCall(withPassword(`/parties/quiz-room/${id}?role=moderator&token=${token}`, password)),
      101,
    );
    await expectBehindPassword((password) => commandCall(id, "start_quiz", token, password), 200);
    // The player's token was issued behind the password: its calls need no more.
    expect((await submit(joined.body.token, id, q1.question, [q1.options[1] as number])).status).toBe(200);
    expect((await upgradeCall(`/parties/quiz-room/${id}?role=player&token=${joined.body.token}`)).status).toBe(101);
    expect((await commandCall(id, "show_result", token, EVENT_PASSWORD)).status).toBe(200);
    await expectBehindPassword(
      (password) =>
        call("POST", withPassword("/api/quiz/get-question-result", password), { body: { _id: q1.question } }),
      200,
    );
    const log = async (password: string | undefined) => {
      const response = await SELF.fetch(withPassword(`http://localhost/api/quiz/${id}/events`, password), {
        headers: { authorization: `Bearer ${token}` },
      });
      const text = await response.text();
      return { status: response.status, body: response.ok ? text : JSON.parse(text) };
    };
    await expectBehindPassword(log, 200);
  });
});

describe("the live quiz of an event with its quiz switched off", () => {
  it("refuses the moderator, the big screen, players and nicknames joining", async () => {
    const slug = "quiz-off";
    const event = await quizEvent(slug);
    const id = event.presentationIds[0] as number;
    await seedQuestions(id);
    const code = (await call("POST", "/api/quiz/get-code", { token: event.moderator, body: { _id: id } })).body.code;
    const joined = await call("POST", "/api/quiz/login", { body: { code, name: "Ana", deviceId: "device-ana-off" } });
    expect(joined.status).toBe(201);

    await switchQuiz(slug, false);
    expectQuizOff(await call("POST", "/api/quiz/get-code", { token: event.moderator, body: { _id: id } }));
    expectQuizOff(await call("POST", "/api/quiz/login", { body: { code, name: "Bo", deviceId: "device-bo-off" } }));
    expectQuizOff(await call("POST", "/api/quiz/check-live", { body: { _id: id } }));
    expectQuizOff(await commandCall(id, "start_quiz", event.moderator));
    expectQuizOff(await upgradeCall(`/parties/quiz-room/${id}?role=moderator&token=${event.moderator}`));
    expectQuizOff(await upgradeCall(`/parties/quiz-room/${id}?role=screen`));
    expectQuizOff(await upgradeCall(`/parties/quiz-room/${id}?role=player&token=${joined.body.token}`));
  });
});
