/**
 * The authority's side of its relay rooms (docs/scale.md, "Quiz: sharding"): each relay's link
 * receives every stored event once (the same text for every relay: O(relays) per command, not
 * O(players)); a relay's batch of players' commands is decided in one go by the session's batch
 * path, in the order of the relays' stamps, and answered with one acknowledgement carrying the
 * outcome of each command. Runtime-free, tested in Node (tests/unit/quiz-relays.test.ts).
 */
import { DomainError, ErrorCode } from "@core/errors";
import {
  type AuthorityMessage,
  type RelayBatch,
  type RelayCommand,
  RelayMessage,
  type RelayOutcome,
} from "@core/protocol/quiz-relay";
import type { StoredEvent } from "@core/protocol/stored-event";
import type { PlayerCommand } from "@core/quiz/commands";
import type { BatchOutcome } from "@core/quiz/decide-batch";
import type { QuizState } from "@core/quiz/model";
import * as v from "valibot";
import type { QuizPeer } from "./quiz-player-channel";

/** Events per message when a relay catches up: a message stays far below the runtime's frame limit. */
export const CATCH_UP_EVENTS = 1_000;

export interface RelayHubDeps {
  clock: { now(): number };
  /** The open relay links. */
  relays(): Iterable<QuizPeer>;
  log: { readAfter(seq: number, limit?: number): StoredEvent[] };
  /** Decides players' commands now, each at its own time, in the given order (the session's batch path). */
  decide(commands: { command: PlayerCommand; playerId: string; now: number }[]): BatchOutcome[];
  /** The state after the batch, to tell a resent answer already recorded from a second answer. */
  state(): QuizState;
  /** A relay's player count changed: the watchers' counters follow. */
  countersChanged(): void;
}

const send = (peer: QuizPeer, message: AuthorityMessage) => peer.send(JSON.stringify(message));

const commandOf = (item: RelayCommand): PlayerCommand =>
  item.type === "submit_answer"
    ? { type: "submit_answer", data: { questionId: item.questionId, optionIds: item.optionIds } }
    : { type: item.type, data: { questionId: item.questionId } };

const sameOptions = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);

export class RelayHub {
  /** Open player sockets of each relay link, as the relay last said. */
  #connected = new Map<string, number>();
  /** Links asked for their count and not answered yet. */
  #asked = new Set<string>();

  constructor(private readonly deps: RelayHubDeps) {}

  /**
   * Players connected through relays. A relay whose count the authority does not know (it woke
   * from hibernation with the links still open) is asked for it: the next counters include it.
   */
  connectedPlayers(): number {
    let total = 0;
    for (const relay of this.deps.relays()) {
      const count = this.#connected.get(relay.id);
      if (count !== undefined) total += count;
      else if (!this.#asked.has(relay.id)) {
        this.#asked.add(relay.id);
        send(relay, { type: "relay_count" });
      }
    }
    return total;
  }

  /** Whether any relay is linked now. */
  linked(): boolean {
    for (const _relay of this.deps.relays()) return true;
    return false;
  }

  /** New events, once per relay: one text made once. */
  broadcast(events: readonly StoredEvent[]) {
    if (events.length === 0) return;
    let text: string | undefined;
    for (const relay of this.deps.relays()) {
      text ??= JSON.stringify({ type: "relay_events", events: [...events] } satisfies AuthorityMessage);
      relay.send(text);
    }
  }

  disconnect(peer: QuizPeer) {
    this.#asked.delete(peer.id);
    if (this.#connected.delete(peer.id)) this.deps.countersChanged();
  }

  receive(peer: QuizPeer, raw: string) {
    let message: RelayMessage;
    try {
      message = v.parse(RelayMessage, JSON.parse(raw));
    } catch {
      // Relays are this code: a frame that is no relay message is a bug, logged, not answered.
      console.error("quiz relay: unreadable frame", raw.slice(0, 200));
      return;
    }
    if (message.type === "relay_hello") this.catchUp(peer, message.after);
    else if (message.type === "relay_connected") {
      this.#connected.set(peer.id, message.count);
      this.#asked.delete(peer.id);
      this.deps.countersChanged();
    } else this.decideBatch(peer, message);
  }

  /**
   * The log after `after`, in messages of {@link CATCH_UP_EVENTS}; read and sent in one go, so no
   * event appended meanwhile falls between the catch-up and the live stream.
   */
  private catchUp(peer: QuizPeer, after: number) {
    let seq = after;
    for (;;) {
      const events = this.deps.log.readAfter(seq, CATCH_UP_EVENTS);
      const last = events[events.length - 1];
      const caughtUp = events.length < CATCH_UP_EVENTS;
      send(peer, { type: "relay_events", events, ...(caughtUp ? { caughtUp } : {}) });
      if (caughtUp || !last) return;
      seq = last.seq;
    }
  }

  /**
   * A relay's batch, decided by the same rules as the room's own: in stamp order, a stamp later
   * than the authority's clock taken as now (an answer cannot have been received in the future).
   * A resent batch's answer already in the log is acknowledged as accepted again: the relay sends
   * again what it never saw acknowledged, and its player is told once.
   */
  private decideBatch(peer: QuizPeer, batch: RelayBatch) {
    const now = this.deps.clock.now();
    const order = batch.commands.map((item, index) => ({ item, index, at: Math.min(item.at, now) }));
    order.sort((a, b) => a.at - b.at || a.index - b.index);
    const decided = this.deps.decide(
      order.map(({ item, at }) => ({ command: commandOf(item), playerId: item.playerId, now: at })),
    );
    const state = batch.resent ? this.deps.state() : undefined;
    const outcomes: RelayOutcome[] = new Array(batch.commands.length);
    for (const [position, { item, index }] of order.entries()) {
      const outcome = decided[position] as BatchOutcome;
      const recorded =
        state && item.type === "submit_answer" ? state.answers[String(item.questionId)]?.[item.playerId] : undefined;
      if (
        outcome.ok ||
        (recorded && item.type === "submit_answer" && sameOptions(recorded.optionIds, item.optionIds))
      ) {
        outcomes[index] = { ok: true };
      } else {
        const error = outcome.error;
        if (!(error instanceof DomainError)) console.error("quiz relay batch failure", error);
        outcomes[index] = { ok: false, code: error instanceof DomainError ? error.code : ErrorCode.Internal };
      }
    }
    send(peer, { type: "relay_ack", batch: batch.batch, outcomes });
  }
}
