/**
 * The live quiz of one presentation, without a runtime: everything the quiz room does, with its
 * effects behind small interfaces (storage, clock, timers, peers, projections) so it runs and is
 * tested in Node (tests/unit/quiz-session.test.ts). party/quiz-room.ts wires it to partyserver.
 *
 * It parses each message, asks `decide`, appends the events to its log, folds them with
 * `evolve`, and sends each role what it may know (core/quiz/fan-out.ts): the moderator every
 * event, the big screen an answer-free projection, both batched; players their own view on
 * question-level changes; an answer's acknowledgement to its sender.
 */

import { DomainError, ErrorCode } from "@core/errors";
import {
  type ModeratorCommandMessage,
  type PlayerView,
  QuizClientMessage,
  type QuizServerMessage,
} from "@core/protocol/quiz";
import type { RoomResult } from "@core/protocol/room-result";
import type { StoredEvent } from "@core/protocol/stored-event";
import { alarmAfter } from "@core/quiz/alarm";
import { type AnswerRow, answerRows } from "@core/quiz/answer-projection";
import { ENDS_ANSWERING, type PlayerCommand, type QuizActor, type QuizCommand } from "@core/quiz/commands";
import { decide } from "@core/quiz/decide";
import { type BatchedCommand, type BatchOutcome, decideBatch } from "@core/quiz/decide-batch";
import { evolveAll } from "@core/quiz/evolve";
import { questionResultShown, type WatcherRole, watcherSnapshot, watcherUpdate } from "@core/quiz/fan-out";
import { type FrameBucket, takeFrame, WATCHER_FRAME_RATE } from "@core/quiz/frame-limit";
import { initialQuizState, type QuizQuestion, type QuizState } from "@core/quiz/model";
import { roomEffects } from "@core/quiz/room-effects";
import { type LeaderboardEntry, leaderboard, questionCounters, questionResult } from "@core/quiz/selectors";
import {
  QUIZ_COLLECTIONS,
  type RowChanges,
  type StateRow,
  snapshotChanges,
  stateFromRows,
} from "@core/quiz/snapshot-rows";
import * as v from "valibot";
import {
  PlayerChannel,
  parseClientFrame,
  type QuizConnectionState,
  type QuizPeer,
  sendError,
} from "./quiz-player-channel";
import { RelayHub } from "./quiz-relays";

export type { QuizConnectionState, QuizPeer };

export interface QuizSessionDeps {
  log: {
    append(events: Omit<StoredEvent, "seq">[]): StoredEvent[];
    /** Events after `seq`, oldest first; at most `limit` of them. */
    readAfter(seq: number, limit?: number): StoredEvent[];
  };
  /** The snapshot as rows (party/lib/state-rows.ts). */
  rows: {
    read(): { seq: number; rows: StateRow[] } | undefined;
    write(seq: number, changes: RowChanges, ms: number): void;
  };
  clock: { now(): number };
  timers: {
    /** Runs `work` once after `ms`; the function returned cancels it. */
    after(ms: number, work: () => void): () => void;
    setAlarm(at: number): void;
    deleteAlarm(): void;
  };
  peers: {
    players(): Iterable<QuizPeer>;
    watchers(role: WatcherRole | "relay"): Iterable<QuizPeer>;
    /** Open player sockets, counted without reading each one's state. */
    countOpenPlayers(): number;
  };
  /** Reads and writes of the database other pages query; writes run in the background. */
  projections: {
    questions(): Promise<QuizQuestion[]>;
    status(status: "running" | "finished"): void;
    leaderboard(entries: LeaderboardEntry[]): void;
    answers(rows: AnswerRow[]): void;
  };
}

/** Moderator and big screen receive at most this many updates a second. */
const WATCHER_FLUSH_MS = 100;
/** A snapshot writes the rows changed by this many events, so a restart folds at most as many. */
export const SNAPSHOT_EVERY = 500;
/**
 * Answers, selection counters and joins received within this window are decided, logged and
 * folded together: one SQLite transaction and one copy of the answer map per batch instead of
 * per answer, which made a question cost O(N²). Each keeps the time the room received it.
 */
