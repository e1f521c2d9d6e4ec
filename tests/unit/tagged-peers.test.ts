import { describe, expect, it } from "vitest";
import { TaggedPeers, type TaggedSocketRuntime } from "../../party/lib/tagged-peers";

const OPEN = 1;
const CLOSED = 3;

/** A socket as the room sees it: its state, its tags and the texts sent to it. */
interface FakeSocket {
  readyState: number;
  tags: string[];
  sent: string[];
  send(text: string): void;
}

function socket(tags: string[], readyState = OPEN): FakeSocket {
  return {
    readyState,
    tags,
    sent: [],
    send(text) {
      if (this.readyState !== OPEN) throw new TypeError("WebSocket is closed");
      this.sent.push(text);
    },
  };
}

/** The Durable Object's socket list, counting how often the room asks for it. */
function runtime(sockets: FakeSocket[]) {
  const asked: string[] = [];
  const ctx: TaggedSocketRuntime = {
    getWebSockets: (tag?: string) => {
      asked.push(tag ?? "");
      return sockets.filter((s) => tag === undefined || s.tags.includes(tag)) as unknown as WebSocket[];
    },
    getTags: (ws: WebSocket) => (ws as unknown as FakeSocket).tags,
  };
  return { ctx, asked, sockets };
}

const ws = (s: FakeSocket) => s as unknown as WebSocket;
const broadcast = (peers: TaggedPeers<"reader" | "moderator">, tag: "reader" | "moderator", text: string) => {
  for (const peer of peers.peers(tag)) peer.send(text);
};

describe("a room keeps its open sockets by tag in its own lists", () => {
  it("given sockets open before a wake, then each tag's broadcast reaches its open sockets and the runtime is asked once per tag", () => {
    const reader = socket(["c-1", "reader"]);
    const moderator = socket(["c-2", "moderator"]);
    const room = runtime([reader, moderator, socket(["c-3", "reader"], CLOSED)]);
    const peers = new TaggedPeers(room.ctx, ["moderator", "reader"] as const);
    for (const text of ["a", "b"]) {
      broadcast(peers, "moderator", `m${text}`);
      broadcast(peers, "reader", `r${text}`);
    }
    expect(reader.sent).toEqual(["ra", "rb"]);
    expect(moderator.sent).toEqual(["ma", "mb"]);
    expect(room.sockets[2]?.sent).toEqual([]);
    expect(room.asked).toEqual(["moderator", "reader"]);
  });

  it("given sockets connecting and closing, then broadcasts reach exactly the open ones without asking the runtime again", () => {
    const first = socket(["c-1", "reader"]);
    const room = runtime([first]);
    const peers = new TaggedPeers(room.ctx, ["moderator", "reader"] as const);
    broadcast(peers, "reader", "1");
    const second = socket(["c-2", "reader"]);
    room.sockets.push(second);
    expect(peers.opened(ws(second)).id).toBe("c-2");
    broadcast(peers, "reader", "2");
    peers.closed(ws(first));
    broadcast(peers, "reader", "3");
    expect(first.sent).toEqual(["1", "2"]);
    expect(second.sent).toEqual(["2", "3"]);
    expect(room.asked).toEqual(["reader"]);
  });

  it("given a socket that connects first after a wake, then it is listed once with the sockets already open", () => {
    const earlier = socket(["c-1", "reader"]);
    const newcomer = socket(["c-2", "reader"]);
    const room = runtime([earlier, newcomer]);
    const peers = new TaggedPeers(room.ctx, ["moderator", "reader"] as const);
    peers.opened(ws(newcomer));
    broadcast(peers, "reader", "x");
    expect([earlier.sent, newcomer.sent]).toEqual([["x"], ["x"]]);
  });

  it("given a socket closed before its close reached the room, then a send skips it and the others still get theirs", () => {
    const gone = socket(["c-1", "reader"]);
    const open = socket(["c-2", "reader"]);
    const room = runtime([gone, open]);
    const peers = new TaggedPeers(room.ctx, ["moderator", "reader"] as const);
    broadcast(peers, "reader", "1");
    gone.readyState = CLOSED;
    broadcast(peers, "reader", "2");
    broadcast(peers, "reader", "3");
    expect(open.sent).toEqual(["1", "2", "3"]);
    expect([...peers.peers("reader")].map((peer) => peer.id)).toEqual(["c-2"]);
  });

  it("given a socket error, then the lists are read from the runtime again", () => {
    const room = runtime([socket(["c-1", "reader"])]);
    const peers = new TaggedPeers(room.ctx, ["moderator", "reader"] as const);
    broadcast(peers, "reader", "1");
    peers.failed();
    broadcast(peers, "reader", "2");
    expect(room.asked).toEqual(["reader", "reader"]);
  });
});
