/**
 * An append-only event log in a room's SQLite storage, with snapshots, so a room rebuilds its
 * state after a restart or hibernation: state = fold(evolve, snapshot, events after it).
 * Every stored event is `{ seq, at, type, data }`; `seq` starts at 1 and has no gaps.
 */
import type { StoredEvent } from "../../core/protocol/stored-event";

export type { StoredEvent };

export type NewEvent<Data = unknown> = Omit<StoredEvent<Data>, "seq">;

interface EventRow extends Record<string, SqlStorageValue> {
  seq: number;
  at: number;
  type: string;
  data: string;
}

export class EventLog {
  constructor(
    private readonly storage: DurableObjectStorage,
    /** A snapshot is written once this many events have followed the previous one. */
    private readonly snapshotEvery = 100,
  ) {
    storage.sql.exec(`CREATE TABLE IF NOT EXISTS event_log (
      seq INTEGER PRIMARY KEY, at INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL)`);
    storage.sql.exec(`CREATE TABLE IF NOT EXISTS event_snapshot (
      id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL, state TEXT NOT NULL)`);
  }

  lastSeq(): number {
    const row = this.storage.sql.exec<{ seq: number | null }>("SELECT MAX(seq) AS seq FROM event_log").one();
    return row.seq ?? 0;
  }

  /** Appends atomically and returns the events with their sequence numbers. */
  append(events: NewEvent[]): StoredEvent[] {
    return this.storage.transactionSync(() => {
      let seq = this.lastSeq();
      return events.map((event) => {
        seq += 1;
        this.storage.sql.exec(
          "INSERT INTO event_log (seq, at, type, data) VALUES (?, ?, ?, ?)",
          seq,
          event.at,
          event.type,
          JSON.stringify(event.data ?? null),
        );
        return { seq, ...event };
      });
    });
  }

  /** Events after `seq`, oldest first; at most `limit` of them. */
  readAfter(seq: number, limit = Number.MAX_SAFE_INTEGER): StoredEvent[] {
    return this.storage.sql
      .exec<EventRow>("SELECT seq, at, type, data FROM event_log WHERE seq > ? ORDER BY seq LIMIT ?", seq, limit)
      .toArray()
      .map((row) => ({ seq: row.seq, at: row.at, type: row.type, data: JSON.parse(row.data) as unknown }));
  }

  latestSnapshot<State>(): { seq: number; state: State } | undefined {
    const row = this.storage.sql
      .exec<{ seq: number; state: string }>("SELECT seq, state FROM event_snapshot WHERE id = 1")
      .toArray()[0];
    return row ? { seq: row.seq, state: JSON.parse(row.state) as State } : undefined;
  }

  saveSnapshot<State>(seq: number, state: State): void {
    this.storage.sql.exec(
      "INSERT INTO event_snapshot (id, seq, state) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET seq = excluded.seq, state = excluded.state",
      seq,
      JSON.stringify(state),
    );
  }

  /** Sequence number of the latest snapshot; reads one integer, not the snapshot itself. */
  private latestSnapshotSeq(): number {
    return this.storage.sql.exec<{ seq: number }>("SELECT seq FROM event_snapshot WHERE id = 1").toArray()[0]?.seq ?? 0;
  }

  /** Writes a snapshot when enough events have accumulated since the last one. */
  snapshotIfDue<State>(seq: number, state: State): boolean {
    // Called after every append: it must not parse the (possibly large) snapshot each time.
    const last = this.latestSnapshotSeq();
    if (seq - last < this.snapshotEvery) return false;
    this.saveSnapshot(seq, state);
    return true;
  }

  /** Folds the latest snapshot and the events after it, one event at a time. */
  rebuild<State>(initial: State, evolve: (state: State, event: StoredEvent) => State): { seq: number; state: State } {
    return this.rebuildAll(initial, (state, events) => events.reduce(evolve, state));
  }

  /** The same with a fold of the whole tail at once, for states a batch fold copies only once. */
  rebuildAll<State>(
    initial: State,
    fold: (state: State, events: StoredEvent[]) => State,
  ): { seq: number; state: State } {
    const snapshot = this.latestSnapshot<State>();
    const events = this.readAfter(snapshot?.seq ?? 0);
    return {
      seq: events[events.length - 1]?.seq ?? snapshot?.seq ?? 0,
      state: fold(snapshot?.state ?? initial, events),
    };
  }
}
