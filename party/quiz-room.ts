import { type Connection, type ConnectionContext, Server } from "partyserver";
import * as v from "valibot";
import { DomainError, ErrorCode } from "../core/errors";
import {
  type ModeratorCommandMessage,
  type PlayerView,
  QUIZ_PLAYER_HEADER,
  QUIZ_ROLE_HEADER,
  QuizClientMessage,
  type QuizServerMessage,
} from "../core/protocol/quiz";
import { answerRows } from "../core/quiz/answer-projection";
import type { QuizActor, QuizCommand } from "../core/quiz/commands";
import { decide } from "../core/quiz/decide";
import { type BatchedCommand, type BatchOutcome, decideBatch } from "../core/quiz/decide-batch";
import { evolveAll } from "../core/quiz/evolve";
import { questionResultShown, type WatcherRole, watcherSnapshot, watcherUpdate } from "../core/quiz/fan-out";
import {
  admitPlayerFrame,
  type FrameBucket,
  type PlayerAllowance,
  takeFrame,
  WATCHER_FRAME_RATE,
} from "../core/quiz/frame-limit";
import { currentQuestion, initialQuizState, type QuizState } from "../core/quiz/model";
import { playerView, revealedState } from "../core/quiz/player-view";
import { type LeaderboardEntry, leaderboard, questionCounters, questionResult } from "../core/quiz/selectors";
import { openDatabase } from "../worker/db/client";
import { findQuizPresentation, loadQuizQuestions, saveLeaderboard, setQuizStatus } from "../worker/db/queries/quiz";
import { saveLiveAnswers } from "../worker/db/queries/quiz-results";
import type { Env } from "../worker/env";
import { errorStatus } from "../worker/errors";
import { EventLog, type StoredEvent } from "./lib/event-log";

/** The outcome of a room call made over RPC. */
export type RoomResult<T> = { ok: true; value: T } | { ok: false; code: ErrorCode };

/** Who a connection is, set by the Worker after it checked the token (worker/rooms). */
export interface QuizConnectionState {
  role: "moderator" | "screen" | "player";
  playerId?: string;
}

/** A moderator's command over HTTP is a few bytes: anything much larger is not one. */
const MAX_COMMAND_BYTES = 1_024;

/** Moderator and big screen receive at most this many updates a second. */
const WATCHER_FLUSH_MS = 100;
const SNAPSHOT_EVERY = 500;
/**
 * Answers, selection counters and joins received within this window are decided, logged and
 * folded together: one SQLite transaction and one copy of the answer map per batch instead of
 * per answer, which made a question cost O(N²). Each keeps the time the room received it.
 */
const BATCH_MS = 10;

/** A command waiting for the next batch, and what to do with its outcome. */
interface PendingCommand extends BatchedCommand {
  settle: (outcome: BatchOutcome) => void;
}

/** Events that change what players see; answers and counters do not. */
const QUESTION_LEVEL = new Set([
  "quiz_started",
  "question_shown",
  "timer_started",
  "timer_stopped",
  "timer_ended",
  "result_shown",
  "result_hidden",
  "podium_shown",
  "podium_left",
  "final_shown",
]);

const send = (connection: Connection, message: QuizServerMessage) => connection.send(JSON.stringify(message));

const WATCHER_ROLES: readonly WatcherRole[] = ["moderator", "screen"];

/**
 * The single authority of a presentation's live quiz. It authenticates nothing itself (the Worker
 * does, before forwarding), parses each message, asks `decide`, appends the events to its log,
 * folds them with `evolve`, and sends each role what it may know (core/quiz/fan-out.ts): the
 * moderator every event, the big screen an answer-free projection, both batched; players their
 * own view on question-level changes; an answer's acknowledgement to its sender.
 */
export class QuizRoom extends Server<Env> {
  static override options = { hibernate: true };
  #log: EventLog | undefined;
  #state: QuizState | undefined;
  #seq = 0;
  #pendingForWatchers: StoredEvent[] = [];
  #flushTimer: ReturnType<typeof setTimeout> | undefined;
  #pending: PendingCommand[] = [];
  #batchTimer: ReturnType<typeof setTimeout> | undefined;
  /** Open player sockets; unknown after a wake from hibernation until counted again. */
  #connectedPlayers: number | undefined;
  #ranking: { key: unknown[]; byPlayer: Map<string, LeaderboardEntry> } | undefined;
  /** Frames each player may still send (by player, so more sockets do not give more). */
  #playerAllowances = new Map<string, PlayerAllowance>();
  /** Syncs each watcher connection may still ask for. */
  #watcherBuckets = new Map<string, FrameBucket>();

