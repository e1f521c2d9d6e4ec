import { parseFrabSchedule } from "@core/schedule/frab";
import type { ImportedSchedule } from "@core/schedule/imported-schedule";
import { describe, expect, it } from "vitest";
import { buildLargeSchedule } from "../../scripts/bench/generate-schedule";

function parsed(json: unknown): ImportedSchedule {
  const result = parseFrabSchedule(json, "bench");
  if (!result.ok)
    throw new Error(`the benchmark schedule does not parse: ${JSON.stringify(result.issues.slice(0, 5))}`);
  return result.schedule;
}

function roomClashes(schedule: ImportedSchedule): number {
  const byRoomAndDate = new Map<string, { time: number; endTime: number }[]>();
  for (const talk of schedule.presentations) {
    const key = `${talk.roomName} ${talk.date}`;
    byRoomAndDate.set(key, [...(byRoomAndDate.get(key) ?? []), talk]);
  }
  let clashes = 0;
  for (const talks of byRoomAndDate.values()) {
    const sorted = talks.sort((a, b) => a.time - b.time);
    sorted.forEach((talk, index) => {
      const next = sorted[index + 1];
      if (next && next.time < talk.endTime) clashes++;
    });
  }
  return clashes;
}

describe("the benchmark schedule generator", () => {
  it("by default writes 1,000 presentations in 20 rooms over 3 days that parse without a clash", () => {
    const schedule = parsed(buildLargeSchedule({ start: new Date(2026, 8, 1) }));
    expect(schedule.presentations).toHaveLength(1000);
    expect(schedule.rooms).toHaveLength(20);
    expect(new Set(schedule.presentations.map((talk) => talk.date))).toEqual(
      new Set(["2026-09-01", "2026-09-02", "2026-09-03"]),
    );
    expect(new Set(schedule.presentations.map((talk) => talk.externalId)).size).toBe(1000);
    expect(roomClashes(schedule)).toBe(0);
  });

  it("follows the options and stays within the day when crowded", () => {
    const small = parsed(buildLargeSchedule({ presentations: 37, rooms: 4, days: 2, start: new Date(2026, 0, 31) }));
    expect(small.presentations).toHaveLength(37);
    expect(small.rooms).toHaveLength(4);
    expect(small.event).toMatchObject({ start: "2026-01-31", end: "2026-02-01" });
    const crowded = parsed(buildLargeSchedule({ presentations: 300, rooms: 1, days: 1, start: new Date(2026, 0, 1) }));
    expect(crowded.presentations.every((talk) => talk.time < 24 * 60)).toBe(true);
    expect(roomClashes(crowded)).toBe(0);
  });

  it("is the same file for the same options", () => {
    const options = { presentations: 120, rooms: 5, days: 2, start: new Date(2026, 3, 2) };
    expect(buildLargeSchedule(options)).toEqual(buildLargeSchedule(options));
  });

  it("refuses more presentations than a day can hold", () => {
    expect(() => buildLargeSchedule({ presentations: 2000, rooms: 1, days: 1, start: new Date() })).toThrow(RangeError);
  });
});
