import { ErrorCode } from "@core/errors";
import type { ForumRoomChange } from "@core/forum/room-change";
import { namedIds } from "@core/forum/tombstones";
import { type ChangeFeedServerMessage, parseSince } from "@core/protocol/change-feed";
import { type Connection, type ConnectionContext, Server } from "partyserver";
import { openDatabase } from "../worker/db/client";
import { findForumPresence } from "../worker/db/queries/forum";
import { isForumModerator } from "../worker/room-access/forum-access";
import { type ForumReaderTag, ForumSession } from "./forum-session";
import { EventLog } from "./lib/event-log";
import { PLAIN_FRAMES } from "./lib/plain-frames";
import { TaggedPeers } from "./lib/tagged-peers";

/**
 * One room per presentation: the change feed of its forum (party/forum-session.ts). The API
 * writes to D1 and then publishes the change here; connected clients receive it and reconcile
 * by id. This file wires the session to the Durable Object, its sockets and the database.
 */
export class ForumRoom extends Server {
  static override options = { hibernate: true };
  #session: ForumSession | undefined;
  #peers = new TaggedPeers<ForumReaderTag>(this.ctx, ["moderator", "reader"]);

  private get session(): ForumSession {
    this.#session ??= new ForumSession({
      log: new EventLog(this.ctx.storage),
      presence: async (changes) => {
        try {
          return await findForumPresence(openDatabase(this.env.DB), this.#presentationId, namedIds(changes));
        } catch (error) {
          console.error("forum presence not read", this.name, error instanceof Error ? error.message : error);
          return undefined;
        }
      },
      timers: { after: (ms, work) => void setTimeout(work, ms) },
      peers: (tag) => this.#peers.peers(tag),
    });
    return this.#session;
  }

  get #presentationId(): number {
    return Number(this.name);
  }

  /**
   * Readers' frames go plain whatever the browser offers (lib/plain-frames.ts): every change is
   * one frame to each of possibly thousands of readers, and deflating it per socket cost more
   * than it saved (docs/benchmarks.md, "Forum").
   */
  override async fetch(request: Request): Promise<Response> {
    const response = await super.fetch(request);
    if (response.status !== 101 || !response.webSocket) return response;
    return new Response(null, { status: 101, webSocket: response.webSocket, headers: PLAIN_FRAMES });
  }

  /** Who sees hidden posts (`moderator`) and who does not (`reader`), from the token. */
  override async getConnectionTags(_connection: Connection, context: ConnectionContext) {
    const token = new URL(context.request.url).searchParams.get("token");
    const db = openDatabase(this.env.DB);
    return [(await isForumModerator(db, this.env.JWT_SECRET, this.#presentationId, token)) ? "moderator" : "reader"];
  }

  override async onConnect(connection: Connection, context: ConnectionContext) {
    const since = parseSince(new URL(context.request.url).searchParams.get("since"));
    const peer = this.#peers.opened(connection);
    await this.session.connect(peer, since, connection.tags.includes("moderator"));
  }

  override onClose(connection: Connection) {
    this.#peers.closed(connection);
  }

  override onError() {
    this.#peers.failed();
  }

  // Clients only listen: every change goes through the REST API, which checks who may make it.
  override onMessage(connection: Connection) {
    connection.send(JSON.stringify({ type: "error", code: ErrorCode.BadRequest } satisfies ChangeFeedServerMessage));
  }

  /** Called by the API (Durable Object RPC) after it committed a change. */
  async publish(change: ForumRoomChange, at = Date.now()): Promise<number> {
    return this.session.publish(change, at);
  }
}
