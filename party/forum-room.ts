import { type Connection, type ConnectionContext, Server } from "partyserver";
import { ErrorCode } from "../core/errors";
import {
  type Change,
  type ChangeFeedServerMessage,
  MAX_REPLAYED_CHANGES,
  parseSince,
} from "../core/protocol/change-feed";
import type { Env } from "../worker/env";
import { EventLog } from "./lib/event-log";

const BROADCAST_WINDOW_MS = 50;

const send = (connection: Connection, message: ChangeFeedServerMessage) => connection.send(JSON.stringify(message));

/**
 * One room per presentation: the change feed of its forum. The API writes to D1 and then
 * publishes the change here; connected clients receive it and reconcile by id.
 */
export class ForumRoom extends Server<Env> {
  static override options = { hibernate: true };
  #log: EventLog | undefined;
  #pending: { seq: number; at: number; change: Change }[] = [];
  #flushTimer: ReturnType<typeof setTimeout> | undefined;

  get log(): EventLog {
    this.#log ??= new EventLog(this.ctx.storage);
    return this.#log;
  }

  override onConnect(connection: Connection, context: ConnectionContext) {
    const since = parseSince(new URL(context.request.url).searchParams.get("since"));
    const last = this.log.lastSeq();
    if (since > 0 && since < last) {
      const missed = this.log.readAfter(since, MAX_REPLAYED_CHANGES + 1);
      if (missed.length > MAX_REPLAYED_CHANGES || missed[0]?.seq !== since + 1) {
        send(connection, { type: "reset", seq: last });
        return;
      }
      for (const event of missed) {
        send(connection, {
          type: "change",
          seq: event.seq,
          at: event.at,
          change: { type: event.type, data: event.data },
        });
      }
    }
    send(connection, { type: "hello", seq: last });
  }

  // Clients only listen: every change goes through the REST API, which checks who may make it.
  override onMessage(connection: Connection) {
    send(connection, { type: "error", code: ErrorCode.BadRequest });
  }

  /**
   * Called by the API (Durable Object RPC) after it committed a change. The change is logged at
   * once; connected clients get it within BROADCAST_WINDOW_MS, together with any other change of
   * that window, so a busy forum sends each client a few messages a second, not one per change.
   */
  async publish(change: Change, at = Date.now()): Promise<number> {
    const [stored] = this.log.append([{ at, type: change.type, data: change.data }]);
    if (!stored) throw new Error("append returned nothing");
    this.#pending.push({ seq: stored.seq, at: stored.at, change });
    this.#flushTimer ??= setTimeout(() => this.flush(), BROADCAST_WINDOW_MS);
    return stored.seq;
  }

  private flush() {
    this.#flushTimer = undefined;
    const changes = this.#pending.splice(0);
    const [only] = changes;
    if (!only) return;
    const message: ChangeFeedServerMessage =
      changes.length === 1 ? { type: "change", ...only } : { type: "changes", changes };
    this.broadcast(JSON.stringify(message));
  }
}
