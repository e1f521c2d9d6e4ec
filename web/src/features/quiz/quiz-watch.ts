import type { ModeratorCommandMessage } from "@core/protocol/quiz";
import { evolveAll } from "@core/quiz/evolve";
import type { QuizState } from "@core/quiz/model";
import { useCallback, useSyncExternalStore } from "react";
import type { QuizServerMessage } from "./quiz-messages";
import { connectQuizRoom, type QuizRoomAccess, type QuizRoomConnection } from "./quiz-room-socket";

export type QuizCommandType = ModeratorCommandMessage["type"];

/** What the moderator's and the big screen's pages know of the room. */
export interface QuizWatchSnapshot {
  status: "connecting" | "open" | "reconnecting";
  /** Null until the room's first snapshot. */
  state: QuizState | null;
  /** Players with an open connection. */
  connected: number;
  /** Answers to the current question (the room's counters: the big screen is not sent the answers). */
  answered: number;
  /** Estimated server clock minus this browser's clock, for the countdown. */
  clockOffsetMs: number;
  /** The room's last refusal; `id` tells two refusals of the same code apart. */
  error: { code: string; id: number } | null;
}

/** A page left for another quiz page keeps the connection (and the state) for this long. */
const LINGER_MS = 5_000;

const INITIAL: QuizWatchSnapshot = {
  status: "connecting",
  state: null,
  connected: 0,
  answered: 0,
  clockOffsetMs: 0,
  error: null,
};

/**
 * One room connection shared by the quiz pages of a presentation, so that moving from the lobby
 * to the questions to the podium shows the state at once instead of reconnecting each time.
 * The state is the room's snapshot folded with every later event by the kernel's `evolve`: all of
 * them for the moderator; for the big screen, the answer-free ones the room sends it
 * (core/quiz/fan-out.ts), with a new snapshot whenever results or a podium are shown.
 */
class QuizWatchChannel {
  snapshot: QuizWatchSnapshot = INITIAL;
  #seq = 0;
  #clockSampled = false;
  #errors = 0;
  #listeners = new Set<() => void>();
  #connection: QuizRoomConnection | null = null;
  #closeTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly presentationId: number,
    private readonly access: QuizRoomAccess,
    private readonly onDispose: () => void,
  ) {}

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    clearTimeout(this.#closeTimer);
    this.#connection ??= connectQuizRoom(this.presentationId, this.access, {
      onMessage: (message) => this.#receive(message),
      onOpen: () => this.#update({ status: "open" }),
      onClose: () => this.#update({ status: "reconnecting" }),
    });
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size > 0) return;
      this.#closeTimer = setTimeout(() => {
        this.#connection?.close();
        this.#connection = null;
        this.onDispose();
      }, LINGER_MS);
    };
  };

  getSnapshot = () => this.snapshot;

  command(type: QuizCommandType): boolean {
    return this.#connection?.send({ type: "command", command: { type } }) ?? false;
  }

  #update(change: Partial<QuizWatchSnapshot>) {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.#listeners) listener();
  }

  #receive(message: QuizServerMessage) {
    switch (message.type) {
      case "snapshot":
        this.#seq = message.seq;
        this.#update({
          state: message.state,
          connected: message.connected,
          clockOffsetMs: this.#sampleClock(message.now),
        });
        break;
      case "events": {
        const before = this.snapshot.state;
        if (!before || message.through <= this.#seq) return;
        if (message.after > this.#seq) {
          // A gap: ask for the whole state again rather than fold a wrong one.
          this.#connection?.send({ type: "sync" });
          return;
        }
        let latest = Number.NEGATIVE_INFINITY;
        const next = message.events.filter((event) => event.seq > this.#seq);
        for (const event of next) latest = Math.max(latest, event.at);
        this.#seq = message.through;
        // One fold per message: thousands of answers copy the answer map once, not once each.
        this.#update({ state: evolveAll(before, next), clockOffsetMs: this.#sampleClock(latest) });
        break;
      }
      case "counters":
        this.#update({ connected: message.connected, answered: message.answered });
        break;
      case "error":
        this.#update({ error: { code: message.code, id: ++this.#errors } });
        break;
      default:
        break;
    }
  }

  /**
   * An event reaches us a little after it happened, so `at - now` underestimates the offset:
   * the largest sample is the closest.
   */
  #sampleClock(latestAt: number): number {
    if (!Number.isFinite(latestAt)) return this.snapshot.clockOffsetMs;
    const sample = latestAt - Date.now();
    const offset = this.#clockSampled ? Math.max(this.snapshot.clockOffsetMs, sample) : sample;
    this.#clockSampled = true;
    return offset;
  }
}

const channels = new Map<string, QuizWatchChannel>();

function channelFor(presentationId: number, access: QuizRoomAccess): QuizWatchChannel {
  const key = JSON.stringify([presentationId, access]);
  let channel = channels.get(key);
  if (!channel) {
    channel = new QuizWatchChannel(presentationId, access, () => channels.delete(key));
    channels.set(key, channel);
  }
  return channel;
}

/** Follows the quiz room as the moderator (who may send commands) or as the big screen. */
export function useQuizWatch(
  presentationId: number,
  access: QuizRoomAccess,
): QuizWatchSnapshot & { command: (type: QuizCommandType) => boolean } {
  const channel = channelFor(presentationId, access);
  const snapshot = useSyncExternalStore(channel.subscribe, channel.getSnapshot);
  const command = useCallback((type: QuizCommandType) => channel.command(type), [channel]);
  return { ...snapshot, command };
}
