/**
 * An append-only event log in a room's SQLite storage. Every stored event is
 * `{ seq, at, type, data }`; `seq` starts at 1 and has no gaps. A room rebuilds its state from a
 * snapshot of its own (the quiz: party/lib/state-rows.ts) and the events after it. The table
 * `event_snapshot` that older versions wrote the quiz state to is no longer read.
 */
import type { StoredEvent } from "@core/protocol/stored-event";

export type { StoredEvent };

export type NewEvent<Data = unknown> = Omit<StoredEvent<Data>, "seq">;

interface EventRow extends Record<string, SqlStorageValue> {
  seq: number;
  at: number;
  type: string;
  data: string;
}

export class EventLog {
  constructor(private readonly storage: DurableObjectStorage) {
    storage.sql.exec(`CREATE TABLE IF NOT EXISTS event_log (
      seq INTEGER PRIMARY KEY, at INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL)`);
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
}
