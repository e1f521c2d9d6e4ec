/**
 * The change feed of one presentation's forum, without a runtime: what the forum room does,
 * with its effects (log, the forum's current contents, timers, connections) passed in, so it
 * is tested in Node (tests/unit/forum-session.test.ts). party/forum-room.ts wires it.
 *
 * Invariant: text of a deleted post or reply, or of a hidden post for a reader who does not
 * moderate, never leaves the room. The log keeps every change as published, so every change
 * sent, replayed or live, is first checked against what the forum holds now, and sent as a
 * tombstone (core/forum/tombstones.ts) when its post or reply is gone or hidden from the reader.
 */
import type { ForumRoomChange } from "@core/forum/room-change";
import { changeForReader, type ForumPresence, type LoggedChange } from "@core/forum/tombstones";
import { type ChangeFeedServerMessage, MAX_REPLAYED_CHANGES } from "@core/protocol/change-feed";
import type { StoredEvent } from "@core/protocol/stored-event";

const BROADCAST_WINDOW_MS = 50;

/** Who sees hidden posts, and who does not. */
export type ForumReaderTag = "moderator" | "reader";

export interface ForumPeer {
  readonly id: string;
  send(text: string): void;
}

export interface ForumSessionDeps {
  log: {
    append(events: Omit<StoredEvent, "seq">[]): StoredEvent[];
    readAfter(seq: number, limit?: number): StoredEvent[];
    lastSeq(): number;
  };
  /** What the forum holds now of what the changes name; undefined when the database cannot tell. */
  presence(changes: readonly LoggedChange[]): Promise<ForumPresence | undefined>;
  timers: { after(ms: number, work: () => void): void };
  peers(tag: ForumReaderTag): Iterable<ForumPeer>;
}

type Entry = { seq: number; at: number; change: LoggedChange };

const entryOf = (event: StoredEvent): Entry => ({
  seq: event.seq,
  at: event.at,
  change: { type: event.type, data: event.data },
});

const send = (peer: ForumPeer, message: ChangeFeedServerMessage) => peer.send(JSON.stringify(message));

export class ForumSession {
  #pending: Entry[] = [];
  #flushing = false;
  /** Connections still receiving what they missed: live changes wait until they are caught up. */
  #catchingUp = new Set<string>();

  constructor(private readonly deps: ForumSessionDeps) {}

  /** A new connection: what it missed since `since` (or a reset when too much), then hello. */
  async connect(peer: ForumPeer, since: number, moderator: boolean) {
    const { log } = this.deps;
    this.#catchingUp.add(peer.id);
    try {
      let last = log.lastSeq();
      const missed: Entry[] = [];
      // Changes published while the database is read are caught up here, in order, not live.
      while (since > 0 && since + missed.length < last) {
        const after = since + missed.length;
        const more = log.readAfter(after, MAX_REPLAYED_CHANGES + 1 - missed.length).map(entryOf);
        if (missed.length + more.length > MAX_REPLAYED_CHANGES || more[0]?.seq !== after + 1) {
          send(peer, { type: "reset", seq: last });
          return;
        }
        const presence = await this.deps.presence(more.map((entry) => entry.change));
        if (!presence) {
          send(peer, { type: "reset", seq: log.lastSeq() });
          return;
        }
        missed.push(
          ...more.map((entry) => ({ ...entry, change: changeForReader(entry.change, presence, { moderator }) })),
        );
        last = log.lastSeq();
      }
      for (const entry of missed) send(peer, { type: "change", ...entry });
      send(peer, { type: "hello", seq: last });
    } finally {
      this.#catchingUp.delete(peer.id);
    }
  }

  /**
   * A change the API committed. It is logged at once; connected clients get it within
   * BROADCAST_WINDOW_MS, together with any other change of that window, so a busy forum sends
   * each client a few messages a second, not one per change.
   */
  publish(change: ForumRoomChange, at: number): number {
    const [stored] = this.deps.log.append([{ at, type: change.type, data: change.data }]);
    if (!stored) throw new Error("append returned nothing");
    this.#pending.push({ seq: stored.seq, at: stored.at, change });
    if (!this.#flushing) {
      this.#flushing = true;
      this.deps.timers.after(BROADCAST_WINDOW_MS, () => void this.flush());
    }
    return stored.seq;
  }

  private async flush() {
    const entries = this.#pending.splice(0);
    const last = entries[entries.length - 1];
    if (!last) {
      this.#flushing = false;
      return;
    }
    const presence = await this.deps.presence(entries.map((entry) => entry.change));
    // The next window starts once this one is sent, so windows reach clients in order.
    if (this.#pending.length > 0) this.deps.timers.after(BROADCAST_WINDOW_MS, () => void this.flush());
    else this.#flushing = false;
    for (const tag of ["moderator", "reader"] as const) {
      const message = presence
        ? JSON.stringify(batchMessage(entries, presence, { moderator: tag === "moderator" }))
        : // Without the database's word nothing is sent: clients read the forum again through the API.
          JSON.stringify({ type: "reset", seq: last.seq } satisfies ChangeFeedServerMessage);
      for (const peer of this.deps.peers(tag)) {
        if (!this.#catchingUp.has(peer.id)) peer.send(message);
      }
    }
  }
}

function batchMessage(
  entries: Entry[],
  presence: ForumPresence,
  reader: { moderator: boolean },
): ChangeFeedServerMessage {
  const changes = entries.map((entry) => ({ ...entry, change: changeForReader(entry.change, presence, reader) }));
  const [only] = changes;
  return changes.length === 1 && only ? { type: "change", ...only } : { type: "changes", changes };
}
