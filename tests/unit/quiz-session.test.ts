import type { QuizServerMessage } from "@core/protocol/quiz";
import type { StoredEvent } from "@core/protocol/stored-event";
import { replay } from "@core/quiz/evolve";
import type { QuizQuestion } from "@core/quiz/model";
import { revealedState } from "@core/quiz/player-view";
import { leaderboard } from "@core/quiz/selectors";
import type { RowChanges } from "@core/quiz/snapshot-rows";
import { describe, expect, it } from "vitest";
import {
  commandOverHttp,
  type QuizConnectionState,
  type QuizPeer,
  QuizSession,
  type QuizSessionDeps,
  SNAPSHOT_EVERY,
} from "../../party/quiz-session";

const QUESTIONS: QuizQuestion[] = [
  { id: 1, isSurvey: false, optionIds: [11, 12], correctOptionIds: [12], limitMs: 20_000 },
  { id: 2, isSurvey: false, optionIds: [21, 22], correctOptionIds: [21], limitMs: 10_000 },
];

/** A socket that keeps what it was sent. */
class FakePeer implements QuizPeer {
  readonly received: QuizServerMessage[] = [];
  constructor(
    readonly id: string,
    readonly identity: QuizConnectionState,
  ) {}
  /** Why the room closed this socket, or null while open. */
  closed: string | null = null;
  send(text: string) {
    this.received.push(JSON.parse(text) as QuizServerMessage);
  }
  close(reason: string) {
    this.closed = reason;
  }
  last<T extends QuizServerMessage["type"]>(type: T): Extract<QuizServerMessage, { type: T }> | undefined {
    return this.received.findLast((message) => message.type === type) as Extract<QuizServerMessage, { type: T }>;
  }
}

/** A Durable Object in miniature: its log and rows survive a new session (a restart); time moves when told. */
class FakeRoom {
  now = 1_000_000;
  readonly log: StoredEvent[] = [];
  readonly rows = new Map<string, string>();
  rowsSeq: number | undefined;
  readonly snapshots: RowChanges[] = [];
  alarm: number | null = null;
  readonly projections: { kind: string; value: unknown }[] = [];
  peers: FakePeer[] = [];
  #timers: { at: number; work: () => void; cancelled: boolean }[] = [];

  deps(): QuizSessionDeps {
    return {
      log: {
        append: (events) =>
          events.map((event) => this.log[this.log.push({ seq: this.log.length + 1, ...event }) - 1] as StoredEvent),
        readAfter: (seq) => this.log.slice(seq),
      },
      rows: {
        read: () =>
          this.rowsSeq === undefined
            ? undefined
            : { seq: this.rowsSeq, rows: [...this.rows].map(([key, value]) => ({ key, value })) },
        write: (seq, changes) => {
          for (const key of changes.deletes) this.rows.delete(key);
          for (const row of changes.upserts) this.rows.set(row.key, row.value);
          this.rowsSeq = seq;
          this.snapshots.push(changes);
        },
      },
      clock: { now: () => this.now },
      timers: {
        after: (ms, work) => {
          const timer = { at: this.now + ms, work, cancelled: false };
          this.#timers.push(timer);
          return () => {
            timer.cancelled = true;
          };
        },
        setAlarm: (at) => {
          this.alarm = at;
        },
        deleteAlarm: () => {
          this.alarm = null;
        },
      },
      peers: {
        players: () => this.peers.filter((peer) => peer.identity.role === "player" && peer.closed === null),
        watchers: (role) => this.peers.filter((peer) => peer.identity.role === role),
        countOpenPlayers: () => this.peers.filter((peer) => peer.identity.role === "player").length,
      },
      projections: {
        questions: async () => QUESTIONS,
        status: (value) => this.projections.push({ kind: "status", value }),
        leaderboard: (value) => this.projections.push({ kind: "leaderboard", value }),
        answers: (value) => this.projections.push({ kind: "answers", value }),
      },
    };
  }

