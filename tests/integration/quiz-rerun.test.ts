import { SELF } from "cloudflare:test";
import type { QuizServerMessage } from "@core/protocol/quiz";
import { replay } from "@core/quiz/evolve";
import { leaderboard } from "@core/quiz/selectors";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "./account-client";
import { answerLive, eventually, roomCommand } from "./live-quiz-client";
import { CAPITAL_QUESTION, putQuestions, quizEvent } from "./self-paced-client";

let event: Awaited<ReturnType<typeof quizEvent>>;

beforeAll(async () => {
  event = await quizEvent("quiz-rerun");
});

const getCode = (id: number) => call("POST", "/api/quiz/get-code", { token: event.moderator, body: { _id: id } });
const join = (code: string, name: string, presentationId?: number) =>
  call("POST", "/api/quiz/login", { body: { code, name, deviceId: `device-${name}`, presentationId } });
const reset = (id: number, token = event.moderator) => call("POST", `/api/quiz/${id}/reset`, { token });

async function exportRun(id: number, run?: number) {
  const response = await SELF.fetch(`http://localhost/api/quiz/${id}/events${run ? `?run=${run}` : ""}`, {
    headers: { authorization: `Bearer ${event.moderator}` },
  });
  const text = await response.text();
  return {
    status: response.status,
    events: text
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line)),
  };
}

/** One whole run: `name` joins, answers Paris, the final podium is shown. */
async function playRun(id: number, questionId: number, paris: number, name: string) {
  const code = (await getCode(id)).body.code as string;
  const joined = await join(code, name);
  expect(joined.status).toBe(201);
  await roomCommand(event.moderator, id, "start_quiz");
  await answerLive(joined.body.token, id, questionId, [paris]);
  await roomCommand(event.moderator, id, "final");
  return { code, token: joined.body.token as string };
}

