/**
 * A room's snapshot as rows of its SQLite storage (core/quiz/snapshot-rows.ts decides the rows):
 * each write applies only the rows that changed, in one transaction with the sequence number of
 * the last event the rows include, so a restart reads the rows and folds the log after it.
 */
import type { RowChanges, StateRow } from "@core/quiz/snapshot-rows";

/** What the snapshot holds and what writing it cost, for operators and the benchmark. */
export interface StateRowStats {
  seq: number;
  rows: number;
  bytes: number;
  largestRow: number;
  snapshots: number;
  /** Rows written or deleted by the last snapshot. */
  lastRows: number;
  lastMs: number;
  maxMs: number;
  totalMs: number;
}

export class StateRowStore {
  constructor(private readonly storage: DurableObjectStorage) {
    storage.sql.exec("CREATE TABLE IF NOT EXISTS state_row (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
    storage.sql.exec(
      `CREATE TABLE IF NOT EXISTS state_row_seq (id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL,
        snapshots INTEGER NOT NULL, last_rows INTEGER NOT NULL, last_ms REAL NOT NULL, max_ms REAL NOT NULL,
        total_ms REAL NOT NULL)`,
    );
  }

  /** The rows in the order they were first written (rowid), and their seq; undefined before the first write. */
  read(): { seq: number; rows: StateRow[] } | undefined {
    const seq = this.seq();
    if (seq === undefined) return undefined;
    const rows = this.storage.sql
      .exec<{ key: string; value: string }>("SELECT key, value FROM state_row ORDER BY rowid")
      .toArray();
    return { seq, rows };
  }

  private seq(): number | undefined {
    return this.storage.sql.exec<{ seq: number }>("SELECT seq FROM state_row_seq WHERE id = 1").toArray()[0]?.seq;
  }

  /**
   * Deletes, then upserts (a row keeps its place), then the seq: all or nothing. `ms` is how long
   * finding the changes took; the time of the writes is added to it.
   */
  write(seq: number, changes: RowChanges, ms = 0): void {
    const started = performance.now();
    this.storage.transactionSync(() => {
      for (const key of changes.deletes) this.storage.sql.exec("DELETE FROM state_row WHERE key = ?", key);
      for (const row of changes.upserts) {
        this.storage.sql.exec(
          "INSERT INTO state_row (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
          row.key,
          row.value,
        );
      }
      const spent = ms + performance.now() - started;
      this.storage.sql.exec(
        `INSERT INTO state_row_seq (id, seq, snapshots, last_rows, last_ms, max_ms, total_ms) VALUES (1, ?, 1, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET seq = excluded.seq, snapshots = snapshots + 1, last_rows = excluded.last_rows,
           last_ms = excluded.last_ms, max_ms = MAX(max_ms, excluded.max_ms), total_ms = total_ms + excluded.total_ms`,
        seq,
        changes.upserts.length + changes.deletes.length,
        spent,
        spent,
        spent,
      );
    });
  }

  stats(): StateRowStats {
    const cost = this.storage.sql
      .exec<{ snapshots: number; last_rows: number; last_ms: number; max_ms: number; total_ms: number }>(
        "SELECT snapshots, last_rows, last_ms, max_ms, total_ms FROM state_row_seq WHERE id = 1",
      )
      .toArray()[0];
    const totals = this.storage.sql
      .exec<{ rows: number; bytes: number | null; largest: number | null }>(
        "SELECT COUNT(*) AS rows, SUM(length(key) + length(value)) AS bytes, MAX(length(key) + length(value)) AS largest FROM state_row",
      )
      .one();
    return {
      seq: this.seq() ?? 0,
      rows: totals.rows,
      bytes: totals.bytes ?? 0,
      largestRow: totals.largest ?? 0,
      snapshots: cost?.snapshots ?? 0,
      lastRows: cost?.last_rows ?? 0,
      lastMs: cost?.last_ms ?? 0,
      maxMs: cost?.max_ms ?? 0,
      totalMs: cost?.total_ms ?? 0,
    };
  }
}
