/**
 * The quiz room's open sockets as peers of its session. Each socket's peer is made once, from
 * the tags it was accepted with (`[connection id, role, "player:<id>"]`), and kept while the
 * socket lives: partyserver's `getConnections` deserializes every socket's attachment at every
 * walk, and its message handler again for every message (docs/benchmarks.md).
 *
 * The open players' sockets are the room's own list, kept exact as sockets connect and close,
 * so a broadcast to 5,000 players does not ask the runtime for its 5,000 sockets (a new array
 * and each socket's state read, 7–28 ms a broadcast). The runtime is asked once after a wake
 * from hibernation (the room's memory is new, the sockets are still open) and once after a
 * socket's error (whether that socket is still open is the runtime's to say). Watchers (the
 * moderator, the big screen) are a few sockets, read from the runtime by tag.
 */
import type { QuizPeer } from "../quiz-session";
import { identityFromTags } from "./quiz-socket-tags";

/** `WebSocket.READY_STATE_OPEN` of the Workers runtime: the same number everywhere. */
const OPEN = 1;

/** What the room needs of its Durable Object's state (a small part, so the list is tested in Node). */
export interface SocketRuntime {
  getWebSockets(tag?: string): WebSocket[];
  getTags(socket: WebSocket): string[];
}

export class SocketPeers {
  readonly #peers = new WeakMap<WebSocket, QuizPeer>();
  /** Sockets partyserver handed to the room since it woke, so the room is initialized for them. */
  readonly #handedOver = new WeakSet<WebSocket>();
  /** Open player sockets; undefined until read from the runtime (after a wake or an error). */
  #players: Map<WebSocket, QuizPeer> | undefined;

  constructor(private readonly ctx: SocketRuntime) {}

  /** The open players' sockets, from the room's own list. */
  players(): Iterable<QuizPeer> {
    return this.openPlayers().values();
  }

  /** How many player sockets are open, without reading any socket's state. */
  playerCount(): number {
    return this.openPlayers().size;
  }

  /** The open sockets accepted with `tag`, asked of the runtime (for the few watchers). */
  tagged(tag: string): QuizPeer[] {
    const peers: QuizPeer[] = [];
    for (const socket of this.ctx.getWebSockets(tag)) {
      if (socket.readyState === OPEN) peers.push(this.of(socket));
    }
    return peers;
  }

  /** A socket partyserver accepted and hands over as connected: a player's joins the list. */
  opened(socket: WebSocket): QuizPeer {
    const peer = this.handedOver(socket);
    // Read from the runtime first when the list is unknown: it already holds this socket.
    const players = this.openPlayers();
    if (peer.identity?.role === "player") players.set(socket, peer);
    return peer;
  }

  /** A socket that closed leaves the list. */
  closed(socket: WebSocket): QuizPeer {
    this.#players?.delete(socket);
    return this.handedOver(socket);
  }

  /** A socket failed: the list is read from the runtime again when next needed. */
  failed() {
    this.#players = undefined;
  }

  /** The peer of a socket partyserver hands over (a partyserver connection is its socket). */
  handedOver(socket: WebSocket): QuizPeer {
    this.#handedOver.add(socket);
    return this.of(socket);
  }

  /** The peer of a socket partyserver already handed over since the wake, else undefined. */
  known(socket: WebSocket): QuizPeer | undefined {
    return this.#handedOver.has(socket) ? this.of(socket) : undefined;
  }

  private openPlayers(): Map<WebSocket, QuizPeer> {
    if (!this.#players) {
      this.#players = new Map();
      for (const socket of this.ctx.getWebSockets("player")) {
        if (socket.readyState === OPEN) this.#players.set(socket, this.of(socket));
      }
    }
    return this.#players;
  }

  private of(socket: WebSocket): QuizPeer {
    let peer = this.#peers.get(socket);
    if (!peer) {
      const tags = this.ctx.getTags(socket);
      peer = {
        id: tags[0] ?? "",
        identity: identityFromTags(tags),
        close: (reason) => {
          try {
            socket.close(1000, reason);
          } catch {
            // Already closing.
          }
        },
        send: (text) => {
          try {
            socket.send(text);
          } catch {
            // Closed since it was listed, its close not delivered yet: it leaves the list now,
            // and the other players still get theirs.
            this.#players?.delete(socket);
          }
        },
      };
      this.#peers.set(socket, peer);
    }
    return peer;
  }
}
