import { dayNumbers, groupByDay, synopsisDays } from "@core/schedule/day-numbering";
import { describe, expect, it } from "vitest";
import { presentation } from "./synopsis-test-presentations";

describe("day numbering", () => {
  it("day numbers count from the sorted dates", () => {
    expect(dayNumbers(["2026-03-12", "2026-03-10", "2026-03-11", "2026-03-10"])).toEqual(
      new Map([
        ["2026-03-10", 1],
        ["2026-03-11", 2],
        ["2026-03-12", 3],
      ]),
    );
  });

  it("the schedule list is by date, then by start and end time", () => {
    const days = groupByDay([
      presentation({ _id: 1, date: "2026-03-11", from: "09:00", to: "10:00" }),
      presentation({ _id: 2, date: "2026-03-10", from: "14:00", to: "15:00" }),
      presentation({ _id: 3, date: "2026-03-10", from: "09:00", to: "11:00" }),
      presentation({ _id: 4, date: "2026-03-10", from: "09:00", to: "10:00" }),
    ]);
    expect(days.map((day) => [day.date, day.dayNumber, day.presentations.map((p) => p._id)])).toEqual([
      ["2026-03-10", 1, [4, 3, 2]],
      ["2026-03-11", 2, [1]],
    ]);
  });

  it("a filtered list keeps the day numbers of the event's dates", () => {
    const days = groupByDay([presentation({ date: "2026-03-12" })], ["2026-03-10", "2026-03-11", "2026-03-12"]);
    expect(days.map((day) => day.dayNumber)).toEqual([3]);
  });

  it("synopsis days follow the presentations' day field, sorted as numbers", () => {
    const days = synopsisDays([
      presentation({ _id: 1, day: 10, date: "2026-03-19" }),
      presentation({ _id: 2, day: 2, date: "2026-03-11", from: "15:00", to: "16:00" }),
      presentation({ _id: 3, day: 2, date: "2026-03-11", from: "09:00", to: "10:00" }),
      presentation({ _id: 4, day: 1, date: "2026-03-10" }),
    ]);
    expect(days.map((day) => [day.day, day.date, day.presentations.map((p) => p._id)])).toEqual([
      [1, "2026-03-10", [4]],
      [2, "2026-03-11", [3, 2]],
      [10, "2026-03-19", [1]],
    ]);
  });

  it("no presentations give no days", () => {
    expect(groupByDay([])).toEqual([]);
    expect(synopsisDays([])).toEqual([]);
  });
});
