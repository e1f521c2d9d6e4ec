/**
 * A sharded live quiz in miniature, in Node: one authority session (party/quiz-session.ts) and
 * relay sessions (party/quiz-relay-session.ts) linked by in-memory queues that deliver when told,
 * so a test can drop, delay or reorder what travels between rooms, restart a relay with its
 * storage, and watch what every socket received.
 */
import type { QuizServerMessage } from "@core/protocol/quiz";
import type { RelayBatch } from "@core/protocol/quiz-relay";
import type { StoredEvent } from "@core/protocol/stored-event";
import type { QuizQuestion } from "@core/quiz/model";
import type { QuizConnectionState, QuizPeer } from "../../party/quiz-player-channel";
import { QuizRelaySession } from "../../party/quiz-relay-session";
import { QuizSession, RELAY_GRACE_MS } from "../../party/quiz-session";

export const QUESTIONS: QuizQuestion[] = [
  { id: 1, isSurvey: false, optionIds: [11, 12], correctOptionIds: [12], limitMs: 20_000 },
  { id: 2, isSurvey: false, optionIds: [21, 22], correctOptionIds: [21], limitMs: 10_000 },
];

/** A socket that keeps what it was sent. */
export class FakePeer implements QuizPeer {
  readonly received: QuizServerMessage[] = [];
  /** Raw texts, for counting sends. */
  readonly texts: string[] = [];
  closed: string | null = null;
  constructor(
    readonly id: string,
    readonly identity: QuizConnectionState,
  ) {}
  send(text: string) {
    this.texts.push(text);
    this.received.push(JSON.parse(text) as QuizServerMessage);
  }
  close(reason: string) {
    this.closed = reason;
  }
  last<T extends QuizServerMessage["type"]>(type: T): Extract<QuizServerMessage, { type: T }> | undefined {
    return this.received.findLast((message) => message.type === type) as Extract<QuizServerMessage, { type: T }>;
  }
}

/** One clock and timer list for every room, moved when told. */
export class FakeTime {
  now = 1_000_000;
  #timers: { at: number; work: () => void; cancelled: boolean }[] = [];
  after = (ms: number, work: () => void) => {
    const timer = { at: this.now + ms, work, cancelled: false };
    this.#timers.push(timer);
    return () => {
      timer.cancelled = true;
    };
  };
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
}

/** A relay room: its session, its players' sockets, its storage (kept across a restart) and its link. */
export class FakeRelay {
  session!: QuizRelaySession;
  readonly players: FakePeer[] = [];
  readonly outbox = new Map<number, RelayBatch>();
  /** Frames on their way to the authority, and back. */
  up: string[] = [];
  down: string[] = [];
  open = false;
  /** The relay's link as the authority sees it. */
  readonly link: FakePeer;

  constructor(
    readonly index: number,
    private readonly quiz: ShardedQuiz,
  ) {
    this.link = new FakePeer(`relay-${index}`, { role: "relay" });
    // The authority's sends to this relay go down its link.
    this.link.send = (text) => {
      this.link.texts.push(text);
      if (this.open) this.down.push(text);
    };
    this.start();
  }

  /** A new session over the same storage: the relay restarted, its memory and link gone. */
  start() {
    this.open = false;
    this.up = [];
    this.down = [];
    const time = this.quiz.time;
    this.session = new QuizRelaySession({
      clock: { now: () => time.now },
      timers: { after: time.after },
      peers: {
        players: () => this.players.filter((peer) => peer.closed === null),
        countOpenPlayers: () => this.players.filter((peer) => peer.closed === null).length,
      },
      uplink: { send: (text) => this.up.push(text) },
      outbox: {
        read: () => [...this.outbox.values()].sort((a, b) => a.batch - b.batch),
        write: (batch) => this.outbox.set(batch.batch, batch),
        remove: (batch) => this.outbox.delete(batch),
      },
    });
  }

  /** The link opens: the authority learns of it, the relay says hello. */
  connectUplink() {
    this.open = true;
    this.quiz.relayLinks.add(this.link);
    this.quiz.authority.connect(this.link);
    this.session.uplinkOpened();
  }

  dropUplink() {
    this.open = false;
    this.quiz.relayLinks.delete(this.link);
    this.quiz.authority.disconnect(this.link);
    this.session.uplinkClosed();
    this.up = [];
    this.down = [];
  }

  /** Delivers what is in flight both ways until nothing is left; answers how many frames went. */
  deliver(): number {
    let frames = 0;
    while (this.up.length > 0 || this.down.length > 0) {
      for (const text of this.up.splice(0)) {
        frames += 1;
        this.quiz.authority.receive(this.link, text);
      }
      for (const text of this.down.splice(0)) {
        frames += 1;
        this.session.uplinkReceived(text);
      }
    }
    return frames;
  }

  join(playerId: string, run = 1): FakePeer {
    const peer = new FakePeer(`${playerId}@${this.index}-${this.players.length}`, { role: "player", playerId, run });
    this.players.push(peer);
    this.session.connect(peer);
    return peer;
  }

  send(peer: FakePeer, message: unknown) {
    this.session.receive(peer, JSON.stringify(message));
  }
}

export class ShardedQuiz {
  readonly time = new FakeTime();
  readonly log: StoredEvent[] = [];
  readonly relayLinks = new Set<FakePeer>();
  readonly watchers: FakePeer[] = [];
  readonly authority: QuizSession;
  readonly relays: FakeRelay[];

  constructor(relays: number) {
    this.authority = new QuizSession({
      log: {
        append: (events) =>
          events.map((event) => this.log[this.log.push({ seq: this.log.length + 1, ...event }) - 1] as StoredEvent),
        readAfter: (seq, limit = Number.MAX_SAFE_INTEGER) => this.log.slice(seq, seq + limit),
      },
      rows: { read: () => undefined, write: () => {} },
      clock: { now: () => this.time.now },
      timers: { after: this.time.after, setAlarm: () => {}, deleteAlarm: () => {} },
      peers: {
        players: () => [],
        watchers: (role) =>
          role === "relay" ? [...this.relayLinks] : this.watchers.filter((peer) => peer.identity.role === role),
        countOpenPlayers: () => 0,
      },
      projections: { questions: async () => QUESTIONS, status: () => {}, leaderboard: () => {}, answers: () => {} },
    });
    this.relays = Array.from({ length: relays }, (_, index) => new FakeRelay(index, this));
    for (const relay of this.relays) relay.connectUplink();
    this.deliver();
  }

  /** Every relay's frames delivered, in turn, until none is in flight. */
  deliver() {
    while (this.relays.reduce((frames, relay) => frames + relay.deliver(), 0) > 0);
  }

  /** Players added as the login does, the batch decided, the events delivered. */
  async addPlayers(ids: string[]) {
    const added = Promise.all(ids.map((id) => this.authority.placePlayer(id, id.toUpperCase())));
    this.time.advance(10);
    const placed = await added;
    this.deliver();
    return placed;
  }

  async moderate(type: "start_quiz" | "next_question" | "show_result" | "show_podium" | "final") {
    const endsAnswering = type !== "start_quiz" && this.authority.state.phase === "answering";
    const done = this.authority.moderate({ type });
    // Ending an open question waits for the relays' answers in flight.
    if (endsAnswering) this.time.advance(RELAY_GRACE_MS);
    await done;
    this.deliver();
  }

  /** Relays' batches go out after their window; the authority's acknowledgements come back. */
  settle() {
    this.time.advance(10);
    this.deliver();
  }
}
