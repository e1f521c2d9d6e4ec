import { QUIZ_ROLE_HEADER } from "@core/protocol/quiz";
import { QUIZ_RELAY_KEY_HEADER, QUIZ_RELAY_ROLE } from "@core/protocol/quiz-relay";
import { type Connection, type ConnectionContext, Server } from "partyserver";
import type { Env } from "../worker/env";
import { clearableTimeout, frameText, QuizFrames } from "./lib/quiz-frames";
import { upgradeHeaders } from "./lib/quiz-socket-compression";
import { identityTags, requestIdentity } from "./lib/quiz-socket-tags";
import { relayKey } from "./lib/relay-key";
import { RelayOutbox } from "./lib/relay-outbox";
import { RoomTiming } from "./lib/room-timing";
import { SocketPeers } from "./lib/socket-peers";
import type { QuizConnectionState } from "./quiz-player-channel";
import { QuizRelaySession } from "./quiz-relay-session";

/** The link to the authority is tried again after this long, doubling up to {@link RETRY_MAX_MS}. */
const RETRY_MS = 100;
const RETRY_MAX_MS = 5_000;
/** A relay with no player and nothing to send closes its link after this long, so it may be unloaded. */
const IDLE_CLOSE_MS = 60_000;
/** While batches wait for their acknowledgement, the relay checks this often that its link is up. */
const RESEND_CHECK_MS = 5_000;

/**
 * A relay of a presentation's live quiz (docs/scale.md, "Quiz: sharding"), named
 * `<presentationId>:<n>`: a share of the quiz's player sockets, placed here by the Worker
 * (worker/room-access/quiz-relay-forward.ts), and one WebSocket to the authority room
 * (party/quiz-room.ts). Wiring of a {@link QuizRelaySession} to the Durable Object's sockets and
 * storage. Like the authority it authenticates nothing: the Worker checked every player's token.
 */
export class QuizRelayRoom extends Server<Env> {
  static override options = { hibernate: true };
  #session: QuizRelaySession | undefined;
  #sockets = new SocketPeers(this.ctx);
  #timing = new RoomTiming(() => this.env.QUIZ_ROOM_TIMINGS === "1", "relay");
  #frames = new QuizFrames(this.#sockets, this.#timing, (peer, text) => this.session.receive(peer, text));
  #uplink: WebSocket | undefined;
  #connecting = false;
  #retryMs = RETRY_MS;
  #idleTimer: ReturnType<typeof setTimeout> | null = null;
  /** An alarm is set to check the stored batches went out. */
  #resendAlarm = false;

