import type { ForumChange } from "@core/forum/changes";
import type { ForumPresence } from "@core/forum/tombstones";
import type { ChangeFeedServerMessage } from "@core/protocol/change-feed";
import type { StoredEvent } from "@core/protocol/stored-event";
import { describe, expect, it } from "vitest";
import { type ForumPeer, type ForumReaderTag, ForumSession, type ForumSessionDeps } from "../../party/forum-session";

class FakePeer implements ForumPeer {
  readonly received: ChangeFeedServerMessage[] = [];
  constructor(readonly id: string) {}
  send(text: string) {
    this.received.push(JSON.parse(text) as ChangeFeedServerMessage);
  }
}

/** A forum room in miniature: its log, what the database holds, timers run when told, peers by tag. */
function fakeRoom() {
  const log: StoredEvent[] = [];
  const timers: (() => void)[] = [];
  const peers: Record<ForumReaderTag, FakePeer[]> = { moderator: [], reader: [] };
  const world = { presence: { posts: new Map(), replies: new Set() } as ForumPresence | undefined };
  const deps: ForumSessionDeps = {
    log: {
      append: (events) => events.map((event) => log[log.push({ seq: log.length + 1, ...event }) - 1] as StoredEvent),
      readAfter: (seq, limit = Number.MAX_SAFE_INTEGER) => log.slice(seq, seq + limit),
      lastSeq: () => log.length,
    },
    presence: async () => world.presence,
    timers: { after: (_ms, work) => void timers.push(work) },
    peers: (tag) => peers[tag],
  };
  /** Runs the timers due, and lets the flush's read of the database finish. */
  const tick = async () => {
    for (const work of timers.splice(0)) work();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { session: new ForumSession(deps), log, peers, world, tick };
}

const post = (id: number, text: string): ForumChange => ({
  type: "post_created",
  data: { post: { id, text } as unknown as Extract<ForumChange, { type: "post_created" }>["data"]["post"] },
});

describe("the forum session, with recording fakes", () => {
  it("sends a window's changes as one message per tag, and a hidden post's text to moderators only", async () => {
    const { session, peers, world, tick } = fakeRoom();
    const moderator = new FakePeer("m");
    const reader = new FakePeer("r");
    peers.moderator.push(moderator);
    peers.reader.push(reader);
    world.presence = {
      posts: new Map([
        [1, { hidden: false }],
        [2, { hidden: true }],
      ]),
      replies: new Set(),
    };
    expect(session.publish(post(1, "hello"), 10)).toBe(1);
    expect(session.publish(post(2, "secret"), 11)).toBe(2);
    expect(reader.received).toEqual([]);
    await tick();
    expect(moderator.received).toHaveLength(1);
    expect(reader.received).toHaveLength(1);
    expect(JSON.stringify(moderator.received)).toContain("secret");
    expect(JSON.stringify(reader.received)).not.toContain("secret");
    expect(JSON.stringify(reader.received)).toContain("hello");
  });

  it("replays what a connection missed as tombstones when gone, then hello; resets when the database cannot tell", async () => {
    const { session, world, tick } = fakeRoom();
    world.presence = { posts: new Map([[1, { hidden: false }]]), replies: new Set() };
    session.publish(post(1, "kept"), 10);
    session.publish(post(2, "deleted since"), 11);
    await tick();
    const late = new FakePeer("late");
    await session.connect(late, 0, false);
    expect(late.received).toEqual([{ type: "hello", seq: 2 }]);
    const back = new FakePeer("back");
    session.publish(post(3, "third"), 12);
    world.presence = {
      posts: new Map([
        [1, { hidden: false }],
        [3, { hidden: false }],
      ]),
      replies: new Set(),
    };
    await session.connect(back, 1, false);
    expect(back.received.map((message) => message.type)).toEqual(["change", "change", "hello"]);
    expect(JSON.stringify(back.received)).not.toContain("deleted since");
    world.presence = undefined;
    const blind = new FakePeer("blind");
    await session.connect(blind, 1, false);
    expect(blind.received).toEqual([{ type: "reset", seq: 3 }]);
  });
});
