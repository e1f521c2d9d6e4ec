import { QUIZ_PROTOCOL_VERSION } from "@core/protocol/quiz";
import { replay } from "@core/quiz/evolve";
import { revealedState } from "@core/quiz/player-view";
import { leaderboard } from "@core/quiz/selectors";
import { describe, expect, it } from "vitest";
import { RelayHub } from "../../party/quiz-relays";
import { RELAY_GRACE_MS } from "../../party/quiz-session";
import { FakePeer, ShardedQuiz } from "./sharded-quiz";

const answer = (questionId: number, optionId: number, requestId: string) => ({
  type: "answer",
  questionId,
  optionIds: [optionId],
  requestId,
});

const views = (peer: FakePeer) => peer.received.flatMap((message) => (message.type === "player_view" ? [message] : []));

/** A quiz started with one relay and its two players, Ana (p1) and Bo (p2), connected to it. */
async function startedOnOneRelay() {
  const quiz = new ShardedQuiz(1);
  await quiz.addPlayers(["p1", "p2"]);
  const [relay] = quiz.relays;
  if (!relay) throw new Error("no relay");
  const ana = relay.join("p1");
  const bo = relay.join("p2");
  await quiz.moderate("start_quiz");
  return { quiz, relay, ana, bo };
}

describe("a relay of the live quiz (party/quiz-relay-session.ts)", () => {
  it("serves its players today's messages, with answers and points hidden until the results are shown", async () => {
    const quiz = new ShardedQuiz(2);
    await quiz.addPlayers(["p1", "p2", "p3"]);
    const [first, second] = quiz.relays;
    if (!first || !second) throw new Error("no relays");
    const ana = first.join("p1");
    const bo = first.join("p2");
    const cy = second.join("p3");
    expect(ana.received[0]).toMatchObject({
      type: "player_view",
      protocol: QUIZ_PROTOCOL_VERSION,
      view: { phase: "lobby" },
    });

    await quiz.moderate("start_quiz");
    first.send(ana, answer(1, 12, "a"));
    quiz.time.advance(300);
    first.send(bo, answer(1, 11, "b"));
    quiz.time.advance(300);
    second.send(cy, answer(1, 12, "c"));
    quiz.settle();
    expect(ana.last("answer_ack")).toMatchObject({ requestId: "a", questionId: 1 });
    expect(cy.last("answer_ack")).toMatchObject({ requestId: "c", questionId: 1 });
    // Until the results are shown, no view says what is right or what anyone scored.
    for (const peer of [ana, bo, cy]) {
      for (const message of views(peer)) {
        expect(message.view.question?.correctOptionIds ?? null).toBeNull();
        expect(message.view.points).toBe(0);
        expect(message.view.myAnswer?.correct ?? null).toBeNull();
      }
    }
    await quiz.moderate("show_result");
    // Each player's view is the authority's own view of them: the same ranks on every relay.
    for (const [peer, id] of [
      [ana, "p1"],
      [bo, "p2"],
      [cy, "p3"],
    ] as const) {
      expect(peer.last("player_view")?.view).toEqual(quiz.authority.viewOf(id));
    }
    expect(ana.last("player_view")?.view).toMatchObject({ rank: 1, myAnswer: { correct: true } });
    expect(cy.last("player_view")?.view).toMatchObject({ rank: 2 });
    expect(bo.last("player_view")?.view).toMatchObject({ rank: 3, points: 0, myAnswer: { correct: false } });
    // The log replays to the leaderboard the players were shown.
    const replayed = leaderboard(revealedState(replay(quiz.log)));
    expect(replayed.map((entry) => [entry.playerId, entry.rank])).toEqual([
      ["p1", 1],
      ["p3", 2],
      ["p2", 3],
    ]);
  });

  it("keeps one answer per player and question across relays", async () => {
    const quiz = new ShardedQuiz(2);
    await quiz.addPlayers(["p1"]);
    const [first, second] = quiz.relays;
    if (!first || !second) throw new Error("no relays");
    const phone = first.join("p1");
    const tablet = second.join("p1");
    await quiz.moderate("start_quiz");
    first.send(phone, answer(1, 12, "phone"));
    second.send(tablet, answer(1, 11, "tablet"));
    quiz.settle();
    const acks = [phone, tablet].filter((peer) => peer.last("answer_ack"));
    const refusals = [phone, tablet].flatMap((peer) => peer.received.filter((message) => message.type === "error"));
    expect(acks).toHaveLength(1);
    expect(refusals).toEqual([expect.objectContaining({ code: "already-answered" })]);
    expect(quiz.log.filter((event) => event.type === "answer_submitted")).toHaveLength(1);
  });

  it("decides a batch in the order of the relays' stamps, and takes a stamp ahead of the authority's clock as now", async () => {
    const quiz = new ShardedQuiz(2);
    await quiz.addPlayers(["p1", "p2", "p3", "p4"]);
    const [first, second] = quiz.relays;
    if (!first || !second) throw new Error("no relays");
    const ana = first.join("p1");
    const bo = second.join("p2");
    await quiz.moderate("start_quiz");
    const started = quiz.time.now;
    // Bo's relay received his answer first; the batches reach the authority in the other order.
    quiz.time.advance(1_000);
    second.send(bo, answer(1, 12, "bo"));
    quiz.time.advance(500);
    first.send(ana, answer(1, 12, "ana"));
    quiz.time.advance(10);
    first.deliver();
    second.deliver();
    const answers = quiz.authority.state.answers["1"] ?? {};
    expect(answers.p2?.elapsedMs).toBe(1_000);
    expect(answers.p1?.elapsedMs).toBe(1_500);
    // A batch whose stamps run backwards, one of them from a clock ahead of the authority's.
    quiz.authority.receive(
      second.link,
      JSON.stringify({
        type: "relay_batch",
        batch: 99,
        commands: [
          { type: "submit_answer", playerId: "p3", at: started + 60_000, questionId: 1, optionIds: [11] },
          { type: "submit_answer", playerId: "p4", at: started + 1_200, questionId: 1, optionIds: [11] },
        ],
      }),
    );
    expect(second.down.at(-1)).toBe(
      JSON.stringify({ type: "relay_ack", batch: 99, outcomes: [{ ok: true }, { ok: true }] }),
    );
    expect(quiz.log.at(-2)).toMatchObject({ type: "answer_submitted", at: started + 1_200, data: { playerId: "p4" } });
    expect(quiz.log.at(-1)).toMatchObject({
      type: "answer_submitted",
      at: quiz.time.now,
      data: { playerId: "p3", elapsedMs: quiz.time.now - started },
    });
    expect(ana.last("answer_ack")).toMatchObject({ requestId: "ana" });
  });

  it("counts an answer received before the timer's end that reaches the authority after it, and no later one", async () => {
    const { quiz, relay, ana, bo } = await startedOnOneRelay();
    quiz.time.advance(19_995);
    relay.send(ana, answer(1, 12, "in time"));
    quiz.time.advance(10);
    relay.send(bo, answer(1, 12, "late"));
    // The alarm rings before the relay's batches arrive.
    quiz.authority.alarm();
    quiz.time.advance(10);
    quiz.deliver();
    quiz.time.advance(RELAY_GRACE_MS);
    quiz.deliver();
    expect(ana.last("answer_ack")).toMatchObject({ requestId: "in time" });
    expect(bo.last("error")).toMatchObject({ requestId: "late", code: "question-closed" });
    expect(quiz.authority.state.phase).toBe("closed");
    expect(ana.last("player_view")?.view.phase).toBe("closed");
  });

  it("counts an answer received before the moderator showed the result that reaches the authority after it, and no later one; the next command waits its turn", async () => {
    const { quiz, relay, ana, bo } = await startedOnOneRelay();
    quiz.time.advance(1_000);
    relay.send(ana, answer(1, 12, "in time"));
    quiz.time.advance(5);
    const shownAt = quiz.time.now;
    // The moderator shows the result while Ana's answer waits in the relay's batch window.
    const shown = quiz.authority.moderate({ type: "show_result" });
    const podium = quiz.authority.moderate({ type: "show_podium" });
    quiz.time.advance(1);
    relay.send(bo, answer(1, 12, "late"));
    quiz.time.advance(10);
    quiz.deliver();
    quiz.time.advance(RELAY_GRACE_MS);
    await Promise.all([shown, podium]);
    quiz.deliver();
    expect(ana.last("answer_ack")).toMatchObject({ requestId: "in time" });
    expect(bo.last("error")).toMatchObject({ requestId: "late", code: "question-closed" });
    expect(quiz.log.slice(-4).map(({ type, at }) => ({ type, at }))).toEqual([
      { type: "answer_submitted", at: shownAt - 5 },
      { type: "timer_ended", at: shownAt },
      { type: "result_shown", at: shownAt },
      { type: "podium_shown", at: quiz.time.now },
    ]);
  });

  it("loses no answer when it restarts before the acknowledgement: the batch is sent again and accepted once", async () => {
    const { quiz, relay, ana, bo } = await startedOnOneRelay();
    relay.send(ana, answer(1, 12, "a"));
    quiz.time.advance(10);
    // Ana's batch reached the authority and was logged, but its acknowledgement was lost.
    for (const text of relay.up.splice(0)) quiz.authority.receive(relay.link, text);
    relay.down = [];
    relay.send(bo, answer(1, 11, "b"));
    quiz.time.advance(10);
    // Bo's batch never left: the relay restarts with both batches in its storage.
    relay.dropUplink();
    expect(relay.outbox.size).toBe(2);
    relay.start();
    relay.connectUplink();
    quiz.deliver();
    expect(relay.outbox.size).toBe(0);
    const answers = quiz.log.filter((event) => event.type === "answer_submitted");
    expect(answers.map((event) => (event.data as { playerId: string }).playerId)).toEqual(["p1", "p2"]);
    // Their sockets are back after the restart: each sees their own answer.
    const again = relay.join("p1");
    expect(again.last("player_view")?.view.myAnswer?.optionIds).toEqual([12]);
  });

  it("refuses, after a resend, a different answer to a question already answered", async () => {
    const quiz = new ShardedQuiz(1);
    await quiz.addPlayers(["p1"]);
    const [relay] = quiz.relays;
    if (!relay) throw new Error("no relay");
    await quiz.moderate("start_quiz");
    const resent = (batch: number, optionId: number) =>
      JSON.stringify({
        type: "relay_batch",
        batch,
        resent: true,
        commands: [{ type: "submit_answer", playerId: "p1", at: quiz.time.now, questionId: 1, optionIds: [optionId] }],
      });
    quiz.authority.receive(relay.link, resent(7, 12));
    quiz.authority.receive(relay.link, resent(7, 12));
    quiz.authority.receive(relay.link, resent(8, 11));
    const acks = relay.down.map((text) => JSON.parse(text)).filter((message) => message.type === "relay_ack");
    expect(acks.map((ack) => ack.outcomes)).toEqual([
      [{ ok: true }],
      [{ ok: true }],
      [{ ok: false, code: "already-answered" }],
    ]);
  });

  it("serves players who connected before it caught up, once it has, and follows the log after a gap", async () => {
    const quiz = new ShardedQuiz(1);
    await quiz.addPlayers(["p1"]);
    await quiz.moderate("start_quiz");
    const [relay] = quiz.relays;
    if (!relay) throw new Error("no relay");
    relay.dropUplink();
    relay.start();
    const early = relay.join("p1");
    expect(early.received).toEqual([]);
    relay.connectUplink();
    quiz.deliver();
    expect(early.received[0]).toMatchObject({ protocol: QUIZ_PROTOCOL_VERSION, view: { phase: "answering" } });
    // Events appended while the link was down come with the next hello.
    relay.dropUplink();
    await quiz.moderate("show_result");
    relay.connectUplink();
    quiz.deliver();
    expect(relay.session.seq).toBe(quiz.log.length);
    expect(early.last("player_view")?.view.question?.correctOptionIds).toEqual([12]);
  });

  it("closes the sockets of an earlier run after a rerun, as the authority does", async () => {
    const quiz = new ShardedQuiz(1);
    await quiz.addPlayers(["p1"]);
    const [relay] = quiz.relays;
    if (!relay) throw new Error("no relay");
    const ana = relay.join("p1");
    await quiz.moderate("start_quiz");
    await quiz.authority.resetRun();
    quiz.deliver();
    expect(ana.closed).toBe("unauthorized");
    const stale = relay.join("p1", 1);
    expect(stale.closed).toBe("unauthorized");
  });
});