  private get log(): EventLog {
    this.#log ??= new EventLog(this.ctx.storage, SNAPSHOT_EVERY);
    return this.#log;
  }

  /** The state with every command received so far: a read first decides the pending batch. */
  private get state(): QuizState {
    if (this.#pending.length > 0) this.flushBatch();
    return this.loadedState;
  }

  /** The state, rebuilt from the snapshot and the tail of the log after a restart or hibernation. */
  private get loadedState(): QuizState {
    if (!this.#state) {
      const { seq, state } = this.log.rebuildAll(initialQuizState, evolveAll);
      this.#state = state;
      this.#seq = seq;
    }
    return this.#state;
  }

  private get presentationId(): number {
    return Number(this.name);
  }

  override getConnectionTags(_connection: Connection, context: ConnectionContext): string[] {
    const role = context.request.headers.get(QUIZ_ROLE_HEADER) ?? "screen";
    const playerId = context.request.headers.get(QUIZ_PLAYER_HEADER);
    return playerId ? [role, `player:${playerId}`] : [role];
  }

  override onConnect(connection: Connection<QuizConnectionState>, context: ConnectionContext) {
    const role = context.request.headers.get(QUIZ_ROLE_HEADER);
    const playerId = context.request.headers.get(QUIZ_PLAYER_HEADER) ?? undefined;
    if (role !== "moderator" && role !== "screen" && role !== "player") {
      connection.close(1000, "unauthorized");
      return;
    }
    connection.setState(playerId ? { role, playerId } : { role });
    if (role === "player" && this.#connectedPlayers !== undefined) this.#connectedPlayers += 1;
    if (role === "player" && playerId) send(connection, { type: "player_view", view: this.viewOf(playerId) });
    else if (role !== "player") this.sendSnapshot(connection, role);
    this.scheduleWatcherFlush();
  }

  /** The whole state as the watcher's role may know it; counters follow with the next flush. */
  private sendSnapshot(connection: Connection, role: WatcherRole) {
    const state = this.state;
    send(
      connection,
      watcherSnapshot(role, { state, seq: this.#seqNow(), connected: this.connectedPlayers(), now: Date.now() }),
    );
  }

  override onClose(connection: Connection) {
    // Counted again on demand: a closing socket is no longer open, whatever its role.
    this.#connectedPlayers = undefined;
    this.#watcherBuckets.delete(connection.id);
    this.scheduleWatcherFlush();
  }

  override onError() {
    this.#connectedPlayers = undefined;
  }

  override onMessage(connection: Connection<QuizConnectionState>, raw: string | ArrayBuffer | ArrayBufferView) {
    const identity = connection.state;
    let parsed: QuizClientMessage;
    try {
      const result = v.safeParse(
        QuizClientMessage,
        JSON.parse(typeof raw === "string" ? raw : new TextDecoder().decode(raw)),
      );
      if (!result.success) throw new DomainError(ErrorCode.ValidationFailed);
      parsed = result.output;
    } catch (error) {
      // A stream of malformed frames is answered at the same rate as syncs, then dropped.
      if (!this.admit(identity, connection.id, { type: "sync" })) return;
      send(connection, { type: "error", code: error instanceof DomainError ? error.code : ErrorCode.InvalidJson });
      return;
    }
    const requestId = parsed.type === "answer" ? parsed.requestId : undefined;
    try {
      if (!this.admit(identity, connection.id, parsed)) {
        // Dropped unanswered, except a player's answer, whose sender waits for a reply.
        if (parsed.type === "answer" && identity?.role === "player") throw new DomainError(ErrorCode.RateLimited);
        return;
      }
      if (parsed.type === "sync") {
        if (identity?.role === "player" && identity.playerId) {
          send(connection, { type: "player_view", view: this.viewOf(identity.playerId) });
        } else if (identity?.role === "moderator" || identity?.role === "screen") {
          this.sendSnapshot(connection, identity.role);
          this.scheduleWatcherFlush();
        }
        return;
      }
      if (parsed.type === "command") {
        if (identity?.role !== "moderator") throw new DomainError(ErrorCode.Forbidden);
        void this.moderate(parsed.command).catch((error) => this.sendError(connection, error));
        return;
      }
      if (identity?.role !== "player" || !identity.playerId) throw new DomainError(ErrorCode.Forbidden);
      const actor: QuizActor = { role: "player", playerId: identity.playerId };
      const { questionId } = parsed;
      if (parsed.type === "answer") {
        this.enqueue({ type: "submit_answer", data: { questionId, optionIds: parsed.optionIds } }, actor, (outcome) => {
          if (outcome.ok) send(connection, { type: "answer_ack", requestId, questionId });
          else this.sendError(connection, outcome.error, requestId);
        });
      } else {
        const type = parsed.type === "count_in" ? "answer_count_in" : "answer_count_out";
        this.enqueue({ type, data: { questionId } }, actor, (outcome) => {
          if (!outcome.ok) this.sendError(connection, outcome.error);
        });
      }
    } catch (error) {
      this.sendError(connection, error, requestId);
    }
  }

  /**
   * Whether a frame is within its sender's limits (core/quiz/frame-limit.ts): a player's frames,
   * the big screen's frames and the moderator's syncs; the moderator's commands are not limited.
   */
  private admit(
    identity: QuizConnectionState | null | undefined,
    connectionId: string,
    frame: QuizClientMessage,
  ): boolean {
    const now = Date.now();
    if (identity?.role === "player" && identity.playerId && frame.type !== "command") {
      // Not `this.state`: reading it would decide the pending batch at every frame. Pending player
      // commands never change the question on screen.
      const question = currentQuestion(this.loadedState);
      const limited = admitPlayerFrame(
        this.#playerAllowances.get(identity.playerId),
        frame.type === "count_in" || frame.type === "count_out" ? frame : { type: frame.type },
        now,
        question?.id ?? null,
      );
      this.#playerAllowances.set(identity.playerId, limited.allowance);
      return limited.admitted;
    }
    // The big screen may only sync: anything else it sends is refused, and counted the same way.
    if (frame.type === "sync" || identity?.role !== "moderator") {
      const limited = takeFrame(this.#watcherBuckets.get(connectionId), now, WATCHER_FRAME_RATE);
      this.#watcherBuckets.set(connectionId, limited.bucket);
      return limited.admitted;
    }
    return true;
  }

  private sendError(connection: Connection, error: unknown, requestId?: string) {
    if (!(error instanceof DomainError))
      console.error("quiz room failure", error instanceof Error ? error.stack : error);
    send(connection, {
      type: "error",
      code: error instanceof DomainError ? error.code : ErrorCode.Internal,
      requestId,
    });
  }

  /** A moderator's command; starting the quiz first loads its questions from the database. */
  async moderate(command: ModeratorCommandMessage): Promise<StoredEvent[]> {
    if (command.type !== "start_quiz") return this.apply(command, { role: "moderator" });
    const db = openDatabase(this.env.DB);
    const presentation = await findQuizPresentation(db, this.presentationId);
    if (!presentation) throw new DomainError(ErrorCode.PresentationNotFound);
    const questions = await loadQuizQuestions(db, this.presentationId, presentation.timer);
    return this.apply({ type: "start_quiz", data: { questions } }, { role: "moderator" });
  }

  /**
   * Adds a player who logged in with the join code (or finds them again). RPC methods answer a
   * refusal as a value: an error thrown across RPC loses its type.
   */
  async addPlayer(playerId: string, name: string): Promise<RoomResult<null>> {
    const outcome = await new Promise<BatchOutcome>((settle) =>
      this.enqueue({ type: "add_player", data: { playerId, name } }, { role: "system" }, settle),
    );
    return this.attempt(() => {
      if (!outcome.ok) throw outcome.error;
      return null;
    });
  }

  /** The HTTP fallback of an answer, with the socket's rules. */
  async submitAnswer(playerId: string, questionId: number, optionIds: number[]): Promise<RoomResult<PlayerView>> {
    return this.attempt(() => {
      this.apply({ type: "submit_answer", data: { questionId, optionIds } }, { role: "player", playerId });
      return this.viewOf(playerId);
    });
  }

  private attempt<T>(work: () => T): RoomResult<T> {
    try {
      return { ok: true, value: work() };
    } catch (error) {
      if (error instanceof DomainError) return { ok: false, code: error.code };
      throw error;
    }
  }

  async viewFor(playerId: string): Promise<PlayerView> {
    return this.viewOf(playerId);
  }

  async phase(): Promise<QuizState["phase"]> {
    return this.state.phase;
  }

  /** The answers to one question, best first (the spec's per-question result), once they are shown. */
  async questionResult(questionId: number): Promise<RoomResult<{ name: string; points: number }[]>> {
    return this.attempt(() => {
      if (!questionResultShown(this.state, questionId)) throw new DomainError(ErrorCode.ResultsNotOpen);
      return questionResult(this.state, questionId);
    });
  }

  /** The whole log as JSON Lines, for ops export and replay. */
  async exportLog(): Promise<string> {
    return this.log
      .readAfter(0)
      .map((event) => `${JSON.stringify(event)}\n`)
      .join("");
  }

  override async onAlarm() {
    const state = this.state;
    if (state.phase === "answering") {
      this.apply({ type: "timer_end", data: { questionIndex: state.questionIndex } }, { role: "system" });
    }
  }

  /** The sequence number of the last event folded into the state. */
  #seqNow(): number {
    return this.state === undefined ? 0 : this.#seq;
  }

  /** decide → append → evolve → send, at once: moderator commands, alarms, HTTP answers. */
  private apply(command: QuizCommand, actor: QuizActor): StoredEvent[] {
    // Commands received earlier come first, so an answer sent before the timer ended counts.
    const events = decide(command, this.state, { now: Date.now(), actor });
    if (events.length === 0) return [];
    const stored = this.log.append(events.map(({ at, type, data }) => ({ at, type, data })));
    this.commit(evolveAll(this.loadedState, stored), stored);
    return stored;
  }

  /** Queues a command for the next batch; `now` is taken here, when the room receives it. */
  private enqueue(command: QuizCommand, actor: QuizActor, settle: (outcome: BatchOutcome) => void) {
    this.#pending.push({ command, context: { now: Date.now(), actor }, settle });
    this.#batchTimer ??= setTimeout(() => this.flushBatch(), BATCH_MS);
  }

  /**
   * The same path for a batch: each command decided in order against the state left by those
   * before it (a second answer in the same batch is refused), every event appended in one
   * transaction, folded with one copy, then each sender answered. Nothing is acknowledged
   * before it is in the log, so a restart mid-batch only drops unacknowledged commands.
   */
  private flushBatch() {
    if (this.#batchTimer !== undefined) clearTimeout(this.#batchTimer);
    this.#batchTimer = undefined;
    const batch = this.#pending.splice(0);
    if (batch.length === 0) return;
    let outcomes: BatchOutcome[];
    try {
      const decided = decideBatch(this.loadedState, batch);
      const stored =
        decided.events.length > 0
          ? this.log.append(decided.events.map(({ at, type, data }) => ({ at, type, data })))
          : [];
      if (stored.length > 0) this.commit(decided.state, stored);
      outcomes = decided.outcomes;
    } catch (error) {
      outcomes = batch.map(() => ({ ok: false, error }));
    }
    for (const [index, item] of batch.entries()) item.settle(outcomes[index] as BatchOutcome);
  }

  private commit(state: QuizState, stored: StoredEvent[]) {
    this.#state = state;
    this.#seq = stored[stored.length - 1]?.seq ?? this.#seq;
    this.log.snapshotIfDue(this.#seq, state);
    this.afterChange(stored);
  }

  private afterChange(stored: StoredEvent[]) {
    this.#pendingForWatchers.push(...stored);
    this.scheduleWatcherFlush();
    const types = new Set(stored.map((event) => event.type));
    if ([...types].some((type) => QUESTION_LEVEL.has(type))) this.sendPlayerViews();
    if (types.has("timer_started")) {
      const question = this.state.questions[this.state.questionIndex];
      const remaining = question ? question.limitMs - this.state.timerSpentMs : 0;
      void this.ctx.storage.setAlarm(Date.now() + Math.max(0, remaining));
    } else if (types.has("timer_stopped") || types.has("timer_ended")) {
      void this.ctx.storage.deleteAlarm();
    }
    if (types.has("quiz_started"))
      this.project(() => setQuizStatus(openDatabase(this.env.DB), this.presentationId, "running"));
    if (types.has("result_shown") || types.has("podium_shown") || types.has("final_shown")) {
      this.projectLeaderboard();
      this.projectAnswers(types.has("final_shown"));
    }
    if (types.has("final_shown"))
      this.project(() => setQuizStatus(openDatabase(this.env.DB), this.presentationId, "finished"));
  }

  /** Writes projections other pages query, without holding up the room. */
  private project(write: () => Promise<unknown>) {
    this.ctx.waitUntil(write().catch((error) => console.error("quiz projection failed", error)));
  }

  private projectLeaderboard() {
    const entries = leaderboard(this.state);
    this.project(() => saveLeaderboard(openDatabase(this.env.DB), this.presentationId, entries));
  }

  /**
   * Per-question answers for the results page and export: the shown question's, or every
   * question's at the final. Writing again is harmless (stored answers are kept as they are).
   */
  private projectAnswers(everyQuestion: boolean) {
    const questions = everyQuestion ? this.state.questions : [currentQuestion(this.state)];
    const rows = answerRows(
      this.state,
      questions.flatMap((question) => (question ? [question.id] : [])),
    );
    if (rows.length > 0) this.project(() => saveLiveAnswers(openDatabase(this.env.DB), this.presentationId, rows));
  }

  /**
   * The players' ranking, computed again only when what it is made of changed (players, or the
   * answers players may see): not for every connecting player, nor for every batch of answers
   * to a question whose results are hidden.
   */
  private ranking(): Map<string, LeaderboardEntry> {
    const revealed = revealedState(this.state);
    const key = [revealed.players, ...Object.entries(revealed.answers).flat()];
    const cached = this.#ranking;
    if (cached && cached.key.length === key.length && cached.key.every((part, index) => part === key[index])) {
      return cached.byPlayer;
    }
    const byPlayer = new Map(leaderboard(revealed).map((entry) => [entry.playerId, entry]));
    this.#ranking = { key, byPlayer };
    return byPlayer;
  }

  private viewOf(playerId: string, ranking = this.ranking()): PlayerView {
    return playerView(this.state, playerId, Date.now(), ranking);
  }

  /** One message per player, each with only their own answer: N messages, never N². */
  private sendPlayerViews() {
    const ranking = this.ranking();
    for (const connection of this.getConnections<QuizConnectionState>("player")) {
      const playerId = connection.state?.playerId;
      if (playerId) send(connection, { type: "player_view", view: this.viewOf(playerId, ranking) });
    }
  }

  /**
   * Kept in memory: walking partyserver's connections deserializes every socket's attachment,
   * which at thousands of players took a seventh of the room's time. Counted again (by tag, open
   * sockets only, no attachment read) after a wake, a close or an error.
   */
  private connectedPlayers(): number {
    this.#connectedPlayers ??= this.ctx
      .getWebSockets("player")
      .filter((socket) => socket.readyState === WebSocket.READY_STATE_OPEN).length;
    return this.#connectedPlayers;
  }

  /**
   * Counters and the events since the last flush go to the moderator and big screen together,
   * each role's message made once by the fan-out policy, whatever the number of connections.
   */
  private scheduleWatcherFlush() {
    if (this.#flushTimer !== undefined) return;
    this.#flushTimer = setTimeout(() => {
      // The state first: reading it decides a pending batch, whose events then belong to this flush
      // (the timer is still set, so they schedule no other).
      const state = this.state;
      this.#flushTimer = undefined;
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
        const update = watcherUpdate(role, { after, events, state, connected, now: Date.now() });
        const updateMessage = update ? JSON.stringify(update) : null;
        for (const connection of this.getConnections(role)) {
          if (updateMessage) connection.send(updateMessage);
          connection.send(countersMessage);
        }
      }
    }, WATCHER_FLUSH_MS);
  }

  /** Commands over HTTP (`POST /parties/quiz-room/{id}`), for tools and tests; the Worker checked the moderator. */
  override async onRequest(request: Request): Promise<Response> {
    if (request.method !== "POST" || request.headers.get(QUIZ_ROLE_HEADER) !== "moderator") {
      // A body left unread breaks the next request on the same connection.
      await request.body?.cancel();
      return Response.json({ error: { code: ErrorCode.Forbidden } }, { status: 403 });
    }
    const text = await readLimited(request, MAX_COMMAND_BYTES);
    if (text === null) return Response.json({ error: { code: ErrorCode.PayloadTooLarge } }, { status: 413 });
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // An unparsable body is an unknown command, answered below.
    }
    const body = v.safeParse(v.object({ action: v.string(), question_index: v.optional(v.number()) }), json);
    const command = body.success
      ? v.safeParse(QuizClientMessage, { type: "command", command: { type: body.output.action } })
      : undefined;
    if (!command?.success || command.output.type !== "command") {
      return Response.json({ error: { code: ErrorCode.UnknownCommand } }, { status: 400 });
    }
    try {
      const events = await this.moderate(command.output.command);
      return Response.json({ data: { events, phase: this.state.phase, questionIndex: this.state.questionIndex } });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return Response.json({ error: { code: error.code } }, { status: errorStatus(error.code) });
    }
  }
}

/** The body as text, or null (and the rest of it cancelled) once it is longer than `limit` bytes. */
async function readLimited(request: Request, limit: number): Promise<string | null> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
