import { scheduleOverlaps, talksOverlap } from "@core/schedule/schedule-overlaps";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { at, presentation } from "./synopsis-test-presentations";

describe("talksOverlap", () => {
  it("two talks sharing some minutes of the same day overlap, either way round", () => {
    const a = presentation({ from: "10:00", to: "11:00" });
    const b = presentation({ from: "10:30", to: "11:30" });
    expect(talksOverlap(a, b)).toBe(true);
    expect(talksOverlap(b, a)).toBe(true);
  });

  it("a talk ending when the next starts does not overlap it", () => {
    expect(
      talksOverlap(presentation({ from: "10:00", to: "10:30" }), presentation({ from: "10:30", to: "11:00" })),
    ).toBe(false);
  });

  it("the same times on two days do not overlap, and a talk never overlaps itself", () => {
    const a = presentation({ from: "10:00", to: "11:00" });
    expect(talksOverlap(a, presentation({ from: "10:00", to: "11:00", date: "2026-03-11" }))).toBe(false);
    expect(talksOverlap(a, a)).toBe(false);
  });

  it("a talk inside a longer one overlaps it", () => {
    expect(
      talksOverlap(presentation({ from: "09:00", to: "12:00" }), presentation({ from: "10:00", to: "10:15" })),
    ).toBe(true);
  });
});

describe("scheduleOverlaps", () => {
  it("names, for each talk in a conflict, every other talk it overlaps, in start order", () => {
    const long = presentation({ _id: 1, from: "09:00", to: "12:00" });
    const early = presentation({ _id: 2, from: "09:30", to: "10:00" });
    const late = presentation({ _id: 3, from: "11:00", to: "11:30" });
    const free = presentation({ _id: 4, from: "12:00", to: "13:00" });
    const overlaps = scheduleOverlaps([late, free, long, early]);
    expect(overlaps.get(1)?.map((p) => p._id)).toEqual([2, 3]);
    expect(overlaps.get(2)?.map((p) => p._id)).toEqual([1]);
    expect(overlaps.get(3)?.map((p) => p._id)).toEqual([1]);
    expect(overlaps.has(4)).toBe(false);
  });

  it("finds exactly the pairs a comparison of every pair finds, and is symmetric", () => {
    const talk = fc.record({
      date: fc.constantFrom("2026-03-10", "2026-03-11"),
      start: fc.integer({ min: at("08:00"), max: at("20:00") }),
      length: fc.integer({ min: 0, max: 180 }),
    });
    fc.assert(
      fc.property(fc.array(talk, { maxLength: 25 }), (specs) => {
        const talks = specs.map((spec, index) =>
          presentation({ _id: index + 1, date: spec.date, time: spec.start, end_time: spec.start + spec.length }),
        );
        const overlaps = scheduleOverlaps(talks);
        for (const a of talks) {
          const expected = talks.filter((b) => talksOverlap(a, b)).map((b) => b._id);
          const found = (overlaps.get(a._id) ?? []).map((b) => b._id);
          expect(new Set(found)).toEqual(new Set(expected));
          for (const id of found) expect(overlaps.get(id)?.some((b) => b._id === a._id)).toBe(true);
        }
      }),
    );
  });
});
