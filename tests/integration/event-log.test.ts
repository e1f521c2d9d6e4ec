import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { EventLog } from "../../party/lib/event-log";

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

  it("reports an empty log as sequence 0 with no events", async () => {
    await runInDurableObject(stubFor("log-empty"), (_room, state) => {
      const log = new EventLog(state.storage);
      expect(log.lastSeq()).toBe(0);
      expect(log.readAfter(0)).toEqual([]);
    });
  });
});
