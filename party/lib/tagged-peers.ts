/**
 * A room's open sockets by tag, each as a peer that sends text, kept in the room's own lists as
 * sockets connect and close. partyserver's `getConnections(tag)` deserializes every socket's
 * attachment at every walk; a forum room walks its 1,000 readers 20 times a second at 50 posts a
 * second. The runtime is asked once per tag after a wake from hibernation (the room's memory is
 * new, its sockets still open) and again after a socket's error. Runtime-free, tested in Node.
 */

/** `WebSocket.READY_STATE_OPEN` of the Workers runtime: the same number everywhere. */
const OPEN = 1;

/** What the lists need of the Durable Object's state. */
export interface TaggedSocketRuntime {
  getWebSockets(tag?: string): WebSocket[];
  getTags(socket: WebSocket): string[];
}

export interface TextPeer {
  /** The connection's id: the first tag partyserver accepts a socket with. */
  readonly id: string;
  send(text: string): void;
}

export class TaggedPeers<Tag extends string> {
  readonly #peers = new WeakMap<WebSocket, TextPeer>();
  /** Open sockets per tag; a tag absent until read from the runtime (after a wake or an error). */
  readonly #lists = new Map<Tag, Map<WebSocket, TextPeer>>();

  constructor(
    private readonly ctx: TaggedSocketRuntime,
    private readonly tags: readonly Tag[],
  ) {}

  /** The open sockets accepted with `tag`. */
  peers(tag: Tag): Iterable<TextPeer> {
    return this.list(tag).values();
  }

  /** A socket partyserver accepted and hands over as connected: it joins its tags' lists. */
  opened(socket: WebSocket): TextPeer {
    const peer = this.of(socket);
    const tags = this.ctx.getTags(socket);
    // A list read from the runtime now already holds the socket; a known one gets it added.
    for (const tag of this.tags) if (tags.includes(tag)) this.list(tag).set(socket, peer);
    return peer;
  }

  /** A socket that closed leaves every list. */
  closed(socket: WebSocket) {
    for (const list of this.#lists.values()) list.delete(socket);
  }

  /** A socket failed: whether the others are open is the runtime's to say, when next needed. */
  failed() {
    this.#lists.clear();
  }

  private list(tag: Tag): Map<WebSocket, TextPeer> {
    let list = this.#lists.get(tag);
    if (!list) {
      list = new Map();
      for (const socket of this.ctx.getWebSockets(tag)) {
        if (socket.readyState === OPEN) list.set(socket, this.of(socket));
      }
      this.#lists.set(tag, list);
    }
    return list;
  }

  private of(socket: WebSocket): TextPeer {
    let peer = this.#peers.get(socket);
    if (!peer) {
      peer = {
        id: this.ctx.getTags(socket)[0] ?? "",
        send: (text) => {
          try {
            socket.send(text);
          } catch {
            // Closed since it was listed, its close not delivered yet: it leaves the lists now,
            // and the other sockets still get theirs.
            this.closed(socket);
          }
        },
      };
      this.#peers.set(socket, peer);
    }
    return peer;
  }
}
