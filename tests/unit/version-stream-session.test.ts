import type { VersionProgress } from "@core/protocol/version-stream";
import { describe, expect, it } from "vitest";
import { MAX_TRACKED_VERSIONS, type TrackedVersion, VersionStreamSession } from "../../party/version-stream-session";

const id = (n: number) => n.toString(16).padStart(64, "0");

/**
 * A version-stream room in miniature: its records (ordered by time), a clock, peers, and the
 * database's word (`database.states`, undefined: it cannot tell; `database.during`, run while it
 * is read).
 */
function fakeRoom() {
  const database: { states?: VersionProgress[]; during?: () => void } = {};
  const records = new Map<string, TrackedVersion>();
  let now = 0;
  const peers: { received: string[]; send(text: string): void }[] = [];
  const session = new VersionStreamSession({
    records: {
      all: () => [...records.values()].sort((a, b) => a.at - b.at),
      put: (record) => void records.set(record.versionId, record),
      remove: (versionId) => void records.delete(versionId),
    },
    currentStates: async (versionIds) => {
      database.during?.();
      return database.states?.filter(
        (state) => versionIds.includes(state.versionId) || ["pending", "processing"].includes(state.status),
      );
    },
    clock: { now: () => ++now },
    peers: () => peers,
  });
  const join = async () => {
    const peer = { received: [] as string[], send: (text: string) => void peer.received.push(text) };
    peers.push(peer);
    await session.connect(peer);
    return peer;
  };
  return { session, records, join, database };
}

const progress = (n: number, status: VersionProgress["status"], percent = 0): VersionProgress => ({
  versionId: id(n),
  percent,
  status,
});

describe("version-stream session", () => {
  it("a connection to a talk with nothing under way gets the text empty", async () => {
    const { join } = fakeRoom();
    expect((await join()).received).toEqual(["empty"]);
  });

  it("a connection gets every version under way, and no empty", async () => {
    const { session, join } = fakeRoom();
    session.report(progress(1, "pending"));
    session.report(progress(2, "processing", 40));
    expect((await join()).received.map((text) => JSON.parse(text))).toEqual([
      progress(1, "pending"),
      progress(2, "processing", 40),
    ]);
  });

  it("progress is pushed to every connection as the bare {versionId, percent, status}", async () => {
    const { session, join } = fakeRoom();
    const speaker = await join();
    const moderator = await join();
    session.report(progress(1, "processing", 55));
    for (const peer of [speaker, moderator]) {
      expect(peer.received.slice(1)).toEqual([JSON.stringify(progress(1, "processing", 55))]);
    }
  });

  it("the last version ending is followed by empty; the terminal status is repeated until acknowledged", async () => {
    const { session, join } = fakeRoom();
    session.report(progress(1, "processing", 90));
    const speaker = await join();
    session.report(progress(1, "success", 100));
    expect(speaker.received.slice(-2)).toEqual([JSON.stringify(progress(1, "success", 100)), "empty"]);
    expect((await join()).received).toEqual([JSON.stringify(progress(1, "success", 100)), "empty"]);
    session.acknowledge(id(1));
    expect((await join()).received).toEqual(["empty"]);
  });

  it("an acknowledgement of a version still under way changes nothing", () => {
    const { session, records } = fakeRoom();
    session.report(progress(1, "processing", 10));
    session.acknowledge(id(1));
    session.acknowledge(id(9));
    expect([...records.keys()]).toEqual([id(1)]);
  });

  it("a deleted version is forgotten, and empty follows when it was the last one under way", async () => {
    const { session, join, records } = fakeRoom();
    session.report(progress(1, "pending"));
    const speaker = await join();
    session.forget(id(1));
    expect(records.size).toBe(0);
    expect(speaker.received.at(-1)).toBe("empty");
  });

  it("storage stays bounded: past the limit the oldest finished versions go first", () => {
    const { session, records } = fakeRoom();
    session.report(progress(0, "processing"));
    for (let n = 1; n <= MAX_TRACKED_VERSIONS + 5; n += 1) session.report(progress(n, "failed"));
    expect(records.size).toBe(MAX_TRACKED_VERSIONS);
    expect(records.has(id(0))).toBe(true);
    expect(records.has(id(1))).toBe(false);
    expect(records.has(id(MAX_TRACKED_VERSIONS + 5))).toBe(true);
  });

  it("a connection's snapshot follows the database: ended, deleted and unknown versions", async () => {
    const { session, join, database, records } = fakeRoom();
    session.report(progress(1, "processing", 20));
    session.report(progress(2, "pending"));
    // The room missed version 1's end and version 2's deletion, and never heard of version 3.
    database.states = [progress(1, "success", 100), progress(3, "processing", 60)];
    const peer = await join();
    expect(peer.received.map((text) => JSON.parse(text))).toEqual([
      progress(1, "success", 100),
      progress(3, "processing", 60),
    ]);
    expect([...records.keys()].sort()).toEqual([id(1), id(3)]);
    database.states = [progress(1, "success", 100)];
    expect((await join()).received.slice(1)).toEqual(["empty"]);
  });

  it("a report made while the database is read is newer than its answer", async () => {
    const { session, join, database } = fakeRoom();
    session.report(progress(1, "processing", 20));
    database.states = [progress(1, "processing", 20)];
    database.during = () => session.report(progress(1, "processing", 80));
    const peer = await join();
    expect(peer.received.map((text) => JSON.parse(text))).toContainEqual(progress(1, "processing", 80));
    expect(peer.received.at(-1)).toBe(JSON.stringify(progress(1, "processing", 80)));
  });
});
