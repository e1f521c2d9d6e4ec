/**
 * The player-facing part of a quiz room, shared by the authority (party/quiz-session.ts) and the
 * relays (party/quiz-relay-session.ts): a player's socket connecting (their view, or a close for
 * a token of an earlier run), their frames (rate limits, syncs, answers and counters handed to
 * whoever decides them), and every player's view after a question-level change, with the
 * ranking cached and computed ahead. Both rooms send players exactly the same messages; only
 * where a player's command is decided differs. Runtime-free, tested in Node.
 */
import { DomainError, ErrorCode } from "@core/errors";
import { type PlayerView, QUIZ_PROTOCOL_VERSION, QuizClientMessage, type QuizServerMessage } from "@core/protocol/quiz";
import type { PlayerCommand } from "@core/quiz/commands";
import { admitPlayerFrame, type PlayerAllowance } from "@core/quiz/frame-limit";
import { currentQuestion, type QuizState } from "@core/quiz/model";
import { playerView, playerViewTexts, revealedState } from "@core/quiz/player-view";
import type { RoomEffects } from "@core/quiz/room-effects";
import { type LeaderboardEntry, leaderboard } from "@core/quiz/selectors";
import * as v from "valibot";

/** Who a connection is, set by the Worker after it checked the token (worker/rooms). */
export interface QuizConnectionState {
  /** `relay`: a relay room's link to the authority (party/quiz-relays.ts), never a client. */
  role: "moderator" | "screen" | "player" | "relay";
  playerId?: string;
  /** A player's run, from their token: only the current run's players are let in. */
  run?: number;
}

/** One open connection. */
export interface QuizPeer {
  readonly id: string;
  readonly identity: QuizConnectionState | null | undefined;
  send(text: string): void;
  /** Closes the socket (code 1000) with `reason`. */
  close(reason: string): void;
}

/** What became of a player's command: accepted, or the refusal told to the player. */
export type PlayerOutcome = { ok: true } | { ok: false; error: unknown };

export interface PlayerChannelDeps {
  clock: { now(): number };
  timers: { after(ms: number, work: () => void): () => void };
  players(): Iterable<QuizPeer>;
  /** The state with every command received so far decided. */
  state(): QuizState;
  /** The state as it stands, without deciding what waits (read at every frame). */
  currentState(): QuizState;
  /** Hands a player's command to whoever decides it; `settle` is called with the outcome. */
  submit(command: PlayerCommand, playerId: string, settle: (outcome: PlayerOutcome) => void): void;
}

/**
 * After answers stop coming for this long, the ranking the next reveal needs (the current
 * question's answers counted) is computed ahead, so the moderator's next command does not wait
 * for it before every player's view goes out: at 5,000 players it is most of the room's work.
 */
const RANKING_AHEAD_MS = 150;
/** Why a room closes a player's socket of an earlier run (the web then finds its token refused). */
const PREVIOUS_RUN_REASON = "unauthorized";

export const sendMessage = (peer: QuizPeer, message: QuizServerMessage) => peer.send(JSON.stringify(message));

/** A frame parsed, or the error code its sender is told. */
export function parseClientFrame(
  raw: string,
): { ok: true; message: QuizClientMessage } | { ok: false; code: ErrorCode } {
  try {
    const result = v.safeParse(QuizClientMessage, JSON.parse(raw));
    return result.success ? { ok: true, message: result.output } : { ok: false, code: ErrorCode.ValidationFailed };
  } catch {
    return { ok: false, code: ErrorCode.InvalidJson };
  }
}

/** The `error` message of a refusal; anything but a refusal is logged and told as `internal`. */
export function sendError(peer: QuizPeer, error: unknown, requestId?: string) {
  if (!(error instanceof DomainError)) console.error("quiz room failure", error instanceof Error ? error.stack : error);
  sendMessage(peer, { type: "error", code: error instanceof DomainError ? error.code : ErrorCode.Internal, requestId });
}

export class PlayerChannel {
  #ranking: RankingCache | undefined;
  /** Computed ahead for the state with the current question's answers revealed. */
  #rankingAhead: RankingCache | undefined;
  #cancelRankingAhead: (() => void) | undefined;
  /** Frames each player may still send (by player, so more sockets do not give more). */
  #allowances = new Map<string, PlayerAllowance>();

  constructor(private readonly deps: PlayerChannelDeps) {}

  isCurrentRun(run: number | undefined): boolean {
    return (run ?? 1) === (this.deps.state().run ?? 1);
  }

  /**
   * A player's socket let in: their view, whose first message says the protocol (so a page older
   * than a deploy knows); a token of an earlier run is closed as an invalid token would be.
   * Answers whether the socket stays.
   */
  connect(peer: QuizPeer): boolean {
    const identity = peer.identity;
    if (!this.isCurrentRun(identity?.run)) {
      peer.close(PREVIOUS_RUN_REASON);
      return false;
    }
    if (identity?.playerId) {
      sendMessage(peer, { type: "player_view", view: this.viewOf(identity.playerId), protocol: QUIZ_PROTOCOL_VERSION });
    }
    return true;
  }