  private get session(): QuizRelaySession {
    if (!this.#session) {
      this.#session = new QuizRelaySession({
        clock: { now: () => Date.now() },
        timers: {
          after: clearableTimeout,
        },
        peers: { players: () => this.#sockets.players(), countOpenPlayers: () => this.#sockets.playerCount() },
        uplink: {
          send: (text) => {
            try {
              this.#uplink?.send(text);
            } catch {
              // Closing: its close event follows, and the stored batches are sent again on the next link.
            }
          },
        },
        outbox: this.outbox(),
      });
    }
    // Every way in (a socket, a message after a wake) makes sure the link to the authority is up.
    void this.openUplink();
    return this.#session;
  }

  /**
   * The relay's unacknowledged batches; while it holds any, an alarm wakes the relay to send them
   * again, so a relay restarted with answers in its storage sends them even if no player of it
   * reconnects.
   */
  private outbox() {
    const stored = new RelayOutbox(this.ctx.storage);
    return {
      read: () => stored.read(),
      remove: (batch: number) => stored.remove(batch),
      write: (batch: Parameters<RelayOutbox["write"]>[0]) => {
        stored.write(batch);
        if (!this.#resendAlarm) {
          this.#resendAlarm = true;
          void this.ctx.storage.setAlarm(Date.now() + RESEND_CHECK_MS);
        }
      },
    };
  }

  override async onAlarm() {
    this.#resendAlarm = false;
    // Reading the session opens the link, which sends every stored batch again.
    if (this.session.busy && new RelayOutbox(this.ctx.storage).read().length > 0) {
      this.#resendAlarm = true;
      await this.ctx.storage.setAlarm(Date.now() + RESEND_CHECK_MS);
    }
  }

  /** The authority's room name: the presentation. */
  private get authorityName(): string {
    return this.name.split(":")[0] ?? "";
  }

  /** Players' frames go plain, as the authority's players' do (quiz-socket-compression.ts). */
  override async fetch(request: Request): Promise<Response> {
    const response = await super.fetch(request);
    const headers = upgradeHeaders(requestIdentity(request));
    if (response.status !== 101 || !response.webSocket || Object.keys(headers).length === 0) return response;
    return new Response(null, { status: 101, webSocket: response.webSocket, headers });
  }

  override getConnectionTags(_connection: Connection, context: ConnectionContext): string[] {
    return identityTags(requestIdentity(context.request));
  }

  override onConnect(connection: Connection<QuizConnectionState>, context: ConnectionContext) {
    // Only players are placed on a relay; the moderator and the big screen stay on the authority.
    if (requestIdentity(context.request)?.role !== "player") {
      connection.close(1000, "unauthorized");
      return;
    }
    this.session.connect(this.#sockets.opened(connection));
    this.keepUplinkWhileBusy();
  }

  override onClose(connection: Connection<QuizConnectionState>) {
    this.session.disconnect(this.#sockets.closed(connection));
    this.keepUplinkWhileBusy();
  }

  override onError() {
    this.#sockets.failed();
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    if (!this.#frames.fromKnownSocket(ws, message)) await super.webSocketMessage(ws, message);
  }

  override onMessage(connection: Connection<QuizConnectionState>, raw: string | ArrayBuffer | ArrayBufferView) {
    this.#frames.fromConnection(connection, raw);
  }

  /** One WebSocket to the authority, opened through its Durable Object's fetch with the relay key. */
  private async openUplink() {
    if (this.#uplink || this.#connecting) return;
    this.#connecting = true;
    try {
      const name = this.authorityName;
      const authority = this.env.QuizRoom.get(this.env.QuizRoom.idFromName(name));
      const response = await authority.fetch(`https://quiz-room/parties/quiz-room/${name}`, {
        headers: {
          Upgrade: "websocket",
          "x-partykit-room": name,
          [QUIZ_ROLE_HEADER]: QUIZ_RELAY_ROLE,
          [QUIZ_RELAY_KEY_HEADER]: await relayKey(this.env.JWT_SECRET),
        },
      });
      const socket = response.webSocket;
      if (!socket) throw new Error(`the authority refused the relay's link (${response.status})`);
      socket.accept();
      socket.addEventListener("message", (event) =>
        this.#timing.frame("authority", () => this.#session?.uplinkReceived(frameText(event.data))),
      );
      const lost = () => this.uplinkLost(socket);
      socket.addEventListener("close", lost);
      socket.addEventListener("error", lost);
      this.#uplink = socket;
      this.#retryMs = RETRY_MS;
      this.#session?.uplinkOpened();
    } catch (error) {
      console.error("quiz relay: no link to the authority", error instanceof Error ? error.message : error);
      this.retryLater();
    } finally {
      this.#connecting = false;
    }
  }

  private uplinkLost(socket: WebSocket) {
    if (this.#uplink !== socket) return;
    this.#uplink = undefined;
    this.#session?.uplinkClosed();
    this.retryLater();
  }

  /** Again while players are connected or answers wait for their acknowledgement. */
  private retryLater() {
    if (!this.#session?.busy) return;
    setTimeout(() => void this.openUplink(), this.#retryMs);
    this.#retryMs = Math.min(RETRY_MAX_MS, this.#retryMs * 2);
  }

  /** The link holds the relay in memory: it closes once the relay has had nothing to do for a while. */
  private keepUplinkWhileBusy() {
    if (this.#idleTimer !== null) clearTimeout(this.#idleTimer);
    this.#idleTimer = setTimeout(() => {
      if (this.#session?.busy || !this.#uplink) return;
      const uplink = this.#uplink;
      this.#uplink = undefined;
      this.#session?.uplinkClosed();
      uplink.close(1000, "idle");
    }, IDLE_CLOSE_MS);
  }
}
