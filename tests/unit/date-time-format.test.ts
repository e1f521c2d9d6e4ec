import {
  dateLocale,
  formatDayMonthYear,
  formatDayMonthYearRange,
  formatLongDate,
  formatShortDateRange,
} from "@core/schedule/format-dates";
import { describe, expect, it } from "vitest";
import {
  formatDateTime,
  formatDuration,
  formatLongDay,
  formatNumericDate,
  formatTime,
} from "../../web/src/lib/date-time-format";

const earlyMorning = new Date("2026-11-27T04:34:00.000Z");
const afternoon = new Date("2026-11-23T13:05:00.000Z");
const lateNight = new Date("2026-11-23T23:30:00.000Z");

describe("dates and times, the same way in French and English", () => {
  it("writes times on a 24-hour clock in both languages, in the event's time zone", () => {
    for (const language of ["fr", "en"]) {
      expect(formatTime(earlyMorning, language, "Europe/Paris")).toBe("05:34");
      expect(formatTime(afternoon, language, "Europe/Paris")).toBe("14:05");
      expect(formatTime(lateNight, language, "Europe/Paris")).toBe("00:30");
    }
  });

  it("writes numeric dates day first (DD/MM/YYYY) in both languages, on the event's day", () => {
    for (const language of ["fr", "en"]) {
      expect(formatNumericDate(afternoon, language, "Europe/Paris")).toBe("23/11/2026");
      expect(formatNumericDate(lateNight, language, "Europe/Paris")).toBe("24/11/2026");
    }
  });

  it("writes a moment in words with a 24-hour time, never AM or PM", () => {
    expect(formatDateTime(earlyMorning, "fr", "Europe/Paris")).toBe("27 novembre 2026 à 05:34");
    expect(formatDateTime(earlyMorning, "en", "Europe/Paris")).toBe("27 November 2026 at 05:34");
    expect(formatDateTime(afternoon, "en", "UTC")).not.toMatch(/AM|PM/);
  });

  it("writes a day in words the way the event's dates are written (dd LLLL yyyy)", () => {
    expect(formatLongDay(earlyMorning, "fr", "Europe/Paris")).toBe(formatDayMonthYear("2026-11-27", "fr"));
    expect(formatLongDay(earlyMorning, "en", "Europe/Paris")).toBe(formatDayMonthYear("2026-11-27", "en"));
  });

  it("writes the event's days as the password prompt and the login overlay both do, one day or several", () => {
    expect(formatDayMonthYearRange("2026-11-27", "2026-11-27", "fr")).toBe("27 novembre 2026");
    expect(formatDayMonthYearRange("2026-11-27", "2026-11-27", "en")).toBe("27 November 2026");
    expect(formatDayMonthYearRange("2026-11-27", "2026-11-28", "fr")).toBe("27–28 novembre 2026");
    expect(formatDayMonthYearRange("2026-11-27", "2026-11-28", "en")).toMatch(/^27\s?–\s?28 November 2026$/);
  });

  it("formats English with day-first British English and French as France's", () => {
    expect(dateLocale("en")).toBe("en-GB");
    expect(dateLocale("fr")).toBe("fr-FR");
  });

  it("puts the day before the month in English day headers and short ranges too", () => {
    // CLDR versions differ on the comma after the weekday.
    expect(formatLongDate("2026-11-27", "en")).toMatch(/^Friday,? 27 November 2026$/);
    expect(formatLongDate("2026-11-27", "fr")).toBe("vendredi 27 novembre 2026");
    expect(formatShortDateRange("2026-11-26", "2026-11-28", "en")).toMatch(/^26\s?–\s?28 Nov 2026$/);
  });
});

describe("durations people read", () => {
  it("shows seconds for a short video rather than 0 min", () => {
    expect(formatDuration(21)).toBe("21 s");
    expect(formatDuration(0)).toBe("0 s");
    expect(formatDuration(0.4)).toBe("0 s");
  });

  it("shows minutes and seconds under ten minutes, minutes alone up to an hour", () => {
    expect(formatDuration(60)).toBe("1 min");
    expect(formatDuration(245)).toBe("4 min 05 s");
    expect(formatDuration(12 * 60 + 20)).toBe("12 min");
  });

  it("shows hours and minutes from an hour", () => {
    expect(formatDuration(3600)).toBe("1 h 00 min");
    expect(formatDuration(3600 + 5 * 60 + 10)).toBe("1 h 05 min");
  });
});