  /** A player's frame: within its limits, a sync is answered, an answer or counter is submitted. */
  receive(peer: QuizPeer, raw: string) {
    const playerId = peer.identity?.playerId;
    const parsed = parseClientFrame(raw);
    if (!parsed.ok) {
      // A stream of malformed frames is answered at the same rate as syncs, then dropped.
      if (playerId && this.admit(playerId, { type: "sync" })) sendMessage(peer, { type: "error", code: parsed.code });
      return;
    }
    const frame = parsed.message;
    const requestId = frame.type === "answer" ? frame.requestId : undefined;
    if (!playerId) return;
    if (!this.admit(playerId, frame)) {
      // Dropped unanswered, except an answer, whose sender waits for a reply.
      if (frame.type === "answer") sendError(peer, new DomainError(ErrorCode.RateLimited), requestId);
      return;
    }
    if (frame.type === "command") {
      sendError(peer, new DomainError(ErrorCode.Forbidden));
      return;
    }
    if (frame.type === "sync") {
      sendMessage(peer, { type: "player_view", view: this.viewOf(playerId) });
      return;
    }
    const { questionId } = frame;
    if (frame.type === "answer") {
      this.deps.submit(
        { type: "submit_answer", data: { questionId, optionIds: frame.optionIds } },
        playerId,
        (outcome) => {
          if (outcome.ok) sendMessage(peer, { type: "answer_ack", requestId, questionId });
          else sendError(peer, outcome.error, requestId);
        },
      );
      return;
    }
    const type = frame.type === "count_in" ? "answer_count_in" : "answer_count_out";
    this.deps.submit({ type, data: { questionId } }, playerId, (outcome) => {
      if (!outcome.ok) sendError(peer, outcome.error);
    });
  }

  /** Whether a player's frame is within their limits (core/quiz/frame-limit.ts). */
  private admit(playerId: string, frame: QuizClientMessage | { type: "sync" }): boolean {
    // Not the decided state: deciding what waits at every frame would undo the batching. Pending
    // player commands never change the question on screen.
    const question = currentQuestion(this.deps.currentState());
    const limited = admitPlayerFrame(
      this.#allowances.get(playerId),
      frame.type === "count_in" || frame.type === "count_out"
        ? frame
        : { type: frame.type === "answer" ? "answer" : "sync" },
      this.deps.clock.now(),
      question?.id ?? null,
    );
    this.#allowances.set(playerId, limited.allowance);
    return limited.admitted;
  }

  /** What players are sent after events: earlier runs closed, views renewed, the ranking prepared. */
  afterEvents(types: ReadonlySet<string>, effects: Pick<RoomEffects, "playerViews">) {
    // A rerun starts with no players: the earlier run's sockets are closed, not sent its views.
    if (types.has("quiz_reset")) this.closeEarlierRuns();
    if (effects.playerViews) this.sendViews();
    if (types.has("answer_submitted") || types.has("player_joined")) this.rankAheadWhenQuiet();
  }

  closeEarlierRuns() {
    for (const peer of [...this.deps.players()]) {
      if (!this.isCurrentRun(peer.identity?.run)) peer.close(PREVIOUS_RUN_REASON);
    }
  }

  /** One message per player, each with only their own answer: N messages, never N². */
  sendViews(options: { protocol?: boolean } = {}) {
    // A room whose players are all on relays has no view to make (nor a ranking to compute).
    if (isEmpty(this.deps.players())) return;
    const state = this.deps.state();
    const textOf = playerViewTexts(state, this.deps.clock.now(), this.ranking());
    const protocol = options.protocol ? `,"protocol":${QUIZ_PROTOCOL_VERSION}}` : null;
    for (const peer of this.deps.players()) {
      const playerId = peer.identity?.playerId;
      if (!playerId) continue;
      const text = textOf(playerId);
      // The first message of a socket says the protocol: a relay that just caught up sends it to all.
      peer.send(protocol ? `${text.slice(0, -1)}${protocol}` : text);
    }
  }

  viewOf(playerId: string): PlayerView {
    return playerView(this.deps.state(), playerId, this.deps.clock.now(), this.ranking());
  }

  /** Once answers (or joins) stop coming, the ranking with them counted is ready for the next reveal. */
  private rankAheadWhenQuiet() {
    this.#cancelRankingAhead?.();
    if (isEmpty(this.deps.players())) return;
    this.#cancelRankingAhead = this.deps.timers.after(RANKING_AHEAD_MS, () => {
      this.#cancelRankingAhead = undefined;
      const state = this.deps.state();
      if (!this.#rankingAhead || !sameKey(this.#rankingAhead.key, rankingKey(state))) {
        this.#rankingAhead = rankingOf(state);
      }
    });
  }

  /**
   * The players' ranking, computed again only when what it is made of changed (players, or the
   * answers players may see): not for every connecting player, nor for every batch of answers
   * to a question whose results are hidden.
   */
  private ranking(): Map<string, LeaderboardEntry> {
    const revealed = revealedState(this.deps.state());
    const key = rankingKey(revealed);
    if (this.#ranking && sameKey(this.#ranking.key, key)) return this.#ranking.byPlayer;
    if (this.#rankingAhead && sameKey(this.#rankingAhead.key, key)) this.#ranking = this.#rankingAhead;
    else this.#ranking = rankingOf(revealed);
    return this.#ranking.byPlayer;
  }
}

function isEmpty(peers: Iterable<QuizPeer>): boolean {
  for (const _peer of peers) return false;
  return true;
}

/** A ranking and what it was computed from: the players and each revealed question's answers. */
interface RankingCache {
  key: unknown[];
  byPlayer: Map<string, LeaderboardEntry>;
}

/** The state's collections are replaced, never changed in place (evolve.ts): the same objects, the same ranking. */
const rankingKey = (revealed: QuizState): unknown[] => [revealed.players, ...Object.entries(revealed.answers).flat()];

const sameKey = (a: unknown[], b: unknown[]) => a.length === b.length && a.every((part, index) => part === b[index]);

function rankingOf(revealed: QuizState): RankingCache {
  return {
    key: rankingKey(revealed),
    byPlayer: new Map(leaderboard(revealed).map((entry) => [entry.playerId, entry])),
  };
}