describe("the authority's relays (party/quiz-relays.ts)", () => {
  it("sends each event once per relay, whatever the number of players, and counts relays' players for the watchers", async () => {
    const quiz = new ShardedQuiz(3);
    const ids = Array.from({ length: 60 }, (_, index) => `p${index}`);
    const placed = await quiz.addPlayers(ids);
    expect(placed.map((result) => (result.ok ? result.value.order : -1))).toEqual(ids.map((_, index) => index));
    for (const [index, id] of ids.entries()) quiz.relays[index % 3]?.join(id);
    const before = quiz.relays.map((relay) => relay.link.texts.length);
    await quiz.moderate("start_quiz");
    expect(quiz.relays.map((relay, index) => relay.link.texts.length - (before[index] as number))).toEqual([1, 1, 1]);
    // Every relay's players got the question.
    for (const relay of quiz.relays) {
      for (const peer of relay.players) expect(peer.last("player_view")?.view.phase).toBe("answering");
    }
    const moderator = new FakePeer("m", { role: "moderator" });
    quiz.watchers.push(moderator);
    quiz.authority.connect(moderator);
    quiz.time.advance(200);
    quiz.deliver();
    quiz.time.advance(200);
    expect(moderator.last("counters")).toMatchObject({ connected: 60, players: 60 });
    // A rejoin keeps its place, so it lands on the same relay.
    const again = await quiz.addPlayers(["p7"]);
    expect(again[0]).toEqual({ ok: true, value: { run: 1, order: 7 } });
  });

  it("asks a relay for its player count when it lost it (a wake from hibernation), once", () => {
    const quiz = new ShardedQuiz(1);
    const [relay] = quiz.relays;
    if (!relay) throw new Error("no relay");
    relay.join("p1");
    relay.join("p2");
    const link = new FakePeer("relay-0", { role: "relay" });
    const hub = new RelayHub({
      clock: { now: () => quiz.time.now },
      relays: () => [link],
      log: { readAfter: () => [] },
      decide: () => [],
      state: () => quiz.authority.state,
      countersChanged: () => {},
    });
    expect(hub.connectedPlayers()).toBe(0);
    expect(hub.connectedPlayers()).toBe(0);
    expect(link.texts).toEqual([JSON.stringify({ type: "relay_count" })]);
    relay.up = [];
    relay.session.uplinkReceived(link.texts[0] as string);
    for (const text of relay.up) hub.receive(link, text);
    expect(hub.connectedPlayers()).toBe(2);
  });
});