const BATCH_MS = 10;
/**
 * How long the end of answering (the timer's, or a moderator's pause, result, podium, final or
 * change of question) waits for relays' answers in flight (their 10 ms window and the hop).
 */
export const RELAY_GRACE_MS = 100;

/** A command waiting for the next batch, and what to do with its outcome. */
interface PendingCommand extends BatchedCommand {
  settle: (outcome: BatchOutcome) => void;
}

const WATCHER_ROLES: readonly WatcherRole[] = ["moderator", "screen"];

const send = (peer: QuizPeer, message: QuizServerMessage) => peer.send(JSON.stringify(message));

export class QuizSession {
  #state: QuizState | undefined;
  #seq = 0;
  /** The state the stored rows hold, and its seq: a snapshot writes the difference. */
  #stored: { state: QuizState | undefined; seq: number } = { state: undefined, seq: 0 };
  #pendingForWatchers: StoredEvent[] = [];
  #cancelFlush: (() => void) | undefined;
  #pending: PendingCommand[] = [];
  #cancelBatch: (() => void) | undefined;
  /** Open player sockets; unknown after a wake from hibernation until counted again. */
  #connectedPlayers: number | undefined;
  /** Syncs each watcher connection may still ask for. */
  #watcherBuckets = new Map<string, FrameBucket>();
  /** Each player's join order in this run, for placing them on a relay; rebuilt after a restart. */
  #joinOrder: Map<string, number> | undefined;
  /**
   * A moderator's command that ends answering, while it waits for relays' answers in flight: when
   * the room received it (answers received from then on are too late) and its wait's end, which
   * the moderator's next commands wait for, so they keep their order.
   */
  #closing: { at: number; done: Promise<void> } | undefined;
  readonly #players: PlayerChannel;
  readonly #relays: RelayHub;

