import { type Connection, type ConnectionContext, Server } from "partyserver";
import { ErrorCode } from "../core/errors";
import type { ForumChange } from "../core/forum/changes";
import { changeForReader, type ForumPresence, type LoggedChange, namedIds } from "../core/forum/tombstones";
import { type ChangeFeedServerMessage, MAX_REPLAYED_CHANGES, parseSince } from "../core/protocol/change-feed";
import { openDatabase } from "../worker/db/client";
import { findForumPresence } from "../worker/db/queries/forum";
import type { Env } from "../worker/env";
import { isForumModerator } from "../worker/rooms/forum-access";
import { EventLog, type StoredEvent } from "./lib/event-log";

const BROADCAST_WINDOW_MS = 50;
/** Connection tags: who sees hidden posts, and who does not. */
const MODERATOR = "moderator";
const READER = "reader";

const send = (connection: Connection, message: ChangeFeedServerMessage) => connection.send(JSON.stringify(message));

type Entry = { seq: number; at: number; change: LoggedChange };

const entryOf = (event: StoredEvent): Entry => ({
  seq: event.seq,
  at: event.at,
  change: { type: event.type, data: event.data },
});

/**
 * One room per presentation: the change feed of its forum. The API writes to D1 and then
 * publishes the change here; connected clients receive it and reconcile by id.
 *
 * Invariant: text of a deleted post or reply, or of a hidden post for a reader who does not
 * moderate, never leaves the room. The log keeps every change as published, so every change
 * sent, replayed or live, is first checked against what the forum holds now, and sent as a
 * tombstone (core/forum/tombstones.ts) when its post or reply is gone or hidden from the reader.
 */
export class ForumRoom extends Server<Env> {
  static override options = { hibernate: true };
  #log: EventLog | undefined;
  #pending: Entry[] = [];
  #flushTimer: ReturnType<typeof setTimeout> | undefined;
  /** Connections still receiving what they missed: live changes wait until they are caught up. */
  #catchingUp = new Set<string>();

  get log(): EventLog {
    this.#log ??= new EventLog(this.ctx.storage);
    return this.#log;
  }

  get #presentationId(): number {
    return Number(this.name);
  }

  override async getConnectionTags(_connection: Connection, context: ConnectionContext) {
    const token = new URL(context.request.url).searchParams.get("token");
    const db = openDatabase(this.env.DB);
    return [(await isForumModerator(db, this.env.JWT_SECRET, this.#presentationId, token)) ? MODERATOR : READER];
  }

  /** What the forum holds now of what the changes name; undefined when the database cannot tell. */
  async #presence(changes: readonly LoggedChange[]): Promise<ForumPresence | undefined> {
    try {
      return await findForumPresence(openDatabase(this.env.DB), this.#presentationId, namedIds(changes));
    } catch (error) {
      console.error("forum presence not read", this.name, error instanceof Error ? error.message : error);
      return undefined;
    }
  }

  override async onConnect(connection: Connection, context: ConnectionContext) {
    const since = parseSince(new URL(context.request.url).searchParams.get("since"));
    const moderator = connection.tags.includes(MODERATOR);
    this.#catchingUp.add(connection.id);
    try {
      let last = this.log.lastSeq();
      const missed: Entry[] = [];
      // Changes published while the database is read are caught up here, in order, not live.
      while (since > 0 && since + missed.length < last) {
        const after = since + missed.length;
        const more = this.log.readAfter(after, MAX_REPLAYED_CHANGES + 1 - missed.length).map(entryOf);
        if (missed.length + more.length > MAX_REPLAYED_CHANGES || more[0]?.seq !== after + 1) {
          send(connection, { type: "reset", seq: last });
          return;
        }
        const presence = await this.#presence(more.map((entry) => entry.change));
        if (!presence) {
          send(connection, { type: "reset", seq: this.log.lastSeq() });
          return;
        }
        missed.push(
          ...more.map((entry) => ({ ...entry, change: changeForReader(entry.change, presence, { moderator }) })),
        );
        last = this.log.lastSeq();
      }
      for (const entry of missed) send(connection, { type: "change", ...entry });
      send(connection, { type: "hello", seq: last });
    } finally {
      this.#catchingUp.delete(connection.id);
    }
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
  async publish(change: ForumChange, at = Date.now()): Promise<number> {
    const [stored] = this.log.append([{ at, type: change.type, data: change.data }]);
    if (!stored) throw new Error("append returned nothing");
    this.#pending.push({ seq: stored.seq, at: stored.at, change });
    this.#flushTimer ??= setTimeout(() => void this.flush(), BROADCAST_WINDOW_MS);
    return stored.seq;
  }

  private async flush() {
    const entries = this.#pending.splice(0);
    const last = entries[entries.length - 1];
    if (!last) {
      this.#flushTimer = undefined;
      return;
    }
    const presence = await this.#presence(entries.map((entry) => entry.change));
    // The next window starts once this one is sent, so windows reach clients in order.
    this.#flushTimer = this.#pending.length > 0 ? setTimeout(() => void this.flush(), BROADCAST_WINDOW_MS) : undefined;
    for (const tag of [MODERATOR, READER]) {
      const message = presence
        ? JSON.stringify(batchMessage(entries, presence, { moderator: tag === MODERATOR }))
        : // Without the database's word nothing is sent: clients read the forum again through the API.
          JSON.stringify({ type: "reset", seq: last.seq } satisfies ChangeFeedServerMessage);
      for (const connection of this.getConnections(tag)) {
        if (!this.#catchingUp.has(connection.id)) connection.send(message);
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
