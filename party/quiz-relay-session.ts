/**
 * A relay of a live quiz, without a runtime (party/quiz-relay-room.ts wires it to a Durable
 * Object): it holds a share of the quiz's player sockets so the authority room (party/quiz-room.ts)
 * does not (docs/scale.md, "Quiz: sharding").
 *
 * It folds the authority's events with the same `evolve`, so it holds the whole state, and
 * serves its players with the same player channel as the authority (party/quiz-player-channel.ts):
 * the same views, hiding answers the same way. Players' answers and counters are stamped with
 * the time the relay received them and sent to the authority in batches (10 ms or 200 commands);
 * each batch stays in the relay's storage until acknowledged and is sent again after a
 * reconnection, so a relay restarting loses no answer. Tested in Node
 * (tests/unit/quiz-relay-session.test.ts).
 */
import { DomainError, type ErrorCode } from "@core/errors";
import {
  type AuthorityMessage,
  RELAY_BATCH_MAX,
  type RelayBatch,
  type RelayCommand,
  type RelayMessage,
} from "@core/protocol/quiz-relay";
import type { StoredEvent } from "@core/protocol/stored-event";
import type { PlayerCommand } from "@core/quiz/commands";
import { evolveAll } from "@core/quiz/evolve";
import { initialQuizState, type QuizState } from "@core/quiz/model";
import { roomEffects } from "@core/quiz/room-effects";
import { PlayerChannel, type PlayerOutcome, type QuizPeer } from "./quiz-player-channel";

/** Commands received within this window go to the authority together. */
export const RELAY_BATCH_MS = 10;
/** The relay's player count goes to the authority at most this often (the watchers' counters). */
const COUNT_EVERY_MS = 100;

export interface QuizRelayDeps {
  clock: { now(): number };
  timers: { after(ms: number, work: () => void): () => void };
  peers: { players(): Iterable<QuizPeer>; countOpenPlayers(): number };
  /** The link to the authority; `send` is only called while it is open. */
  uplink: { send(text: string): void };
  /** Batches sent and not yet acknowledged, kept in the relay's own storage. */
  outbox: { read(): RelayBatch[]; write(batch: RelayBatch): void; remove(batch: number): void };
}

interface Collected {
  command: RelayCommand;
  settle: (outcome: PlayerOutcome) => void;
}

export class QuizRelaySession {
  #state: QuizState = initialQuizState;
  #seq = 0;
  /** Caught up with the authority's log once since the relay started: players may be served. */
  #ready = false;
  #open = false;
  /** A hello is answered and the catch-up not over: a gap in the stream is the catch-up's to fill. */
  #catchingUp = false;
  #collecting: Collected[] = [];
  #cancelBatch: (() => void) | undefined;
  /** The players waiting for each batch's acknowledgement (lost with a restart: they sync again). */
  #waiting = new Map<number, ((outcome: PlayerOutcome) => void)[]>();
  #lastBatch: number;
  #cancelCount: (() => void) | undefined;
  readonly #players: PlayerChannel;

