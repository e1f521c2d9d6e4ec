import { parseFrabSchedule, type ScheduleIssue } from "@core/schedule/frab";
import { describe, expect, it } from "vitest";
import { scheduleIssueMessage } from "../../worker/routes/schedule-issue-messages";

// A refused export is told in the caller's language: every issue the importer can raise has its
// French text, with the same values (what was found, where else).

function issuesOf(file: unknown): ScheduleIssue[] {
  const result = parseFrabSchedule(file, "x");
  if (result.ok) throw new Error("expected issues");
  return result.issues;
}

const talk = (overrides: Record<string, unknown>) => ({
  id: 1,
  date: "2026-03-10T10:00:00+01:00",
  start: "10:00",
  duration: "00:30",
  title: "A talk",
  ...overrides,
});

describe("schedule import issues in French", () => {
  it("translates every issue of a badly broken export, keeping the values", () => {
    const broken = {
      schedule: {
        conference: {
          title: " ",
          start: "2026-03-10",
          end: "2026-03-09",
          time_zone_name: "Mars/Olympus",
          tracks: [{ name: "T", color: "red" }],
          days: [
            {
              date: "2026-03-10",
              rooms: {
                A: [
                  talk({ duration: "1h30", start: "25:00", date: "10/03/2026" }),
                  talk({ title: 4, persons: [{ id: 3 }] }),
                  talk({ id: null }),
                  talk({ id: 7, date: "2026-03-01T10:00:00+01:00" }),
                  talk({ id: 7, date: "2026-03-01T10:00:00+01:00" }),
                ],
              },
            },
            { date: "2026-02-30" },
          ],
        },
        events: [{ guid: "e", start: "2026-03-10T10:00:00+01:00", room: "A", title: "E" }],
      },
      engagement: { logo: "ftp://x", scheduleTextColor: "blue", colour: "#fff", password: "" },
    };
    // Past the format, the meaning: checked only once the file has the right shape.
    const unsound = {
      schedule: {
        conference: {
          title: " ",
          start: "2026-03-10",
          end: "2026-03-09",
          days: [
            {
              date: "2026-03-10",
              rooms: {
                A: [
                  talk({ title: " ", persons: [{ id: 3 }] }),
                  talk({ id: null }),
                  talk({ id: 7, date: "2026-03-01T10:00:00+01:00" }),
                  talk({ id: 7, date: "2026-03-01T10:00:00+01:00" }),
                ],
              },
            },
          ],
        },
      },
    };
    const issues: ScheduleIssue[] = [
      ...issuesOf(broken),
      ...issuesOf(unsound),
      ...issuesOf({ schedule: { conference: { title: "X", days: [] } } }),
      ...issuesOf([]),
      { path: "", key: "schedule-more", values: { count: "3" } },
    ];
    expect(new Set(issues.map((issue) => issue.key)).size).toBeGreaterThan(15);
    for (const issue of issues) {
      const french = scheduleIssueMessage(issue, "fr");
      const english = scheduleIssueMessage(issue, "en");
      expect(french, `${issue.path}: ${english}`).not.toBe(english);
      for (const value of Object.values(issue.values ?? {})) expect(french, issue.key).toContain(value);
    }
  });

  it("says what was found and where else in French, and in English as the API always has", () => {
    const [duration, title] = issuesOf({
      schedule: {
        conference: {
          title: "X",
          days: [{ date: "2026-03-10", rooms: { A: [talk({ duration: "1h30" }), talk({ id: 2, title: 4 })] } }],
        },
      },
    });
    expect(duration && scheduleIssueMessage(duration, "fr")).toBe('durée "HH:MM" ou "HH:MM:SS" attendue, reçu "1h30"');
    expect(duration && scheduleIssueMessage(duration, "en")).toBe(
      'expected a duration "HH:MM" or "HH:MM:SS", got "1h30"',
    );
    expect(title && scheduleIssueMessage(title, "fr")).toBe("string | object attendu, 4 reçu");
    const twice = {
      schedule: {
        conference: {
          title: "X",
          days: [
            {
              date: "2026-03-01",
              rooms: {
                A: [
                  talk({ id: 7, date: "2026-03-01T10:00:00+01:00" }),
                  talk({ id: 7, date: "2026-03-01T10:00:00+01:00" }),
                ],
              },
            },
          ],
        },
      },
    };
    const [duplicate] = issuesOf(twice);
    expect(duplicate && scheduleIssueMessage(duplicate, "fr")).toBe(
      'événement en double : id "7" à 2026-03-01T10:00, déjà en schedule.conference.days[0].rooms["A"][0].id',
    );
    expect(scheduleIssueMessage({ key: "schedule-more", values: { count: "12" } }, "fr")).toBe("… et 12 de plus");
  });
});
