/**
 * The quiz room's open sockets as peers of its session, read from the Durable Object's own
 * socket list by tag. partyserver's `getConnections` deserializes every socket's attachment at
 * every walk to check that the socket is one of its own; at 5,000 players that was 31–108 ms of
 * the 170–340 ms the room took to send a question (docs/benchmarks.md). Here each socket's peer is made once, from
 * the tags it was accepted with (`[connection id, role, "player:<id>"]`), and kept while the
 * socket lives; after a wake from hibernation the sockets are new objects and are read again.
 * The same goes for each message: partyserver reads the attachment again before handing it
 * over, which a socket it already handed over since the wake does not need.
 */
import type { QuizPeer } from "../quiz-session";
import { identityFromTags } from "./quiz-socket-tags";

export class SocketPeers {
  readonly #peers = new WeakMap<WebSocket, QuizPeer>();
  /** Sockets partyserver handed to the room since it woke, so the room is initialized for them. */
  readonly #handedOver = new WeakSet<WebSocket>();

  constructor(private readonly ctx: DurableObjectState) {}

  /** The open sockets accepted with `tag`. */
  tagged(tag: string): QuizPeer[] {
    const peers: QuizPeer[] = [];
    for (const socket of this.ctx.getWebSockets(tag)) {
      if (socket.readyState === WebSocket.READY_STATE_OPEN) peers.push(this.of(socket));
    }
    return peers;
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

  private of(socket: WebSocket): QuizPeer {
    let peer = this.#peers.get(socket);
    if (!peer) {
      const tags = this.ctx.getTags(socket);
      peer = { id: tags[0] ?? "", identity: identityFromTags(tags), send: (text) => socket.send(text) };
      this.#peers.set(socket, peer);
    }
    return peer;
  }
}
