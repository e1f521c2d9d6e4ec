import { parseFrabSchedule } from "@core/schedule/frab";
import { describe, expect, it } from "vitest";
import { scheduleIssueMessage } from "../../worker/routes/schedule-issue-messages";

// A refused export is told in the caller's language: every issue the importer can raise has its
// French text, with the same values (what was found, where else).

function issuesOf(file: unknown): { path: string; message: string }[] {
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
    const english = [
      ...issuesOf(broken),
      ...issuesOf(unsound),
      ...issuesOf({ schedule: { conference: { title: "X", days: [] } } }),
    ];
    english.push(...issuesOf([]), { path: "", message: "… and 3 more" });
    expect(new Set(english.map((issue) => issue.message.replace(/".*/, ""))).size).toBeGreaterThan(15);
    for (const issue of english) {
      const french = scheduleIssueMessage(issue.message, "fr");
      expect(french, `${issue.path}: ${issue.message}`).not.toBe(issue.message);
      expect(scheduleIssueMessage(issue.message, "en")).toBe(issue.message);
    }
  });

  it("says what was found and where else in French", () => {
    expect(scheduleIssueMessage('expected a duration "HH:MM" or "HH:MM:SS", got "1h30"', "fr")).toBe(
      'durée "HH:MM" ou "HH:MM:SS" attendue, reçu "1h30"',
    );
    expect(
      scheduleIssueMessage(
        'duplicate event id "7" at 2026-03-01T10:00, also at schedule.conference.days[0].rooms["A"][3].id',
        "fr",
      ),
    ).toBe('événement en double : id "7" à 2026-03-01T10:00, déjà en schedule.conference.days[0].rooms["A"][3].id');
    expect(scheduleIssueMessage("expected string, got number", "fr")).toBe("string attendu, number reçu");
  });
});
