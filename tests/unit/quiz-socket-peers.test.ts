import { describe, expect, it } from "vitest";
import { SocketPeers, type SocketRuntime } from "../../party/lib/socket-peers";

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

const player = (id: string, readyState = OPEN) => socket([`c-${id}`, "player", `player:${id}`], readyState);

/** The Durable Object's socket list, counting how often the room asks for it. */
function runtime(sockets: FakeSocket[]) {
  const asked: string[] = [];
  const ctx = {
    getWebSockets: (tag?: string) => {
      asked.push(tag ?? "");
      return sockets.filter((s) => tag === undefined || s.tags.includes(tag)) as unknown as WebSocket[];
    },
    getTags: (ws: WebSocket) => (ws as unknown as FakeSocket).tags,
  } as SocketRuntime;
  return { ctx, asked, sockets };
}

const ws = (s: FakeSocket) => s as unknown as WebSocket;
const broadcast = (peers: SocketPeers, text: string) => {
  for (const peer of peers.players()) peer.send(text);
};

describe("the quiz room keeps its open players' sockets in its own list", () => {
  it("given players whose sockets were open before a wake, then the first broadcast reaches them and the runtime is asked once", () => {
    const room = runtime([player("a"), player("b"), player("gone", CLOSED), socket(["c-m", "moderator"])]);
    const peers = new SocketPeers(room.ctx);
    broadcast(peers, "q1");
    broadcast(peers, "q2");
    expect(room.sockets.map((s) => s.sent)).toEqual([["q1", "q2"], ["q1", "q2"], [], []]);
    expect(peers.playerCount()).toBe(2);
    expect(room.asked).toEqual(["player"]);
  });

  it("given players connecting and leaving, then each broadcast reaches exactly the open ones without asking the runtime again", () => {
    const room = runtime([player("a")]);
    const peers = new SocketPeers(room.ctx);
    expect(peers.playerCount()).toBe(1);
    const b = player("b");
    room.sockets.push(b);
    const joined = peers.opened(ws(b));
    expect(joined.identity).toEqual({ role: "player", playerId: "b", run: 1 });
    const moderator = socket(["c-m", "moderator"]);
    room.sockets.push(moderator);
    peers.opened(ws(moderator));
    broadcast(peers, "q1");
    const [a] = room.sockets as [FakeSocket];
    a.readyState = CLOSED;
    peers.closed(ws(a));
    broadcast(peers, "q2");
    expect(a.sent).toEqual(["q1"]);
    expect(b.sent).toEqual(["q1", "q2"]);
    expect(moderator.sent).toEqual([]);
    expect(peers.playerCount()).toBe(1);
    expect(room.asked).toEqual(["player"]);
  });

  it("given a socket that closed before its close reached the room, then the others still get the broadcast and it leaves the list", () => {
    const room = runtime([player("a"), player("b"), player("c")]);
    const peers = new SocketPeers(room.ctx);
    expect(peers.playerCount()).toBe(3);
    (room.sockets[1] as FakeSocket).readyState = CLOSED;
    broadcast(peers, "q1");
    expect(room.sockets.map((s) => s.sent)).toEqual([["q1"], [], ["q1"]]);
    expect(peers.playerCount()).toBe(2);
  });

  it("given a socket's error, then the list is read from the runtime again, which says which sockets are still open", () => {
    const room = runtime([player("a"), player("b")]);
    const peers = new SocketPeers(room.ctx);
    expect(peers.playerCount()).toBe(2);
    (room.sockets[0] as FakeSocket).readyState = CLOSED;
    peers.failed();
    expect(peers.playerCount()).toBe(1);
    broadcast(peers, "q1");
    expect(room.sockets.map((s) => s.sent)).toEqual([[], ["q1"]]);
    expect(room.asked).toEqual(["player", "player"]);
  });

  it("given a player connecting first after a wake, then the list read from the runtime holds them once", () => {
    const a = player("a");
    const room = runtime([player("before"), a]);
    const peers = new SocketPeers(room.ctx);
    peers.opened(ws(a));
    expect(peers.playerCount()).toBe(2);
    expect(peers.known(ws(a))?.identity).toEqual({ role: "player", playerId: "a", run: 1 });
  });
});
