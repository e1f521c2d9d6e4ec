import {
  buildCalendar,
  CALENDAR_ALARM_CHOICES,
  DEFAULT_CALENDAR_ALARM_MINUTES,
  zonedTimeToUtc,
} from "@core/schedule/icalendar";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";

describe("zonedTimeToUtc", () => {
  it("places a Paris 10:00 talk at 08:00 UTC in summer and 09:00 UTC in winter", () => {
    expect(zonedTimeToUtc("2026-07-01", 10 * 60, "Europe/Paris").toISOString()).toBe("2026-07-01T08:00:00.000Z");
    expect(zonedTimeToUtc("2026-11-21", 10 * 60, "Europe/Paris").toISOString()).toBe("2026-11-21T09:00:00.000Z");
  });

  it("handles the day of a daylight-saving change and times past midnight", () => {
    // 29 March 2026: Paris moves from UTC+1 to UTC+2 at 02:00 local.
    expect(zonedTimeToUtc("2026-03-29", 9 * 60, "Europe/Paris").toISOString()).toBe("2026-03-29T07:00:00.000Z");
    expect(zonedTimeToUtc("2026-11-21", 24 * 60 + 30, "Europe/Paris").toISOString()).toBe("2026-11-21T23:30:00.000Z");
    expect(zonedTimeToUtc("2026-11-21", 10 * 60, "America/New_York").toISOString()).toBe("2026-11-21T15:00:00.000Z");
  });
});

describe("buildCalendar", () => {
  const now = new Date("2026-11-21T12:00:00Z");
  const entry = {
    uid: "presentation-7@example.org",
    start: new Date("2026-11-21T09:00:00Z"),
    end: new Date("2026-11-21T10:00:00Z"),
    summary: "Sécurité, confiance; et IA: un titre très long qui dépasse largement la limite de soixante-quinze octets",
    location: "Salle Ada, Palais des Congrès",
    description: "Jane Doe\n\nLine two, with commas; and semicolons",
    url: "https://example.org/demo/7",
  };

  it("parses in a standard iCalendar parser with the same fields and instants", () => {
    const text = buildCalendar({ name: "Salon 2026", entries: [entry], now, alarmMinutes: 0 });
    const calendar = new ICAL.Component(ICAL.parse(text));
    const [event] = calendar.getAllSubcomponents("vevent");
    if (!event) throw new Error("no event parsed");
    const parsed = new ICAL.Event(event);
    expect(parsed.uid).toBe(entry.uid);
    expect(parsed.summary).toBe(entry.summary);
    expect(parsed.location).toBe(entry.location);
    expect(parsed.description).toBe(entry.description);
    expect(parsed.startDate.toJSDate().toISOString()).toBe(entry.start.toISOString());
    expect(parsed.endDate.toJSDate().toISOString()).toBe(entry.end.toISOString());
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Salon 2026");
  });

  it("uses CRLF line endings and folds every line to at most 75 octets", () => {
    const text = buildCalendar({ name: "Salon", entries: [entry], now, alarmMinutes: 0 });
    expect(text.endsWith("\r\n")).toBe(true);
    for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it("writes an empty but valid calendar when nothing is scheduled", () => {
    const calendar = new ICAL.Component(
      ICAL.parse(buildCalendar({ name: "Empty", entries: [], now, alarmMinutes: 0 })),
    );
    expect(calendar.getAllSubcomponents("vevent")).toHaveLength(0);
  });

  it("writes every line break of a text (CRLF, lone CR, lone LF) as an escaped newline, never a raw one", () => {
    const injected = {
      ...entry,
      summary: "Title\rATTENDEE:mailto:evil@example.org",
      location: "Room\r\nX-INJECTED:1",
      description: "One\nTwo\r\nThree\rFour",
    };
    const text = buildCalendar({ name: "Salon\rX-EVIL:1", entries: [injected], now, alarmMinutes: 0 });
    const lines = text.split("\r\n");
    expect(text.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
    expect(lines.some((line) => /^(ATTENDEE|X-INJECTED|X-EVIL)/.test(line))).toBe(false);
    expect(lines).toContain("SUMMARY:Title\\nATTENDEE:mailto:evil@example.org");
    const calendar = new ICAL.Component(ICAL.parse(text));
    const [event] = calendar.getAllSubcomponents("vevent");
    if (!event) throw new Error("no event parsed");
    const parsed = new ICAL.Event(event);
    expect(parsed.summary).toBe("Title\nATTENDEE:mailto:evil@example.org");
    expect(parsed.location).toBe("Room\nX-INJECTED:1");
    expect(parsed.description).toBe("One\nTwo\nThree\nFour");
    // ical.js leaves an X- property undecoded: the escape itself is what arrives.
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Salon\\nX-EVIL:1");
  });

  it("removes control characters from texts, identifiers and links", () => {
    const text = buildCalendar({
      name: "Salon",
      entries: [
        {
          ...entry,
          summary: "Nul\u0000Bell\u0007\u2028Sep",
          uid: "a\r\nb@example.org",
          url: "https://example.org/\r\nX-BAD:1",
        },
      ],
      now,
      alarmMinutes: 10,
    });
    const controls = [...text.replaceAll("\r\n", "")].filter((character) => {
      const code = character.codePointAt(0) ?? 0;
      return (code < 0x20 && code !== 0x09) || code === 0x7f || code === 0x2028;
    });
    expect(controls).toEqual([]);
    const lines = text.split("\r\n");
    expect(lines).toContain("SUMMARY:NulBellSep");
    expect(lines).toContain("UID:ab@example.org");
    expect(lines).toContain("URL:https://example.org/X-BAD:1");
  });

  it("carries a display reminder the chosen minutes before each talk, and none for 0", () => {
    const second = { ...entry, uid: "presentation-8@example.org", summary: "Second" };
    for (const minutes of [5, 10, 15] as const) {
      const calendar = new ICAL.Component(
        ICAL.parse(buildCalendar({ name: "Salon", entries: [entry, second], now, alarmMinutes: minutes })),
      );
      const events = calendar.getAllSubcomponents("vevent");
      expect(events).toHaveLength(2);
      for (const event of events) {
        const alarms = event.getAllSubcomponents("valarm");
        expect(alarms).toHaveLength(1);
        const [alarm] = alarms;
        expect(alarm?.getFirstPropertyValue("action")).toBe("DISPLAY");
        expect(alarm?.getFirstPropertyValue("description")).toBe(event.getFirstPropertyValue("summary"));
        const trigger = alarm?.getFirstPropertyValue("trigger") as ICAL.Duration;
        expect(trigger.toSeconds()).toBe(-minutes * 60);
      }
    }
    const silent = new ICAL.Component(
      ICAL.parse(buildCalendar({ name: "Salon", entries: [entry], now, alarmMinutes: 0 })),
    );
    expect(silent.getFirstSubcomponent("vevent")?.getAllSubcomponents("valarm")).toHaveLength(0);
  });

  it("offers none, 5, 10 and 15 minutes and reminds 10 minutes before by default", () => {
    expect(CALENDAR_ALARM_CHOICES).toEqual([0, 5, 10, 15]);
    expect(DEFAULT_CALENDAR_ALARM_MINUTES).toBe(10);
  });
});
