/**
 * A relay room's batches sent to the authority and not yet acknowledged, in the relay's own
 * SQLite storage: a relay restarting sends them again (party/quiz-relay-session.ts). At most a
 * few batches of at most 200 commands each: a row per batch.
 */
import type { RelayBatch } from "@core/protocol/quiz-relay";

export class RelayOutbox {
  constructor(private readonly storage: DurableObjectStorage) {
    storage.sql.exec("CREATE TABLE IF NOT EXISTS relay_outbox (batch INTEGER PRIMARY KEY, body TEXT NOT NULL)");
  }

  read(): RelayBatch[] {
    return this.storage.sql
      .exec<{ body: string }>("SELECT body FROM relay_outbox ORDER BY batch")
      .toArray()
      .map((row) => JSON.parse(row.body) as RelayBatch);
  }

  write(batch: RelayBatch) {
    this.storage.sql.exec(
      "INSERT OR REPLACE INTO relay_outbox (batch, body) VALUES (?, ?)",
      batch.batch,
      JSON.stringify(batch),
    );
  }

  remove(batch: number) {
    this.storage.sql.exec("DELETE FROM relay_outbox WHERE batch = ?", batch);
  }
}
