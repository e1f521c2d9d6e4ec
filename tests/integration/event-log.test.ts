import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { EventLog, type StoredEvent } from "../../party/lib/event-log";

const stubFor = (name: string) => env.ForumRoom.get(env.ForumRoom.idFromName(name));

describe("the event log of a room", () => {
  it("numbers appended events from 1 without gaps and reads them back in order", async () => {
    await runInDurableObject(stubFor("log-order"), (_room, state) => {
      const log = new EventLog(state.storage);
      const first = log.append([{ at: 10, type: "joined", data: { name: "Ana" } }]);
      const more = log.append([
        { at: 11, type: "joined", data: { name: "Bo" } },
        { at: 12, type: "left", data: { name: "Ana" } },
      ]);
      expect([...first, ...more].map((event) => event.seq)).toEqual([1, 2, 3]);
      expect(log.readAfter(1)).toEqual([
        { seq: 2, at: 11, type: "joined", data: { name: "Bo" } },
        { seq: 3, at: 12, type: "left", data: { name: "Ana" } },
      ]);
      expect(log.lastSeq()).toBe(3);
    });
  });

  it("rebuilds the same state from a snapshot plus the tail as from every event", async () => {
    const evolve = (count: number, event: StoredEvent) => (event.type === "added" ? count + Number(event.data) : count);
    await runInDurableObject(stubFor("log-snapshot"), (_room, state) => {
      const log = new EventLog(state.storage, 3);
      let folded = 0;
      for (let i = 1; i <= 10; i++) {
        const [stored] = log.append([{ at: i, type: i % 4 === 0 ? "ignored" : "added", data: i }]);
        if (!stored) throw new Error("nothing appended");
        folded = evolve(folded, stored);
        log.snapshotIfDue(stored.seq, folded);
      }
      expect(log.latestSnapshot<number>()?.seq).toBe(9);
      expect(log.rebuild(0, evolve)).toEqual({ seq: 10, state: folded });
    });
  });

  it("reports an empty log as sequence 0 with no snapshot", async () => {
    await runInDurableObject(stubFor("log-empty"), (_room, state) => {
      const log = new EventLog(state.storage);
      expect(log.lastSeq()).toBe(0);
      expect(log.latestSnapshot()).toBeUndefined();
      expect(log.rebuild("initial", () => "changed")).toEqual({ seq: 0, state: "initial" });
    });
  });
});