  constructor(private readonly deps: QuizSessionDeps) {
    this.#players = new PlayerChannel({
      clock: deps.clock,
      timers: deps.timers,
      players: () => deps.peers.players(),
      state: () => this.state,
      currentState: () => this.loadedState,
      submit: (command, playerId, settle) => this.enqueue(command, { role: "player", playerId }, settle),
    });
    this.#relays = new RelayHub({
      clock: deps.clock,
      relays: () => deps.peers.watchers("relay"),
      log: deps.log,
      decide: (commands) => this.decideNow(commands),
      state: () => this.loadedState,
      countersChanged: () => this.scheduleWatcherFlush(),
    });
  }

  /** The state with every command received so far: a read first decides the pending batch. */
  get state(): QuizState {
    if (this.#pending.length > 0) this.flushBatch();
    return this.loadedState;
  }

  /**
   * The state, rebuilt after a restart or hibernation: the snapshot's rows, then the log after
   * them. A room stored by an older version (one JSON snapshot, no rows) replays its whole log.
   */
  private get loadedState(): QuizState {
    if (!this.#state) {
      const stored = this.deps.rows.read();
      const base = stored ? stateFromRows(QUIZ_COLLECTIONS, initialQuizState, stored.rows) : initialQuizState;
      this.#stored = { state: stored ? base : undefined, seq: stored?.seq ?? 0 };
      const tail = this.deps.log.readAfter(this.#stored.seq);
      this.#state = evolveAll(base, tail);
      this.#seq = tail[tail.length - 1]?.seq ?? this.#stored.seq;
    }
    return this.#state;
  }

  /** Which run of the quiz is on: 1, then one more after each rerun. */
  get run(): number {
    return this.state.run ?? 1;
  }

  /** A connection the Worker let in; `identity` is already set on the peer. */
  connect(peer: QuizPeer) {
    const identity = peer.identity;
    // A relay's link says from where it needs the log first (party/quiz-relays.ts).
    if (identity?.role === "relay") return;
    if (identity?.role === "player") {
      // A token of an earlier run is no player of this one: refused as an invalid token would be.
      if (!this.#players.connect(peer)) return;
      if (this.#connectedPlayers !== undefined) this.#connectedPlayers += 1;
    } else if (identity?.role === "moderator" || identity?.role === "screen") this.sendSnapshot(peer, identity.role);
    this.scheduleWatcherFlush();
  }

  disconnect(peer: QuizPeer) {
    // Counted again on demand: a closing socket is no longer open, whatever its role.
    this.#connectedPlayers = undefined;
    this.#watcherBuckets.delete(peer.id);
    if (peer.identity?.role === "relay") this.#relays.disconnect(peer);
    this.scheduleWatcherFlush();
  }

  connectionFailed() {
    this.#connectedPlayers = undefined;
  }

  /** The whole state as the watcher's role may know it; counters follow with the next flush. */
  private sendSnapshot(peer: QuizPeer, role: WatcherRole) {
    const state = this.state;
    send(
      peer,
      watcherSnapshot(role, { state, seq: this.#seq, connected: this.connectedPlayers(), now: this.deps.clock.now() }),
    );
  }

  receive(peer: QuizPeer, raw: string) {
    const identity = peer.identity;
    if (identity?.role === "player") {
      this.#players.receive(peer, raw);
      return;
    }
    if (identity?.role === "relay") {
      this.#relays.receive(peer, raw);
      return;
    }
    const parsed = parseClientFrame(raw);
    if (!parsed.ok) {
      // A stream of malformed frames is answered at the same rate as syncs, then dropped.
      if (this.admitWatcher(identity, peer.id, { type: "sync" })) send(peer, { type: "error", code: parsed.code });
      return;
    }
    const frame = parsed.message;
    const requestId = frame.type === "answer" ? frame.requestId : undefined;
    try {
      if (!this.admitWatcher(identity, peer.id, frame)) return;
      if (frame.type === "sync") {
        if (identity?.role === "moderator" || identity?.role === "screen") {
          this.sendSnapshot(peer, identity.role);
          this.scheduleWatcherFlush();
        }
        return;
      }
      if (frame.type !== "command" || identity?.role !== "moderator") throw new DomainError(ErrorCode.Forbidden);
      void this.moderate(frame.command).catch((error) => sendError(peer, error));
    } catch (error) {
      sendError(peer, error, requestId);
    }
  }

  /**
   * Whether a watcher's frame is within its limits (core/quiz/frame-limit.ts): the big screen's
   * frames and the moderator's syncs; the moderator's commands are not limited.
   */
  private admitWatcher(
    identity: QuizConnectionState | null | undefined,
    peerId: string,
    frame: QuizClientMessage | { type: "sync" },
  ): boolean {
    // The big screen may only sync: anything else it sends is refused, and counted the same way.
    if (frame.type === "sync" || identity?.role !== "moderator") {
      const limited = takeFrame(this.#watcherBuckets.get(peerId), this.deps.clock.now(), WATCHER_FRAME_RATE);
      this.#watcherBuckets.set(peerId, limited.bucket);
      return limited.admitted;
    }
    return true;
  }

  /**
   * A moderator's command; starting the quiz first loads its questions from the database.
   * `reset_quiz` comes only from {@link resetRun}: sockets and the room's HTTP commands cannot send it.
   */
  async moderate(command: ModeratorCommandMessage | { type: "reset_quiz" }): Promise<StoredEvent[]> {
    while (this.#closing) await this.#closing.done;
    if (command.type === "start_quiz") {
      const questions = await this.deps.projections.questions();
      return this.apply({ type: "start_quiz", data: { questions } }, { role: "moderator" });
    }
    if (this.#relays.linked() && this.state.phase === "answering" && ENDS_ANSWERING.has(command.type)) {
      // As at the timer's end: answers relays received before this command count, by their stamps.
      const at = this.deps.clock.now();
      const done = new Promise<void>((resolve) => this.deps.timers.after(RELAY_GRACE_MS, resolve));
      this.#closing = { at, done };
      try {
        await done;
      } finally {
        this.#closing = undefined;
      }
      return this.apply(command, { role: "moderator" }, at);
    }
    return this.apply(command, { role: "moderator" });
  }

  /**
   * Runs the quiz again, for the Worker's `POST /api/quiz/{id}/reset`, which also hands out the
   * new join code and clears the previous run's results in the database: the room alone cannot.
   */
  async resetRun(): Promise<RoomResult<null>> {
    try {
      await this.moderate({ type: "reset_quiz" });
      return { ok: true, value: null };
    } catch (error) {
      if (error instanceof DomainError) return { ok: false, code: error.code };
      throw error;
    }
  }

  /**
   * Writes a restored archive's log into this room (docs/operations.md#backups), chunk after
   * chunk: each chunk must continue the log exactly where it stands, so a room that already has
   * events of its own is never overwritten (409 `conflict`). Answers the last seq written.
   */
  restoreLog(events: StoredEvent[]): RoomResult<number> {
    return attempt(() => {
      // Reading the state loads the room (its rows, then its log), which sets the last seq.
      void this.state;
      const last = this.#seq;
      if (events.some((event, index) => event.seq !== last + index + 1)) throw new DomainError(ErrorCode.Conflict);
      this.deps.log.append(events.map(({ at, type, data }) => ({ at, type, data })));
      // Folded again from the log at the next read, as after a restart.
      this.#state = undefined;
      this.#joinOrder = undefined;
      return last + events.length;
    });
  }

  /** Adds a player who logged in with the join code (or finds them again); the run they joined. */
  async addPlayer(playerId: string, name: string): Promise<RoomResult<number>> {
    const placed = await this.placePlayer(playerId, name);
    return placed.ok ? { ok: true, value: placed.value.run } : placed;
  }

  /**
   * Adds a player as {@link addPlayer} does, and tells their join order in this run (0 for the
   * first): the Worker places them on relay `floor(order / QUIZ_RELAY_PLAYERS)`. A player found
   * again keeps their order, so a rejoin lands on the same relay.
   */
  async placePlayer(playerId: string, name: string): Promise<RoomResult<{ run: number; order: number }>> {
    const outcome = await new Promise<BatchOutcome>((settle) =>
      this.enqueue({ type: "add_player", data: { playerId, name } }, { role: "system" }, settle),
    );
    return attempt(() => {
      if (!outcome.ok) throw outcome.error;
      return { run: this.run, order: this.joinOrder(playerId) };
    });
  }

  /** Kept as players join; read from the state's players (in join order) once after a restart. */
  private joinOrder(playerId: string): number {
    if (!this.#joinOrder) this.#joinOrder = new Map(Object.keys(this.state.players).map((id, order) => [id, order]));
    let order = this.#joinOrder.get(playerId);
    if (order === undefined) {
      order = this.#joinOrder.size;
      this.#joinOrder.set(playerId, order);
    }
    return order;
  }

  /** A player's view over HTTP (`get-user-action`); a token of an earlier run is refused. */
  playerView(playerId: string, run: number): RoomResult<PlayerView> {
    return attempt(() => {
      this.assertCurrentRun(run);
      return this.viewOf(playerId);
    });
  }

  /** The HTTP fallback of an answer, with the socket's rules. */
  submitAnswer(playerId: string, run: number, questionId: number, optionIds: number[]): RoomResult<PlayerView> {
    return attempt(() => {
      this.assertCurrentRun(run);
      this.apply({ type: "submit_answer", data: { questionId, optionIds } }, { role: "player", playerId });
      return this.viewOf(playerId);
    });
  }

  private isCurrentRun(run: number | undefined): boolean {
    return (run ?? 1) === this.run;
  }

  private assertCurrentRun(run: number) {
    if (!this.isCurrentRun(run)) throw new DomainError(ErrorCode.Unauthorized);
  }

  /** The answers to one question, best first (the spec's per-question result), once they are shown. */
  questionResult(questionId: number): RoomResult<{ name: string; points: number }[]> {
    return attempt(() => {
      if (!questionResultShown(this.state, questionId)) throw new DomainError(ErrorCode.ResultsNotOpen);
      return questionResult(this.state, questionId);
    });
  }

  /** The whole log as JSON Lines, for ops export and replay. */
  exportLog(): string {
    return this.deps.log
      .readAfter(0)
      .map((event) => `${JSON.stringify(event)}\n`)
      .join("");
  }

  /** The timer's alarm rang: the question closes unless the moderator paused it meanwhile. */
  alarm() {
    const state = this.state;
    if (state.phase !== "answering") return;
    const end = () =>
      this.apply({ type: "timer_end", data: { questionIndex: state.questionIndex } }, { role: "system" });
    // Relays' answers received before the end may still be on their way (a batch window and a hop):
    // they count, by their stamps; any stamped after the end is refused by `decide` as too late.
    if (this.#relays.linked()) this.deps.timers.after(RELAY_GRACE_MS, end);
    else end();
  }

  /** decide → append → evolve → send, at once: moderator commands, alarms, HTTP answers. */
  private apply(command: QuizCommand, actor: QuizActor, now = this.deps.clock.now()): StoredEvent[] {
    // Commands received earlier come first, so an answer sent before the timer ended counts.
    const events = decide(command, this.state, { now, actor });
    if (events.length === 0) return [];
    const stored = this.deps.log.append(events.map(({ at, type, data }) => ({ at, type, data })));
    this.commit(evolveAll(this.loadedState, stored), stored);
    return stored;
  }

  /**
   * A relay's batch (party/quiz-relays.ts): each command at the time the relay received it,
   * decided at once with whatever waits for the room's own next batch, by the same path.
   */
  private decideNow(commands: { command: PlayerCommand; playerId: string; now: number }[]): BatchOutcome[] {
    const outcomes: BatchOutcome[] = new Array(commands.length);
    for (const [index, { command, playerId, now }] of commands.entries()) {
      if (this.tooLate(command, now)) {
        outcomes[index] = { ok: false, error: new DomainError(ErrorCode.QuestionClosed) };
        continue;
      }
      this.#pending.push({
        command,
        context: { now, actor: { role: "player", playerId } },
        settle: (outcome) => {
          outcomes[index] = outcome;
        },
      });
    }
    this.flushBatch();
    return outcomes;
  }

  /** An answer received once the moderator ended answering, while that command waits for relays. */
  private tooLate(command: QuizCommand, receivedAt: number): boolean {
    return command.type === "submit_answer" && this.#closing !== undefined && receivedAt >= this.#closing.at;
  }

  /** Queues a command for the next batch; `now` is taken here, when the room receives it. */
  private enqueue(command: QuizCommand, actor: QuizActor, settle: (outcome: BatchOutcome) => void) {
    const now = this.deps.clock.now();
    if (this.tooLate(command, now)) {
      settle({ ok: false, error: new DomainError(ErrorCode.QuestionClosed) });
      return;
    }
    this.#pending.push({ command, context: { now, actor }, settle });
    this.#cancelBatch ??= this.deps.timers.after(BATCH_MS, () => this.flushBatch());
  }

  /**
   * The same path for a batch: each command decided in order against the state left by those
   * before it (a second answer in the same batch is refused), every event appended in one
   * transaction, folded with one copy, then each sender answered. Nothing is acknowledged
   * before it is in the log, so a restart mid-batch only drops unacknowledged commands.
   */
  private flushBatch() {
    this.#cancelBatch?.();
    this.#cancelBatch = undefined;
    const batch = this.#pending.splice(0);
    if (batch.length === 0) return;
    let outcomes: BatchOutcome[];
    try {
      const decided = decideBatch(this.loadedState, batch);
      const stored =
        decided.events.length > 0
          ? this.deps.log.append(decided.events.map(({ at, type, data }) => ({ at, type, data })))
          : [];
      if (stored.length > 0) this.commit(decided.state, stored);
      outcomes = decided.outcomes;
    } catch (error) {
      outcomes = batch.map(() => ({ ok: false, error }));
    }
    for (const [index, item] of batch.entries()) item.settle(outcomes[index] as BatchOutcome);
  }

  /**
   * The new state goes out first (players' views, then the rest of the events' effects), then a
   * snapshot if one is due: writing it does not hold up the players. The log holds the events
   * already, so the snapshot's place does not change what a restart rebuilds.
   */
  private commit(state: QuizState, stored: StoredEvent[]) {
    this.#state = state;
    this.#seq = stored[stored.length - 1]?.seq ?? this.#seq;
    this.afterChange(stored);
    if (this.#seq - this.#stored.seq >= SNAPSHOT_EVERY) this.snapshot();
  }

  /** Writes the rows that changed since the previous snapshot: its cost follows the changes, not the quiz. */
  private snapshot() {
    const state = this.loadedState;
    const started = this.deps.clock.now();
    const changes = snapshotChanges(QUIZ_COLLECTIONS, this.#stored.state, state);
    this.deps.rows.write(this.#seq, changes, this.deps.clock.now() - started);
    this.#stored = { state, seq: this.#seq };
  }

  private afterChange(stored: StoredEvent[]) {
    // Relays first: their players wait behind one more hop than the room's own.
    this.#relays.broadcast(stored);
    this.#pendingForWatchers.push(...stored);
    this.scheduleWatcherFlush();
    const types = new Set(stored.map((event) => event.type));
    const state = this.state;
    const effects = roomEffects(types, state);
    if (types.has("quiz_reset")) {
      this.#connectedPlayers = undefined;
      this.#joinOrder = undefined;
    }
    this.#players.afterEvents(types, effects);
    const alarm = alarmAfter(types, state);
    if (alarm === "delete") this.deps.timers.deleteAlarm();
    else if (alarm) this.deps.timers.setAlarm(alarm.set);
    if (effects.status) this.deps.projections.status(effects.status);
    if (effects.leaderboard) this.deps.projections.leaderboard(leaderboard(state));
    const rows = answerRows(state, effects.answersOf);
    if (rows.length > 0) this.deps.projections.answers(rows);
  }

  viewOf(playerId: string): PlayerView {
    return this.#players.viewOf(playerId);
  }

  /**
   * Kept in memory: walking the connections reads every socket's state, which at thousands of
   * players took a seventh of the room's time. Counted again after a wake, a close or an error.
   */
  private connectedPlayers(): number {
    this.#connectedPlayers ??= this.deps.peers.countOpenPlayers();
    return this.#connectedPlayers + this.#relays.connectedPlayers();
  }

  /**
   * Counters and the events since the last flush go to the moderator and big screen together,
   * each role's message made once by the fan-out policy, whatever the number of connections.
   */
  private scheduleWatcherFlush() {
    if (this.#cancelFlush !== undefined) return;
    this.#cancelFlush = this.deps.timers.after(WATCHER_FLUSH_MS, () => {
      // The state first: reading it decides a pending batch, whose events then belong to this flush
      // (the timer is still set, so they schedule no other).
      const state = this.state;
      this.#cancelFlush = undefined;
      const events = this.#pendingForWatchers.splice(0);
      const counters = questionCounters(state);
      const connected = this.connectedPlayers();
      const countersMessage = JSON.stringify({
        type: "counters",
        connected,
        answered: counters.answered,
        selecting: counters.selecting,
        players: Object.keys(state.players).length,
      } satisfies QuizServerMessage);
      const after = (events[0]?.seq ?? 1) - 1;
      for (const role of WATCHER_ROLES) {
        // A role nobody watches costs nothing: the big screen's update after a question is its whole
        // state (every player), made while the players' frames are still going out.
        const peers = [...this.deps.peers.watchers(role)];
        if (peers.length === 0) continue;
        const update = watcherUpdate(role, { after, events, state, connected, now: this.deps.clock.now() });
        const updateMessage = update ? JSON.stringify(update) : null;
        for (const peer of peers) {
          if (updateMessage) peer.send(updateMessage);
          peer.send(countersMessage);
        }
      }
    });
  }
}

/** The moderator command a body `{ "action": "next_question" }` names, or null when it names none. */
export function commandOverHttp(text: string): ModeratorCommandMessage | null {
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // An unparsable body names no command.
  }
  const action = typeof body === "object" && body !== null && "action" in body ? body.action : undefined;
  const parsed = v.safeParse(QuizClientMessage, { type: "command", command: { type: action } });
  return parsed.success && parsed.output.type === "command" ? parsed.output.command : null;
}

function attempt<T>(work: () => T): RoomResult<T> {
  try {
    return { ok: true, value: work() };
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, code: error.code };
    throw error;
  }
}
