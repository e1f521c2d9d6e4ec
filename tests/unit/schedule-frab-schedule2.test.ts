import { readFileSync } from "node:fs";
import { type FrabParseResult, parseFrabSchedule } from "@core/schedule/frab";
import type { ImportedSchedule } from "@core/schedule/imported-schedule";
import { describe, expect, it } from "vitest";

// The c3voc schedule 2 layout (38C3's hub export, c3voc's validator example): events in one
// `schedule.events` list, people in `schedule.persons`. Read as it was, it imported no talk at all.

type JsonObject = Record<string, unknown>;

function hubFile(): { schedule: { events: JsonObject[]; [key: string]: unknown } } {
  return JSON.parse(readFileSync(new URL("../fixtures/c3voc-schedule2.schedule.json", import.meta.url), "utf8"));
}

function parsed(result: FrabParseResult): ImportedSchedule {
  if (!result.ok) throw new Error(`expected a schedule, got issues ${JSON.stringify(result.issues, null, 2)}`);
  return result.schedule;
}

describe("c3voc schedule 2 exports", () => {
  it("imports every event of schedule.events in its room, at its local time, past midnight on the next day", () => {
    const schedule = parsed(parseFrabSchedule(hubFile(), "38c3"));
    expect(schedule.event).toMatchObject({
      name: "38C3",
      start: "2024-12-27",
      end: "2024-12-30",
      timeZone: "Europe/Berlin",
    });
    expect(schedule.presentations).toEqual([
      expect.objectContaining({
        externalId: "270fa44c-821a-577f-8ca3-33e8d4a8c2a7",
        name: "38C3: Opening Ceremony",
        date: "2024-12-27",
        time: 10 * 60 + 30,
        endTime: 11 * 60,
        day: 1,
        roomName: "Saal 1",
        typeName: "Other",
        trackName: "CCC",
      }),
      expect.objectContaining({
        externalId: "b1740c2f-0c44-5f1b-89ed-456a9eecf0b8",
        date: "2024-12-28",
        time: 15,
        endTime: 55,
        day: 2,
        roomName: "Saal ZIGZAG",
        typeName: "Talk",
        // The track is named by its slug; conference.tracks gives its name and colour.
        trackName: "Hardware & Making",
        // 38C3's title ends in ':' and its subtitle completes it; the abstract stays its own.
        name: "A Competitive Time-Trial AI for Need for Speed:",
        subtitle: "Most Wanted Using Deep Reinforcement Learning",
        abstract: "All challenges and achievements in creating a competitive time-trial AI in NFS:MW.",
      }),
    ]);
    expect(schedule.tracks).toContainEqual({ name: "Hardware & Making", color: "#685b9d" });
    // Rooms of conference.rooms come first, in order, whether or not a talk uses them.
    expect(schedule.rooms.map((room) => room.name).slice(0, 3)).toEqual(["Saal 1", "Saal GLITCH", "Saal ZIGZAG"]);
  });

  it("names the participants as speakers with the biography and avatar URL of schedule.persons", () => {
    const schedule = parsed(parseFrabSchedule(hubFile(), "38c3"));
    expect(schedule.presentations[0]?.speakerExternalIds).toEqual([
      "0c16ffaa-709d-599f-959f-9a38b911361a",
      "721a267b-b09d-5422-8221-4f9a71cfc727",
      "4cee1e72-681f-5c8b-8dcd-8e58c8f4a445",
    ]);
    expect(
      schedule.speakers.find((speaker) => speaker.externalId === "0c16ffaa-709d-599f-959f-9a38b911361a"),
    ).toMatchObject({
      firstName: "Gabriela",
      lastName: "Bogk",
      picture: "https://fahrplan.events.ccc.de/congress/2024/fahrplan/media/avatars/SB9MER_Hwgr1fW.jpg",
      biography: expect.stringMatching(/^<p>Gabriela, the hacker formerly known as Andreas.*<\/p>$/),
      links: [{ url: "https://example.net/@handle/123456", title: "Mastodon" }],
    });
  });

  it("keeps a person's http(s) links once each and skips anything else", () => {
    const file = hubFile();
    const { persons } = file.schedule as unknown as { persons: { links?: unknown }[] };
    const [person] = persons;
    if (!person) throw new Error("no person");
    person.links = [
      { url: "https://example.org/me", title: "Site" },
      { url: "https://example.org/me", title: "Again" },
      { url: "javascript:alert(1)", title: "Evil" },
      { url: " https://example.org/blog ", service: "BLOG" },
      "https://example.org/bare",
      { title: "No URL" },
    ];
    const schedule = parsed(parseFrabSchedule(file, "38c3"));
    expect(
      schedule.speakers.find((speaker) => speaker.externalId === "0c16ffaa-709d-599f-959f-9a38b911361a")?.links,
    ).toEqual([
      { url: "https://example.org/me", title: "Site" },
      { url: "https://example.org/blog", title: "Blog" },
    ]);
  });

  it("leaves out canceled events and reads texts given per language", () => {
    const file = hubFile();
    const [opening, talk] = file.schedule.events;
    file.schedule.events = [
      { ...opening, state: "CANCELED" },
      { ...talk, abstract: { de: "", en: "All challenges, in English." } },
    ];
    const schedule = parsed(parseFrabSchedule(file, "38c3"));
    expect(schedule.presentations.map((presentation) => presentation.abstract)).toEqual([
      "All challenges, in English.",
    ]);
  });

  it("refuses an event without an end, or ending before it starts, and says which", () => {
    const file = hubFile();
    const [opening, talk] = file.schedule.events;
    file.schedule.events = [
      { ...opening, end: undefined },
      { ...talk, end: "2024-12-28T00:05:00+01:00" },
    ];
    const result = parseFrabSchedule(file, "38c3");
    expect(result.ok ? [] : result.issues).toEqual([
      { path: "schedule.events[0]", key: "schedule-needs-end" },
      { path: "schedule.events[1]", key: "schedule-event-ends-before-start" },
    ]);
  });
});