describe("reruns of a live quiz", () => {
  it("a finished quiz keeps its code; joining it shows the final results, not a lobby", async () => {
    const id = event.presentationIds[0] as number;
    const [question] = await putQuestions(event.moderator, id, [CAPITAL_QUESTION]);
    const paris = question?.options[0]?.id as number;
    const { code } = await playRun(id, question?.id as number, paris, "Ana");
    await eventually(
      () => getCode(id),
      (answer) => answer.body.status === "finished",
    );
    const again = await getCode(id);
    expect(again.body).toMatchObject({ code, status: "finished" });
    const late = await join(code, "Late");
    expect(late.status).toBe(201);
    expect(late.body.quizStatus).toBe("finished");
    const view = await call("POST", "/api/quiz/get-user-action", { token: late.body.token, body: { _id: id } });
    expect(view.body.data.view).toMatchObject({ phase: "final", rank: null });
    // Starting again without a reset is still refused.
    const refused = await call("POST", `/api/quiz/${id}/reset`, { token: event.attendee });
    expect(refused.status).toBe(403);
  });

  it("after a reset: a new code, a fresh lobby, the nickname free again, the old run still exportable on its own", async () => {
    const id = event.presentationIds[1] as number;
    const [question] = await putQuestions(event.moderator, id, [CAPITAL_QUESTION]);
    const questionId = question?.id as number;
    const paris = question?.options[0]?.id as number;
    const first = await playRun(id, questionId, paris, "Rehearsal");
    // The room writes its final projections without waiting; a moderator resets seconds later.
    await eventually(
      () => getCode(id),
      (answer) => answer.body.status === "finished",
    );

    const screen = await SELF.fetch(`http://localhost/parties/quiz-room/${id}?role=screen`, {
      headers: { Upgrade: "websocket" },
    });
    const socket = screen.webSocket;
    if (!socket) throw new Error("no screen socket");
    socket.accept();
    const received: QuizServerMessage[] = [];
    socket.addEventListener("message", (message) => received.push(JSON.parse(message.data as string)));

    const answer = await reset(id);
    expect(answer.status).toBe(200);
    expect(answer.body.code).toMatch(/^\d{6}$/);
    expect(answer.body.code).not.toBe(first.code);
    expect((await getCode(id)).body).toMatchObject({ code: answer.body.code, status: "lobby" });
    // The big screen follows into the new lobby.
    await eventually(
      async () => received,
      (messages) => messages.some((m) => m.type === "snapshot" && m.state.phase === "lobby" && m.state.run === 2),
    );
    socket.close(1000, "done");
    // The old code no longer opens the quiz; the rehearsal's nickname is free again.
    expect((await join(first.code, "Someone", id)).body.error.code).toBe("invalid-invite-code");
    const second = await playRun(id, questionId, paris, "Rehearsal");
    expect(second.code).toBe(answer.body.code);

    const whole = await exportRun(id);
    expect(whole.events.filter((e) => e.type === "quiz_reset")).toHaveLength(1);
    const run1 = await exportRun(id, 1);
    const run2 = await exportRun(id, 2);
    expect(run1.status).toBe(200);
    expect(run1.events.some((e) => e.type === "final_shown")).toBe(true);
    expect(run1.events.length + run2.events.length + 1).toBe(whole.events.length);
    expect(leaderboard(replay(run1.events)).map((entry) => entry.rank)).toEqual([1]);
    expect(leaderboard(replay(run2.events)).map((entry) => entry.rank)).toEqual([1]);
    expect((await exportRun(id, 3)).status).toBe(404);
  });

  it("after a reset, an earlier run's player is refused as an invalid token would be, and its socket is closed", async () => {
    const id = event.presentationIds[4] as number;
    const [question] = await putQuestions(event.moderator, id, [CAPITAL_QUESTION]);
    const questionId = question?.id as number;
    const paris = question?.options[0]?.id as number;
    const code = (await getCode(id)).body.code as string;
    const old = (await join(code, "Earlier")).body.token as string;
    const upgrade = await SELF.fetch(`http://localhost/parties/quiz-room/${id}?role=player&token=${old}`, {
      headers: { Upgrade: "websocket" },
    });
    const socket = upgrade.webSocket;
    if (!socket) throw new Error("no player socket");
    socket.accept();
    const views: QuizServerMessage[] = [];
    let closed = false;
    socket.addEventListener("message", (message) => views.push(JSON.parse(message.data as string)));
    socket.addEventListener("close", () => {
      closed = true;
    });
    await roomCommand(event.moderator, id, "start_quiz");
    await eventually(
      async () => views,
      (messages) => messages.some((m) => m.type === "player_view" && m.view.phase === "answering"),
    );
    const viewOf = (token: string) => call("POST", "/api/quiz/get-user-action", { token, body: { _id: id } });
    expect((await viewOf(old)).status).toBe(200);

    expect((await reset(id)).status).toBe(200);
    await eventually(
      async () => closed,
      (isClosed) => isClosed,
    );
    const seen = views.length;
    const newcomer = (await join((await getCode(id)).body.code, "Newcomer")).body.token as string;
    await roomCommand(event.moderator, id, "start_quiz");
    expect((await viewOf(newcomer)).body.data.view.phase).toBe("answering");

    const invalid = await viewOf(`${old.slice(0, -2)}xx`);
    const refused = await viewOf(old);
    expect(refused.status).toBe(invalid.status);
    expect(refused.body.error.code).toBe(invalid.body.error.code);
    expect(refused.status).toBe(401);
    const answered = await call("POST", "/api/quiz/submit-answer", {
      token: old,
      body: { presentationId: id, questionId, optionIds: [paris] },
    });
    expect([answered.status, answered.body.error.code]).toEqual([401, "unauthorized"]);
    expect(views.slice(seen)).toEqual([]);
    // Connecting again with the earlier run's token: closed at once, no view sent.
    const again = await SELF.fetch(`http://localhost/parties/quiz-room/${id}?role=player&token=${old}`, {
      headers: { Upgrade: "websocket" },
    });
    const second = again.webSocket;
    if (!second) throw new Error("no second socket");
    const secondViews: string[] = [];
    let secondClosed = false;
    second.addEventListener("message", (message) => secondViews.push(message.data as string));
    second.addEventListener("close", () => {
      secondClosed = true;
    });
    second.accept();
    await eventually(
      async () => secondClosed,
      (isClosed) => isClosed,
    );
    expect(secondViews).toEqual([]);
  });

  it("a lobby cannot be reset: there is no run to keep", async () => {
    const id = event.presentationIds[2] as number;
    await putQuestions(event.moderator, id, [CAPITAL_QUESTION]);
    await getCode(id);
    const refused = await reset(id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("quiz-not-running");
  });

  it("the room takes no reset of its own: only the API's reset also gives the new code and clears the old results", async () => {
    const id = event.presentationIds[3] as number;
    const [question] = await putQuestions(event.moderator, id, [CAPITAL_QUESTION]);
    await playRun(id, question?.id as number, question?.options[0]?.id as number, "Bea");
    await expect(roomCommand(event.moderator, id, "reset_quiz")).rejects.toThrow(/400.*unknown-command/);
    await eventually(
      () => getCode(id),
      (answer) => answer.body.status === "finished",
    );
  });
});