  constructor(private readonly deps: QuizRelayDeps) {
    this.#lastBatch = Math.max(0, ...deps.outbox.read().map((batch) => batch.batch));
    this.#players = new PlayerChannel({
      clock: deps.clock,
      timers: deps.timers,
      players: () => deps.peers.players(),
      state: () => this.#state,
      currentState: () => this.#state,
      submit: (command, playerId, settle) => this.collect(command, playerId, settle),
    });
  }

  get state(): QuizState {
    return this.#state;
  }

  /** The last event of the authority's log folded here. */
  get seq(): number {
    return this.#seq;
  }

  get ready(): boolean {
    return this.#ready;
  }

  /** A player's socket the Worker let in; served once the relay has caught up with the log. */
  connect(peer: QuizPeer) {
    if (this.#ready) this.#players.connect(peer);
    this.countChanged();
  }

  disconnect(_peer: QuizPeer) {
    this.countChanged();
  }

  receive(peer: QuizPeer, raw: string) {
    this.#players.receive(peer, raw);
  }

  /** The link to the authority opened: the log from where the relay stands, and every unacknowledged batch again. */
  uplinkOpened() {
    this.#open = true;
    this.hello();
    for (const batch of this.deps.outbox.read()) this.toAuthority({ ...batch, resent: true });
    this.toAuthority({ type: "relay_connected", count: this.deps.peers.countOpenPlayers() });
  }

  uplinkClosed() {
    this.#open = false;
    this.#catchingUp = false;
  }

  /** Whether the relay still has work for the authority: players, or answers not acknowledged. */
  get busy(): boolean {
    return this.deps.peers.countOpenPlayers() > 0 || this.deps.outbox.read().length > 0;
  }

  uplinkReceived(raw: string) {
    const message = JSON.parse(raw) as AuthorityMessage;
    if (message.type === "relay_ack") this.acknowledged(message.batch, message.outcomes);
    else if (message.type === "relay_count")
      this.toAuthority({ type: "relay_connected", count: this.deps.peers.countOpenPlayers() });
    else this.fold(message.events, message.caughtUp === true);
  }

  private hello() {
    this.#catchingUp = true;
    this.toAuthority({ type: "relay_hello", after: this.#seq });
  }

  /**
   * Events in log order: those already folded are skipped; a gap (events appended while the link
   * was down) asks for the log again. Players are told what the events change for them, once
   * the relay is ready; the first catch-up sends every open socket its view.
   */
  private fold(events: StoredEvent[], caughtUp: boolean) {
    const fresh = events.filter((event) => event.seq > this.#seq);
    const first = fresh[0];
    if (first && first.seq !== this.#seq + 1) {
      if (!this.#catchingUp) this.hello();
      return;
    }
    if (fresh.length > 0) {
      this.#state = evolveAll(this.#state, fresh);
      this.#seq = (fresh[fresh.length - 1] as StoredEvent).seq;
      if (this.#ready) {
        const types = new Set(fresh.map((event) => event.type));
        this.#players.afterEvents(types, roomEffects(types, this.#state));
      }
    }
    if (!caughtUp) return;
    this.#catchingUp = false;
    if (this.#ready) return;
    this.#ready = true;
    // Sockets that connected before (or stayed open through a restart) get their view now.
    this.#players.closeEarlierRuns();
    this.#players.sendViews({ protocol: true });
  }

  /** A player's command, stamped now, for the next batch. */
  private collect(command: PlayerCommand, playerId: string, settle: (outcome: PlayerOutcome) => void) {
    const at = this.deps.clock.now();
    const { questionId } = command.data;
    this.#collecting.push({
      command:
        command.type === "submit_answer"
          ? { type: command.type, playerId, at, questionId, optionIds: command.data.optionIds }
          : { type: command.type, playerId, at, questionId },
      settle,
    });
    if (this.#collecting.length >= RELAY_BATCH_MAX) this.sendBatch();
    else this.#cancelBatch ??= this.deps.timers.after(RELAY_BATCH_MS, () => this.sendBatch());
  }

  /** Stored first, then sent: what the authority may have decided is never only in memory. */
  private sendBatch() {
    this.#cancelBatch?.();
    this.#cancelBatch = undefined;
    const collected = this.#collecting.splice(0);
    if (collected.length === 0) return;
    this.#lastBatch += 1;
    const batch: RelayBatch = {
      type: "relay_batch",
      batch: this.#lastBatch,
      commands: collected.map((item) => item.command),
    };
    this.deps.outbox.write(batch);
    this.#waiting.set(
      batch.batch,
      collected.map((item) => item.settle),
    );
    // Sent when the link opens again otherwise (uplinkOpened).
    this.toAuthority(batch);
  }

  private acknowledged(batch: number, outcomes: { ok: boolean; code?: string }[]) {
    this.deps.outbox.remove(batch);
    const settles = this.#waiting.get(batch) ?? [];
    this.#waiting.delete(batch);
    for (const [index, settle] of settles.entries()) {
      const outcome = outcomes[index];
      settle(
        outcome?.ok ? { ok: true } : { ok: false, error: new DomainError((outcome?.code ?? "internal") as ErrorCode) },
      );
    }
  }

  /** The player count, told to the authority at most every {@link COUNT_EVERY_MS}. */
  private countChanged() {
    this.#cancelCount ??= this.deps.timers.after(COUNT_EVERY_MS, () => {
      this.#cancelCount = undefined;
      this.toAuthority({ type: "relay_connected", count: this.deps.peers.countOpenPlayers() });
    });
  }

  private toAuthority(message: RelayMessage) {
    if (this.#open) this.deps.uplink.send(JSON.stringify(message));
  }
}
