import { ZOOM_CONTAINER_HEIGHTS_PX } from "@core/schedule/synopsis-constants";
import {
  currentTimeOffsetPx,
  dayColumnHeight,
  hourRail,
  isPastHour,
  railStartMinutes,
} from "@core/schedule/synopsis-hour-rail";
import { itemFit, layoutSynopsisDay } from "@core/schedule/synopsis-layout";
import { openingMinutesIn, synopsisOpening } from "@core/schedule/synopsis-opening";
import { formatMinutes, wallClock } from "@core/schedule/time-of-day";
import { describe, expect, it } from "vitest";
import { at, presentation } from "./synopsis-test-presentations";

const DAY = "2026-03-10";
const clock = (date: string, time: string) => ({ date, minutes: at(time) });

describe("synopsis hour rail", () => {
  it("labels hours 1 to 24, each on its h:00 line, 24 on the column's bottom edge", () => {
    const rail = hourRail(2);
    expect(rail.map((mark) => mark.hour)).toEqual(Array.from({ length: 24 }, (_, index) => index + 1));
    expect(rail[0]?.top).toBeCloseTo(ZOOM_CONTAINER_HEIGHTS_PX[2] / 24);
    expect(rail[11]?.top).toBeCloseTo(ZOOM_CONTAINER_HEIGHTS_PX[2] / 2);
    expect(rail[23]?.top).toBeCloseTo(ZOOM_CONTAINER_HEIGHTS_PX[2]);
  });

  it("the current-time bar appears only today between the first and last hour", () => {
    expect(currentTimeOffsetPx(clock(DAY, "12:00"), DAY, 2)).toBeCloseTo(ZOOM_CONTAINER_HEIGHTS_PX[2] / 2);
    expect(currentTimeOffsetPx(clock(DAY, "01:00"), DAY, 2)).toBeCloseTo(ZOOM_CONTAINER_HEIGHTS_PX[2] / 24);
    expect(currentTimeOffsetPx(clock(DAY, "00:59"), DAY, 2)).toBeNull();
    expect(currentTimeOffsetPx(clock("2026-03-11", "12:00"), DAY, 2)).toBeNull();
    expect(currentTimeOffsetPx(clock("2026-03-09", "12:00"), DAY, 2)).toBeNull();
  });

  it("the current-time bar scales with the zoom", () => {
    expect(currentTimeOffsetPx(clock(DAY, "18:00"), DAY, 4)).toBeCloseTo(ZOOM_CONTAINER_HEIGHTS_PX[4] * 0.75);
  });

  it("a past day greys every hour, a future day none, today the hours whose line has passed", () => {
    const greyed = (now: { date: string; minutes: number }) =>
      hourRail(2)
        .filter((mark) => isPastHour(mark.hour, now, DAY))
        .map((mark) => mark.hour);
    expect(greyed(clock("2026-03-11", "08:00"))).toHaveLength(24);
    expect(greyed(clock("2026-03-09", "23:00"))).toEqual([]);
    expect(greyed(clock(DAY, "08:59"))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(greyed(clock(DAY, "09:00"))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("a Date is read on the event's wall clock", () => {
    // 23:30 UTC is already 00:30 the next day in Paris (UTC+1 in March).
    const now = new Date("2026-03-10T23:30:00Z");
    expect(wallClock(now, "Europe/Paris")).toEqual({ date: "2026-03-11", minutes: 30 });
    expect(wallClock(now, "UTC")).toEqual({ date: DAY, minutes: at("23:30") });
    expect(currentTimeOffsetPx(now, DAY, 2, "UTC")).toBeCloseTo((at("23:30") / 1440) * ZOOM_CONTAINER_HEIGHTS_PX[2]);
    expect(currentTimeOffsetPx(now, DAY, 2, "Europe/Paris")).toBeNull();
    expect(isPastHour(24, now, DAY, "Europe/Paris")).toBe(true);
    expect(isPastHour(24, now, DAY, "UTC")).toBe(false);
  });

  it("a wall clock passed as date and minutes is taken as it is", () => {
    expect(wallClock(clock(DAY, "07:15"), "Pacific/Auckland")).toEqual(clock(DAY, "07:15"));
  });
});

describe("the rail from an hour before the day's first talk", () => {
  it("starts on the whole hour an hour before the first talk, never before midnight", () => {
    expect(railStartMinutes([presentation({ from: "09:30", to: "10:00" })])).toBe(at("08:00"));
    expect(railStartMinutes([presentation({ from: "11:00" }), presentation({ from: "09:00", to: "09:45" })])).toBe(
      at("08:00"),
    );
    expect(railStartMinutes([presentation({ from: "00:30", to: "01:00" })])).toBe(0);
    expect(railStartMinutes([])).toBe(0);
  });

  it("labels the hours from the rail's start to 24:00 at the zoom's scale", () => {
    const rail = hourRail(2, at("08:00"));
    expect(rail.map((mark) => mark.hour)).toEqual(Array.from({ length: 17 }, (_, index) => index + 8));
    expect(rail[0]?.top).toBe(0);
    expect(rail.at(-1)?.top).toBeCloseTo(dayColumnHeight(2, at("08:00")));
    expect(dayColumnHeight(2, at("08:00"))).toBeCloseTo((ZOOM_CONTAINER_HEIGHTS_PX[2] * 16) / 24);
    expect(currentTimeOffsetPx(clock(DAY, "12:00"), DAY, 2, undefined, at("08:00"))).toBeCloseTo(
      (ZOOM_CONTAINER_HEIGHTS_PX[2] * 4) / 24,
    );
    expect(currentTimeOffsetPx(clock(DAY, "07:59"), DAY, 2, undefined, at("08:00"))).toBeNull();
  });

  it("lays the day out from the rail's start", () => {
    const talk = presentation({ from: "09:30", to: "10:30" });
    const layout = layoutSynopsisDay([talk], [], 4, railStartMinutes([talk]));
    expect(layout.startMinutes).toBe(at("08:00"));
    expect(layout.containerHeight).toBeCloseTo(dayColumnHeight(4, at("08:00")));
    expect(layout.rooms[0]?.items[0]?.top).toBeCloseTo((ZOOM_CONTAINER_HEIGHTS_PX[4] * 1.5) / 24);
  });

  it("opens at the top of the first day's rail before the event, at the current time while it runs", () => {
    const days = [
      { date: "2026-03-10", presentations: [presentation({ from: "09:30", to: "10:30" })] },
      { date: "2026-03-11", presentations: [presentation({ date: "2026-03-11", from: "10:00", to: "11:00" })] },
    ];
    expect(synopsisOpening(days, clock("2026-03-01", "12:00"))).toEqual({
      dayIndex: 0,
      minutes: at("08:00"),
      now: false,
    });
    expect(synopsisOpening(days, clock("2026-03-11", "15:00"))).toEqual({
      dayIndex: 1,
      minutes: at("14:30"),
      now: true,
    });
    // Early in the morning, not before the rail's start.
    expect(synopsisOpening(days, clock("2026-03-11", "03:00"))).toEqual({
      dayIndex: 1,
      minutes: at("09:00"),
      now: true,
    });
  });

  it("opens an evening after the talks on the last talk of the view, not on empty hours", () => {
    const room = (id: number) => ({ _id: id, name: `Room ${id}` });
    const talks = [
      presentation({ from: "09:00", to: "10:00", room_id: 1, room_info: room(1) }),
      presentation({ from: "14:00", to: "15:00", room_id: 1, room_info: room(1) }),
      presentation({ from: "17:00", to: "18:00", room_id: 2, room_info: room(2) }),
    ];
    const { rooms } = layoutSynopsisDay(talks, [room(1), room(2)], 2, railStartMinutes(talks));
    const first = rooms.filter((column) => column.room?._id === 1);
    // The whole day (a desktop) opens on its last talk at 17:00; the first room alone (a phone) at 14:00.
    expect(openingMinutesIn(at("20:30"), rooms)).toBe(at("17:00"));
    expect(openingMinutesIn(at("20:30"), first)).toBe(at("14:00"));
    // While talks are still to start, the opening's own minute.
    expect(openingMinutesIn(at("11:30"), first)).toBe(at("11:30"));
    expect(openingMinutesIn(at("11:30"), [])).toBe(at("11:30"));
  });
});

describe("what a timetable box has room for", () => {
  it("adds a line only where the whole line fits", () => {
    expect(itemFit(14, 2)).toBe("none");
    expect(itemFit(16, 2)).toBe("tiny");
    expect(itemFit(28, 1)).toBe("wide");
    // One name line and the speaker come before a second name line.
    expect(itemFit(42, 2)).toBe("speaker");
    expect(itemFit(45, 1)).toBe("speaker two wide");
    // A 45-minute talk at 100 %: two name lines, the speaker and the time.
    expect(itemFit((45 * 2380) / 1440, 2)).toBe("speaker two two-speaker time");
    expect(itemFit(142, 1)).toBe("speaker two two-speaker time three four labels wide");
  });
});

describe("formatMinutes", () => {
  it("shows minutes from midnight as HH:mm", () => {
    expect([0, 5, 545, 1439].map(formatMinutes)).toEqual(["00:00", "00:05", "09:05", "23:59"]);
  });

  it("wraps past 24:00 for talks crossing midnight", () => {
    expect(formatMinutes(1440)).toBe("00:00");
    expect(formatMinutes(1470)).toBe("00:30");
  });
});