  /** Moves the clock and runs the timers that came due, in order. */
  advance(ms: number) {
    const until = this.now + ms;
    for (;;) {
      const due = this.#timers.filter((timer) => !timer.cancelled && timer.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.now = Math.max(this.now, due.at);
      due.cancelled = true;
      due.work();
    }
    this.now = until;
  }

  connect(session: QuizSession, id: string, identity: QuizConnectionState): FakePeer {
    const peer = new FakePeer(id, identity);
    this.peers.push(peer);
    session.connect(peer);
    return peer;
  }
}

const send = (session: QuizSession, peer: FakePeer, message: unknown) => session.receive(peer, JSON.stringify(message));

describe("the quiz session, with recording fakes", () => {
  it("runs a question: batched acknowledgements, the alarm at the timer's end, watchers' updates, projections", async () => {
    const room = new FakeRoom();
    const session = new QuizSession(room.deps());
    const moderator = room.connect(session, "m", { role: "moderator" });
    const screen = room.connect(session, "s", { role: "screen" });
    expect(moderator.last("snapshot")?.seq).toBe(0);
    expect(screen.last("snapshot")).toBeDefined();
    const joined = await Promise.all([
      Promise.resolve().then(() => session.addPlayer("p1", "Ana")),
      Promise.resolve().then(() => session.addPlayer("p2", "Bo")),
      Promise.resolve().then(() => {
        room.advance(10);
      }),
    ]);
    // Each learns the run it joined, which its token will name.
    expect(joined.slice(0, 2)).toEqual([
      { ok: true, value: 1 },
      { ok: true, value: 1 },
    ]);
    const ana = room.connect(session, "a", { role: "player", playerId: "p1" });
    const bo = room.connect(session, "b", { role: "player", playerId: "p2" });
    expect(ana.last("player_view")?.view.phase).toBe("lobby");

    await session.moderate({ type: "start_quiz" });
    expect(room.projections).toContainEqual({ kind: "status", value: "running" });
    expect(room.alarm).toBe(room.now + 20_000);
    expect(ana.last("player_view")?.view.phase).toBe("answering");

    room.advance(1_500);
    send(session, ana, { type: "answer", questionId: 1, optionIds: [12], requestId: "r1" });
    send(session, bo, { type: "answer", questionId: 1, optionIds: [11] });
    expect(ana.last("answer_ack")).toBeUndefined();
    room.advance(10);
    expect(ana.last("answer_ack")).toEqual({ type: "answer_ack", requestId: "r1", questionId: 1 });
    expect(bo.last("answer_ack")).toEqual({ type: "answer_ack", questionId: 1 });
    send(session, bo, { type: "answer", questionId: 1, optionIds: [12] });
    room.advance(10);
    expect(bo.last("error")?.code).toBe("already-answered");

    room.advance(100);
    expect(moderator.last("counters")).toMatchObject({ answered: 2, players: 2, connected: 2 });
    const moderatorEvents = moderator.received.flatMap((message) => (message.type === "events" ? message.events : []));
    expect(moderatorEvents.filter((event) => event.type === "answer_submitted")).toHaveLength(2);
    const screenEvents = screen.received.flatMap((message) => (message.type === "events" ? message.events : []));
    expect(screenEvents.some((event) => event.type === "answer_submitted")).toBe(false);

    room.now = room.alarm as number;
    session.alarm();
    expect(session.state.phase).toBe("closed");
    expect(room.alarm).toBeNull();
    await session.moderate({ type: "show_result" });
    expect(room.projections.find((call) => call.kind === "leaderboard")?.value).toEqual(leaderboard(session.state));
    expect(room.projections.find((call) => call.kind === "answers")?.value).toHaveLength(2);
    expect(session.questionResult(1)).toEqual({
      ok: true,
      value: [
        { name: "Ana", points: expect.any(Number) },
        { name: "Bo", points: 0 },
      ],
    });
  });

  it("after a rerun, an earlier run's player is refused: its socket closed, no view of the new run, its token's calls refused", async () => {
    const room = new FakeRoom();
    const session = new QuizSession(room.deps());
    const added = session.addPlayer("p1", "Ana");
    room.advance(10);
    expect(await added).toEqual({ ok: true, value: 1 });
    const ana = room.connect(session, "a", { role: "player", playerId: "p1", run: 1 });
    await session.moderate({ type: "start_quiz" });
    expect(ana.last("player_view")?.view.phase).toBe("answering");
    expect(session.playerView("p1", 1).ok).toBe(true);

    await session.moderate({ type: "reset_quiz" });
    expect(session.run).toBe(2);
    expect(ana.closed).toBe("unauthorized");
    const seenBefore = ana.received.length;
    const newcomer = session.addPlayer("p9", "Bo");
    room.advance(10);
    expect(await newcomer).toEqual({ ok: true, value: 2 });
    await session.moderate({ type: "start_quiz" });
    expect(ana.received.slice(seenBefore).filter((message) => message.type === "player_view")).toEqual([]);

    expect(session.playerView("p1", 1)).toEqual({ ok: false, code: "unauthorized" });
    expect(session.submitAnswer("p1", 1, 1, [12])).toEqual({ ok: false, code: "unauthorized" });
    const again = room.connect(session, "a2", { role: "player", playerId: "p1", run: 1 });
    expect(again.closed).toBe("unauthorized");
    expect(again.received).toEqual([]);
    const bo = room.connect(session, "b", { role: "player", playerId: "p9", run: 2 });
    expect(bo.closed).toBeNull();
    expect(bo.last("player_view")?.view.phase).toBe("answering");
    expect(session.playerView("p9", 2).ok).toBe(true);
  });

  it("sets the alarm to the timer's end, less the time spent before a pause, and deletes it on a pause", async () => {
    const room = new FakeRoom();
    const session = new QuizSession(room.deps());
    await session.moderate({ type: "start_quiz" });
    const started = room.now;
    expect(room.alarm).toBe(started + 20_000);
    room.advance(5_000);
    await session.moderate({ type: "timer_stop" });
    expect(room.alarm).toBeNull();
    room.advance(60_000);
    await session.moderate({ type: "timer_start" });
    expect(room.alarm).toBe(room.now + 15_000);
    await session.moderate({ type: "reset_quiz" });
    expect(room.alarm).toBeNull();
  });

  it("answers a malformed frame with an error, and refuses commands from the big screen and players", () => {
    const room = new FakeRoom();
    const session = new QuizSession(room.deps());
    const screen = room.connect(session, "s", { role: "screen" });
    session.receive(screen, "{not json");
    expect(screen.last("error")?.code).toBe("invalid-json");
    send(session, screen, { type: "command", command: { type: "next_question" } });
    expect(screen.last("error")?.code).toBe("forbidden");
    expect(commandOverHttp('{"action":"show_podium"}')).toEqual({ type: "show_podium" });
    expect(commandOverHttp('{"action":"drop_tables"}')).toBeNull();
    expect(commandOverHttp("nope")).toBeNull();
  });

  it("snapshots as rows and rebuilds after a restart the state and leaderboard of the whole log", async () => {
    const room = new FakeRoom();
    const session = new QuizSession(room.deps());
    const players = SNAPSHOT_EVERY + 200;
    for (let p = 0; p < players; p++) void session.addPlayer(`p${p}`, `Player ${p}`);
    room.advance(10);
    await session.moderate({ type: "start_quiz" });
    for (let p = 0; p < players; p++) {
      send(session, new FakePeer(`c${p}`, { role: "player", playerId: `p${p}` }), {
        type: "answer",
        questionId: 1,
        optionIds: [p % 3 === 0 ? 12 : 11],
      });
      if (p % 50 === 49) room.advance(10);
    }
    room.advance(10);
    await session.moderate({ type: "show_result" });
    expect(room.snapshots.length).toBeGreaterThanOrEqual(2);
    // The second snapshot writes what changed since the first, not the whole quiz.
    const [first, second] = room.snapshots as [RowChanges, RowChanges];
    expect(first.upserts.length).toBeGreaterThan(players);
    expect(second.upserts.length).toBeLessThan(SNAPSHOT_EVERY + 60);
    for (const row of [...room.rows.values()]) expect(row.length).toBeLessThan(4_096);

    const restarted = new QuizSession(room.deps());
    expect(restarted.state).toEqual(replay(room.log));
    expect(restarted.state).toEqual(session.state);
    expect(leaderboard(restarted.state)).toEqual(leaderboard(session.state));
  });

  it("replays the whole log when no rows were stored (a room from before them)", async () => {
    const room = new FakeRoom();
    const session = new QuizSession(room.deps());
    void session.addPlayer("p1", "Ana");
    room.advance(10);
    await session.moderate({ type: "start_quiz" });
    expect(room.rowsSeq).toBeUndefined();
    expect(new QuizSession(room.deps()).state).toEqual(session.state);
  });

  it("shows the next question with every player's rank counting all answers, even one that came after the room ranked ahead", async () => {
    const room = new FakeRoom();
    const session = new QuizSession(room.deps());
    for (const id of ["p1", "p2", "p3"]) void session.addPlayer(id, id.toUpperCase());
    room.advance(10);
    const players = ["p1", "p2", "p3"].map((id) => room.connect(session, id, { role: "player", playerId: id }));
    const [p1, p2, p3] = players as [FakePeer, FakePeer, FakePeer];
    await session.moderate({ type: "start_quiz" });
    room.advance(1_000);
    send(session, p1, { type: "answer", questionId: 1, optionIds: [12] });
    send(session, p2, { type: "answer", questionId: 1, optionIds: [11] });
    // Answers stop: the room ranks ahead. Then one more comes, faster than nobody but right.
    room.advance(1_000);
    send(session, p3, { type: "answer", questionId: 1, optionIds: [12] });
    room.advance(10);
    await session.moderate({ type: "next_question" });

    const ranks = new Map(leaderboard(revealedState(session.state)).map((entry) => [entry.playerId, entry]));
    expect(ranks.get("p3")?.points).toBeGreaterThan(0);
    for (const peer of players) {
      const view = peer.last("player_view")?.view;
      expect(view?.question?.id).toBe(2);
      const playerId = peer.identity.playerId as string;
      expect(view).toEqual(session.viewOf(playerId));
      expect([view?.points, view?.rank]).toEqual([ranks.get(playerId)?.points, ranks.get(playerId)?.rank]);
    }
    expect(p1.last("player_view")?.view.rank).toBe(1);
    expect(p3.last("player_view")?.view.rank).toBe(2);
  });

  it("sends every player the question before writing a snapshot that falls due with the command", async () => {
    const room = new FakeRoom();
    const deps = room.deps();
    const written: { seq: number; playersOnQuestion: number }[] = [];
    const session = new QuizSession({
      ...deps,
      rows: {
        ...deps.rows,
        write: (seq, changes, ms) => {
          const playersOnQuestion = room.peers.filter((peer) => peer.last("player_view")?.view.question).length;
          written.push({ seq, playersOnQuestion });
          deps.rows.write(seq, changes, ms);
        },
      },
    });
    // The joins bring the log two events short of a snapshot; start_quiz appends three.
    const players = SNAPSHOT_EVERY - 2;
    for (let p = 0; p < players; p++) void session.addPlayer(`p${p}`, `Player ${p}`);
    room.advance(10);
    for (let p = 0; p < players; p++) room.connect(session, `c${p}`, { role: "player", playerId: `p${p}` });
    expect(written).toEqual([]);
    await session.moderate({ type: "start_quiz" });
    expect(written).toEqual([{ seq: SNAPSHOT_EVERY + 1, playersOnQuestion: players }]);
    expect(new QuizSession(room.deps()).state).toEqual(session.state);
  });
});
