import { readFileSync } from "node:fs";
import { type FrabParseResult, parseFrabSchedule } from "@core/schedule/frab";
import type { ImportedPresentation, ImportedSchedule } from "@core/schedule/imported-schedule";
import { TRACK_PALETTE, trackColor } from "@core/schedule/track-colors";
import { describe, expect, it } from "vitest";
import { scheduleIssueMessage } from "../../worker/routes/schedule-issue-messages";

type JsonObject = Record<string, unknown>;

interface FixtureDay {
  index?: number;
  date: string;
  rooms: Record<string, JsonObject[]>;
  [key: string]: unknown;
}

interface FixtureFile {
  schedule: { conference: { days: FixtureDay[]; [key: string]: unknown } };
  engagement?: unknown;
}

function fixture(name: "frab-small" | "pretalx-small" | "c3voc-merged"): FixtureFile {
  return JSON.parse(readFileSync(new URL(`../fixtures/${name}.schedule.json`, import.meta.url), "utf8"));
}

function eventIn(file: FixtureFile, day: number, room: string, position: number): JsonObject {
  const event = file.schedule.conference.days[day]?.rooms[room]?.[position];
  if (!event) throw new Error(`no event ${day}/${room}/${position} in the fixture`);
  return event;
}

function parsed(result: FrabParseResult): ImportedSchedule {
  if (!result.ok) throw new Error(`expected a schedule, got issues ${JSON.stringify(result.issues, null, 2)}`);
  return result.schedule;
}

/** The issues as the API tells them to an English caller. */
function issuesOf(result: FrabParseResult): { path: string; message: string }[] {
  if (result.ok) throw new Error("expected issues, got a schedule");
  return result.issues.map((issue) => ({ path: issue.path, message: scheduleIssueMessage(issue, "en") }));
}

function presentation(schedule: ImportedSchedule, externalId: string): ImportedPresentation {
  const found = schedule.presentations.find((candidate) => candidate.externalId === externalId);
  if (!found) throw new Error(`no presentation ${externalId}`);
  return found;
}

/** A minimal valid frab event; the caller overrides what the test is about. */
function talk(overrides: JsonObject = {}): JsonObject {
  return {
    id: 1,
    date: "2026-03-10T10:00:00+01:00",
    start: "10:00",
    duration: "00:30",
    room: "Room A",
    title: "A talk",
    persons: [],
    ...overrides,
  };
}

/** A minimal valid frab file of one day whose rooms hold the given events. */
function scheduleOf(rooms: Record<string, JsonObject[]>, conference: JsonObject = {}): FixtureFile {
  return {
    schedule: {
      conference: {
        title: "Minimal conference",
        start: "2026-03-10",
        end: "2026-03-10",
        days: [{ index: 0, date: "2026-03-10", rooms }],
        ...conference,
      },
    },
  };
}

const frab = () => parsed(parseFrabSchedule(fixture("frab-small"), "36c3"));
const pretalx = () => parsed(parseFrabSchedule(fixture("pretalx-small"), "democon"));
const FRAB_GUID = "9e9a2f7c-1c4b-5a77-8b53-0b3f4d2f1a0";

describe("parseFrabSchedule on a frab / c3voc file", () => {
  it("maps the conference to the event: slug, title, dates and time zone", () => {
    expect(frab().event).toEqual({
      slug: "36c3",
      name: "36th Chaos Communication Congress",
      start: "2019-12-27",
      end: "2019-12-28",
      timeZone: "Europe/Berlin",
      settings: {},
    });
  });

  it("keeps every talk, in the file's order of days, rooms and slots", () => {
    expect(frab().presentations.map((talk) => talk.externalId)).toEqual(
      [1, 2, 5, 3, 6, 4, 7, 9, 8].map((n) => `${FRAB_GUID}${n}`),
    );
  });

  it("lists the rooms in the order of conference.rooms", () => {
    expect(frab().rooms).toEqual([{ name: "Saal 1" }, { name: "Saal Ada" }, { name: "Saal Borg" }]);
  });

  it("numbers days from 1 on the conference's first date", () => {
    const schedule = frab();
    expect(presentation(schedule, `${FRAB_GUID}1`).day).toBe(1);
    expect(presentation(schedule, `${FRAB_GUID}7`).day).toBe(2);
  });

  it("takes time from start and endTime as time plus duration", () => {
    const opening = presentation(frab(), `${FRAB_GUID}1`);
    expect(opening).toMatchObject({ date: "2019-12-27", time: 11 * 60, endTime: 11 * 60 + 40, roomName: "Saal 1" });
  });

  it("a talk crossing midnight keeps its local date and ends after 1440 minutes", () => {
    const lateNight = presentation(frab(), `${FRAB_GUID}5`);
    expect(lateNight).toMatchObject({ date: "2019-12-27", time: 23 * 60 + 30, endTime: 1470, day: 1 });
  });

  it("a talk after midnight listed under the previous day belongs to the day of its own calendar date", () => {
    const afterMidnight = presentation(frab(), `${FRAB_GUID}6`);
    expect(afterMidnight).toMatchObject({ date: "2019-12-28", time: 30, endTime: 75, day: 2 });
  });

  it("reads durations written H:MM and HH:MM:SS", () => {
    const schedule = frab();
    expect(presentation(schedule, `${FRAB_GUID}8`)).toMatchObject({ time: 14 * 60, endTime: 15 * 60 + 30 });
    expect(presentation(schedule, `${FRAB_GUID}9`)).toMatchObject({ time: 17 * 60 + 15, endTime: 17 * 60 + 45 });
  });

  it("without time_zone_name, keeps the local date written in the event date and its start, whatever the offset", () => {
    const file = scheduleOf({ "Room A": [talk({ date: "2026-03-10T23:00:00-05:00", start: "23:00" })] });
    expect(parsed(parseFrabSchedule(file, "x")).presentations[0]).toMatchObject({ date: "2026-03-10", time: 1380 });
  });

  it("splits public_name into first name (all but the last word) and last name", () => {
    const speakers = frab().speakers;
    expect(speakers.find((speaker) => speaker.externalId === "7002:Ludwig van Beethoven")).toEqual({
      externalId: "7002:Ludwig van Beethoven",
      title: null,
      firstName: "Ludwig van",
      lastName: "Beethoven",
      picture: null,
      biography: null,
      links: [],
    });
  });

  it("puts a single-word name in firstName", () => {
    expect(frab().speakers.find((speaker) => speaker.externalId === "7003:bunnie")).toMatchObject({
      firstName: "bunnie",
      lastName: "",
    });
  });

  it("keeps trailing pronouns with the word before them, not as a last name (39C3: 'tbsprs (he/his)')", () => {
    const persons = [
      { id: 1, public_name: "tbsprs (he/his)" },
      { id: 2, public_name: "Alex Thurow (she/her)" },
    ];
    const schedule = parsed(parseFrabSchedule(scheduleOf({ "Room A": [talk({ persons })] }), "x"));
    expect(schedule.speakers.map(({ firstName, lastName }) => [firstName, lastName])).toEqual([
      ["tbsprs (he/his)", ""],
      ["Alex", "Thurow (she/her)"],
    ]);
  });

  it("lists a speaker of several talks once, with the numeric id and public name as external id", () => {
    const schedule = frab();
    expect(schedule.speakers.map((speaker) => speaker.externalId)).toEqual([
      "7001:Jane Doe",
      "7002:Ludwig van Beethoven",
      "7003:bunnie",
      "7004:Karla Schmidt",
      "7005:Mia Nakamura",
      "7006:Sophie Martin",
    ]);
    expect(schedule.speakers[0]).toMatchObject({
      firstName: "Jane",
      lastName: "Doe",
      picture: "https://frab.example.org/system/people/avatars/7001/jane.jpg",
      // As a talk's description: HTML from its Markdown, sanitized when stored.
      biography: "<p>Jane has organised the congress for ten years.</p>",
    });
  });

  it("keeps the speakers of a talk in the file's order, the main speaker first", () => {
    expect(presentation(frab(), `${FRAB_GUID}6`).speakerExternalIds).toEqual(["7005:Mia Nakamura", "7001:Jane Doe"]);
    expect(presentation(frab(), `${FRAB_GUID}9`).speakerExternalIds).toEqual([]);
  });

  it("keeps the file's track colours, lower-cased, and derives one for an undeclared track", () => {
    expect(frab().tracks).toEqual([
      { name: "CCC", color: "#4c4c4c" },
      { name: "Security", color: "#ba2d2d" },
      { name: "Hardware & Making", color: "#1e88e5" },
      { name: "Ethics, Society & Politics", color: trackColor("Ethics, Society & Politics") },
    ]);
  });

  it("collects the types in order of first appearance, without icons", () => {
    expect(frab().types).toEqual([
      { name: "lecture", icon: null },
      { name: "other", icon: null },
      { name: "workshop", icon: null },
      { name: "podium", icon: null },
    ]);
  });

  it("keeps the subtitle as its own field; a talk without an abstract keeps none", () => {
    const schedule = frab();
    expect(presentation(schedule, `${FRAB_GUID}1`)).toMatchObject({
      subtitle: null,
      abstract: "Welcome to the 36th Chaos Communication Congress.",
    });
    expect(presentation(schedule, `${FRAB_GUID}2`)).toMatchObject({
      subtitle: "Trusting your silicon",
      abstract: null,
    });
    expect(presentation(schedule, `${FRAB_GUID}7`)).toMatchObject({
      subtitle: "Who is after you, really?",
      abstract: null,
    });
    expect(presentation(schedule, `${FRAB_GUID}6`)).toMatchObject({ subtitle: null, abstract: null });
  });

  it("keeps a subtitle that completes a title ending in ':' beside the abstract, trimmed", () => {
    const file = scheduleOf({
      "Room A": [
        talk({
          title: "Fearsome File Formats:",
          subtitle: "  what your parser does not expect\n",
          abstract: "A tour of formats.",
        }),
        talk({ id: 2, start: "11:00", date: "2026-03-10T11:00:00+01:00", subtitle: "   " }),
      ],
    });
    const schedule = parsed(parseFrabSchedule(file, "38c3"));
    expect(presentation(schedule, "1")).toMatchObject({
      name: "Fearsome File Formats:",
      subtitle: "what your parser does not expect",
      abstract: "A tour of formats.",
    });
    expect(presentation(schedule, "2").subtitle).toBeNull();
  });

  it("keeps the description HTML as information and turns blank or null texts into null", () => {
    const schedule = frab();
    expect(presentation(schedule, `${FRAB_GUID}8`).information).toBe(
      '<p>With <a href="https://example.org/panel">four guests</a>.</p>',
    );
    expect(presentation(schedule, `${FRAB_GUID}5`).information).toBeNull();
    expect(presentation(schedule, `${FRAB_GUID}9`)).toMatchObject({ typeName: null, trackName: null, abstract: null });
  });

  it("has no associations when the file names none", () => {
    const schedule = frab();
    expect(schedule.associations).toEqual([]);
    expect(schedule.presentations.every((talk) => talk.associationName === null)).toBe(true);
  });

  it("ignores keys it does not know", () => {
    const file = fixture("frab-small");
    Object.assign(eventIn(file, 0, "Saal 1", 0), { feedback_url: "https://x.example", answers: [{ q: 1 }] });
    expect(parseFrabSchedule(file, "36c3")).toEqual(parseFrabSchedule(fixture("frab-small"), "36c3"));
  });
});

describe("parseFrabSchedule on a pretalx file", () => {
  it("numbers days from the conference's first date", () => {
    expect(pretalx().presentations.map((talk) => talk.day)).toEqual([1, 1, 1, 2]);
  });

  it("uses the event guid as external id", () => {
    expect(pretalx().presentations[0]?.externalId).toBe("0b4ab2b6-0f0e-5a3e-8bcb-5d7a0d0c1a01");
  });

  it("uses the pretalx person code as external id and name when public_name is missing", () => {
    expect(
      pretalx().speakers.map(({ externalId, firstName, lastName }) => ({ externalId, firstName, lastName })),
    ).toEqual([
      { externalId: "8ZBQ3N", firstName: "Ada", lastName: "Lovelace" },
      { externalId: "W7HTQ2", firstName: "Grace", lastName: "Hopper" },
      { externalId: "C4RL0S", firstName: "Carlos", lastName: "" },
    ]);
  });

  it("completes a speaker's picture and biography from a later appearance", () => {
    expect(pretalx().speakers[1]).toMatchObject({
      picture: "https://pretalx.example.org/media/avatars/W7HTQ2_grace.png",
      biography: "<p>Grace likes compilers.</p>",
    });
  });

  it("leaves picture and biography null when they are empty", () => {
    expect(pretalx().speakers[2]).toMatchObject({ picture: null, biography: null });
  });

  it("derives a palette colour for tracks without one", () => {
    expect(pretalx().tracks).toEqual([
      { name: "Community", color: trackColor("Community") },
      { name: "Infrastructure", color: trackColor("Infrastructure") },
    ]);
  });

  it("keeps a declared room that has no talk", () => {
    expect(pretalx().rooms).toEqual([{ name: "Main Hall" }, { name: "Workshop Room" }]);
  });
});

describe("parseFrabSchedule on a merged c3voc file", () => {
  const merged = () => parsed(parseFrabSchedule(fixture("c3voc-merged"), "merged22"));
  const MERGED_GUID = "5c1e0b9a-2f3d-5e4a-9b7c-3d2e1f0a9b";

  it("shows a talk written at -05:00 at its wall clock in the conference's zone", () => {
    expect(presentation(merged(), "b67130ca-1f54-41c7-928c-b0497146bebc")).toMatchObject({
      name: "Intro to Solar Protocol",
      date: "2022-12-27",
      time: 16 * 60 + 30,
      endTime: 17 * 60 + 30,
      day: 1,
    });
  });

  it("gives each later slot of a recurring event its guid with the slot's local date and time", () => {
    const cadus = merged().presentations.filter((talk) => talk.name.startsWith("Meet CADUS"));
    expect(cadus.map(({ externalId, day }) => ({ externalId, day }))).toEqual([
      { externalId: `${MERGED_GUID}01`, day: 1 },
      { externalId: `${MERGED_GUID}01@2022-12-28T14:00`, day: 2 },
    ]);
  });

  it("gives each later slot of a recurring event without guid its id with the slot's local date and time", () => {
    const meetups = merged().presentations.filter((talk) => talk.name === "Open hackspace meetup");
    expect(meetups.map((talk) => talk.externalId)).toEqual(["886", "886@2022-12-28T22:00"]);
  });

  it("accepts events that repeat an id but have distinct guids, and keeps their guids", () => {
    const schedule = merged();
    expect(presentation(schedule, `${MERGED_GUID}02`).name).toBe("Lockpicking for beginners");
    expect(presentation(schedule, `${MERGED_GUID}06`).name).toBe("Mesh networks at home");
  });

  it("tells apart different people who share a numeric id, and lists one person of several talks once", () => {
    const schedule = merged();
    expect(schedule.speakers.map((speaker) => speaker.externalId)).toEqual([
      "ZUGZGF",
      "MICRO0",
      "0:Polto",
      "0:Anna Lyse",
      "2:Bob Builder",
      "2:Carol Shannon",
    ]);
    expect(presentation(schedule, `${MERGED_GUID}06`).speakerExternalIds).toEqual(["2:Carol Shannon", "0:Polto"]);
  });

  it("puts a 00:50 talk listed under the previous day on the next day, before that day's morning", () => {
    const schedule = merged();
    expect(presentation(schedule, `${MERGED_GUID}05`)).toMatchObject({ date: "2022-12-28", time: 50, day: 2 });
    const secondDay = schedule.presentations.filter((talk) => talk.day === 2).sort((a, b) => a.time - b.time);
    expect(secondDay[0]?.name).toBe("Night set");
  });

  it("gives the same external ids on every import of the same file", () => {
    const ids = (schedule: ImportedSchedule) => schedule.presentations.map((talk) => talk.externalId);
    expect(ids(merged())).toEqual(ids(merged()));
    expect(new Set(ids(merged())).size).toBe(merged().presentations.length);
  });
});

describe("parseFrabSchedule times in the conference's time zone", () => {
  const inZone = (event: JsonObject, timeZone = "Europe/Paris") =>
    parsed(parseFrabSchedule(scheduleOf({ "Room A": [talk(event)] }, { time_zone_name: timeZone }), "x"))
      .presentations[0];

  it("reads a UTC date-time on the conference's wall clock", () => {
    expect(inZone({ date: "2026-03-10T09:00:00Z", start: "09:00" })).toMatchObject({ time: 10 * 60, endTime: 630 });
  });

  it("follows the zone's summer time", () => {
    expect(inZone({ date: "2026-07-10T08:00:00+00:00", start: "08:00" })).toMatchObject({ time: 10 * 60 });
  });

  it("moves a talk whose instant falls after midnight in the zone to the next date and day", () => {
    expect(inZone({ date: "2026-03-10T19:30:00-05:00", start: "19:30" })).toMatchObject({
      date: "2026-03-11",
      time: 90,
      endTime: 120,
      day: 2,
    });
  });

  it("keeps the local date and start of a date-time written without offset", () => {
    expect(inZone({ date: "2026-03-10T10:00:00", start: "10:00" }, "America/New_York")).toMatchObject({
      date: "2026-03-10",
      time: 10 * 60,
    });
  });
});

describe("track colours", () => {
  it("the same track name always gets the same colour", () => {
    // Pinned values: a change here changes the colours of every imported schedule.
    expect(trackColor("Security")).toBe("#65a30d");
    expect(trackColor("Community")).toBe(trackColor("Community"));
    expect(trackColor("  Community ")).toBe(trackColor("Community"));
    expect(parseFrabSchedule(fixture("pretalx-small"), "a")).toEqual(parseFrabSchedule(fixture("pretalx-small"), "a"));
  });

  it("derived colours come from the palette and spread over it", () => {
    const names = [
      "AI",
      "Security",
      "Design",
      "Health",
      "Data",
      "Cloud",
      "Mobile",
      "Web",
      "Ops",
      "Science",
      "Art",
      "Law",
    ];
    const colours = names.map(trackColor);
    expect(colours.every((colour) => (TRACK_PALETTE as readonly string[]).includes(colour))).toBe(true);
    expect(new Set(colours).size).toBeGreaterThanOrEqual(6);
  });

  it("a track colour that is not a hex colour is replaced by the derived one", () => {
    const file = scheduleOf(
      { "Room A": [talk({ track: "Web" })] },
      { tracks: [{ name: "Web", color: "rgb(1, 2, 3)" }] },
    );
    expect(parsed(parseFrabSchedule(file, "x")).tracks).toEqual([{ name: "Web", color: trackColor("Web") }]);
  });

  it("without conference.tracks, every event track gets its derived colour", () => {
    const file = scheduleOf({ "Room A": [talk({ track: "Web" }), talk({ id: 2, track: "Data", start: "11:00" })] });
    expect(parsed(parseFrabSchedule(file, "x")).tracks).toEqual([
      { name: "Web", color: trackColor("Web") },
      { name: "Data", color: trackColor("Data") },
    ]);
  });
});

describe("parseFrabSchedule liberal readings", () => {
  it("accepts an event whose room is not in conference.rooms and adds the room after the listed ones", () => {
    const file = scheduleOf(
      { Foyer: [talk()], "Room A": [talk({ id: 2 })] },
      { rooms: [{ name: "Room A" }, { name: "Room B" }] },
    );
    const schedule = parsed(parseFrabSchedule(file, "x"));
    expect(schedule.rooms).toEqual([{ name: "Room A" }, { name: "Room B" }, { name: "Foyer" }]);
    expect(schedule.presentations[0]?.roomName).toBe("Foyer");
  });

  it("without conference.rooms, takes the rooms from the days in order of first appearance", () => {
    const file = scheduleOf({ "Room B": [talk()], "Room A": [talk({ id: 2 })] });
    file.schedule.conference.days.push({
      index: 1,
      date: "2026-03-11",
      rooms: { "Room C": [talk({ id: 3, date: "2026-03-11T10:00:00+01:00" })], "Room A": [] },
    });
    file.schedule.conference.end = "2026-03-11";
    expect(parsed(parseFrabSchedule(file, "x")).rooms).toEqual([
      { name: "Room B" },
      { name: "Room A" },
      { name: "Room C" },
    ]);
  });

  it("without time_zone_name, the time zone is Europe/Paris", () => {
    expect(parsed(parseFrabSchedule(scheduleOf({ "Room A": [talk()] }), "x")).event.timeZone).toBe("Europe/Paris");
  });

  it("keeps the date of a conference start and end given as ISO date-times", () => {
    const file = scheduleOf(
      { "Room A": [talk()] },
      { start: "2026-03-10T09:00:00+01:00", end: "2026-03-12T18:00:00+01:00" },
    );
    expect(parsed(parseFrabSchedule(file, "x")).event).toMatchObject({ start: "2026-03-10", end: "2026-03-12" });
  });

  it("takes the conference dates from its days when start and end are absent", () => {
    const file = scheduleOf({ "Room A": [talk()] }, { start: undefined, end: undefined });
    expect(parsed(parseFrabSchedule(file, "x")).event).toMatchObject({ start: "2026-03-10", end: "2026-03-10" });
  });

  it("numbers days by the talks' dates, whatever the days' index, repeated or absent, and order", () => {
    const file = scheduleOf({}, { end: "2026-03-12" });
    file.schedule.conference.days = [
      { index: 0, date: "2026-03-12", rooms: { "Room A": [talk({ id: 3, date: "2026-03-12T10:00:00+01:00" })] } },
      { index: 0, date: "2026-03-10", rooms: { "Room A": [talk({ id: 1 })] } },
      { date: "2026-03-11", rooms: { "Room A": [talk({ id: 2, date: "2026-03-11T10:00:00+01:00" })] } },
    ];
    expect(parsed(parseFrabSchedule(file, "x")).presentations.map((talk) => talk.day)).toEqual([3, 1, 2]);
  });

  it("counts day 1 from conference.start when it comes before the first day's date", () => {
    const file = scheduleOf({ "Room A": [talk()] }, { start: "2026-03-09T18:00:00+01:00" });
    expect(parsed(parseFrabSchedule(file, "x")).presentations[0]?.day).toBe(2);
  });

  it("uses the id, as a string, when an event has no guid", () => {
    const file = scheduleOf({ "Room A": [talk({ id: 42 }), talk({ id: "talk-7", start: "11:00" })] });
    expect(parsed(parseFrabSchedule(file, "x")).presentations.map((talk) => talk.externalId)).toEqual(["42", "talk-7"]);
  });

  it("identifies a person by guid, else code, else id and public name, else public name", () => {
    const persons = [
      { id: 5, guid: "g-5", code: "C5", public_name: "With Guid" },
      { id: 6, code: "C6", name: "With Code" },
      { id: 7, public_name: "With Id" },
      { public_name: "Only A Name" },
    ];
    const schedule = parsed(parseFrabSchedule(scheduleOf({ "Room A": [talk({ persons })] }), "x"));
    expect(schedule.presentations[0]?.speakerExternalIds).toEqual(["g-5", "C6", "7:With Id", "Only A Name"]);
    expect(schedule.speakers.find((speaker) => speaker.externalId === "Only A Name")).toMatchObject({
      firstName: "Only A",
      lastName: "Name",
    });
  });

  it("takes the picture from avatar or image (or their url, as schedule 2 writes), only when it is an http(s) URL or a site path", () => {
    const persons = [
      { id: 1, public_name: "A", image: "/demo/speakers/1.svg" },
      { id: 2, public_name: "B", avatar: "javascript:alert(1)" },
      { id: 3, public_name: "C", avatar: { url: "https://x.example/c.png" } },
      { id: 4, public_name: "D", avatar: "https://x.example/d.png", image: "https://x.example/other.png" },
      { id: 5, public_name: "E", avatar: "//evil.example/e.png" },
    ];
    const schedule = parsed(parseFrabSchedule(scheduleOf({ "Room A": [talk({ persons })] }), "x"));
    expect(schedule.speakers.map((speaker) => speaker.picture)).toEqual([
      "/demo/speakers/1.svg",
      null,
      "https://x.example/c.png",
      "https://x.example/d.png",
      null,
    ]);
  });

  it("lists a person named twice in one talk once", () => {
    const persons = [
      { id: 1, public_name: "A" },
      { id: 1, public_name: "A" },
    ];
    const schedule = parsed(parseFrabSchedule(scheduleOf({ "Room A": [talk({ persons })] }), "x"));
    expect(schedule.presentations[0]?.speakerExternalIds).toEqual(["1:A"]);
  });

  it("reads an association given as a name or as { name, logo }, once per name", () => {
    const file = scheduleOf({
      "Room A": [
        talk({ id: 1, association: "Open Data Club" }),
        talk({ id: 2, start: "11:00", association: { name: "Open Data Club", logo: "/demo/associations/1.svg" } }),
        talk({ id: 3, start: "12:00", association: { name: "Makers", logo: null } }),
        talk({ id: 4, start: "13:00", association: null }),
      ],
    });
    const schedule = parsed(parseFrabSchedule(file, "x"));
    expect(schedule.associations).toEqual([
      { name: "Open Data Club", logo: "/demo/associations/1.svg" },
      { name: "Makers", logo: null },
    ]);
    expect(schedule.presentations.map((talk) => talk.associationName)).toEqual([
      "Open Data Club",
      "Open Data Club",
      "Makers",
      null,
    ]);
  });

  it("reads the engagement extension as the event settings", () => {
    const engagement = {
      logo: "/demo/logo.svg",
      venue: "Centre des congrès",
      adHtml: '<p><a href="https://example.org">Billets</a></p>',
      allowAnonymousAccess: false,
      allowCreateAccount: true,
      forum: true,
      quiz: false,
      showVideoViews: true,
      scheduleBackgroundColor: "#0f172a",
      scheduleTextColor: "#fff",
      password: "secret",
    };
    const file = { ...scheduleOf({ "Room A": [talk()] }), engagement };
    expect(parsed(parseFrabSchedule(file, "x")).event.settings).toEqual(engagement);
  });
});

describe("parseFrabSchedule refusals", () => {
  it.each([null, 42, "schedule", [], true])("refuses %j, which is not a schedule object", (input) => {
    const issues = issuesOf(parseFrabSchedule(input, "x"));
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toBe("");
    expect(issues[0]?.message).toMatch(/^expected object, got /);
  });

  it("names schedule.conference when it is missing", () => {
    expect(issuesOf(parseFrabSchedule({ schedule: {} }, "x"))).toEqual([
      { path: "schedule.conference", message: "is required" },
    ]);
  });

  it("an invalid start names the JSON path", () => {
    const file = fixture("frab-small");
    eventIn(file, 1, "Saal 1", 0).start = "25:99";
    expect(issuesOf(parseFrabSchedule(file, "x"))).toEqual([
      { path: 'schedule.conference.days[1].rooms["Saal 1"][0].start', message: 'expected "HH:MM", got "25:99"' },
    ]);
  });

  it("a wrong type names the path, the expected type (a title may be a text or a text per language) and what it got", () => {
    const file = fixture("frab-small");
    eventIn(file, 0, "Saal Ada", 1).title = 42;
    expect(issuesOf(parseFrabSchedule(file, "x"))).toEqual([
      { path: 'schedule.conference.days[0].rooms["Saal Ada"][1].title', message: "expected string | object, got 42" },
    ]);
  });

  it("reports every issue of the file, not only the first", () => {
    const file = fixture("frab-small");
    eventIn(file, 0, "Saal 1", 0).duration = "forty minutes";
    eventIn(file, 0, "Saal Borg", 0).date = "27.12.2019 16:00";
    eventIn(file, 1, "Saal Borg", 0).persons = [{ id: true, public_name: "X" }];
    const day = file.schedule.conference.days[1];
    if (day) day.date = "2019-02-30";
    expect(issuesOf(parseFrabSchedule(file, "x"))).toEqual([
      {
        path: 'schedule.conference.days[0].rooms["Saal 1"][0].duration',
        message: 'expected a duration "HH:MM" or "HH:MM:SS", got "forty minutes"',
      },
      {
        path: 'schedule.conference.days[0].rooms["Saal Borg"][0].date',
        message: 'expected an ISO date-time like "2019-12-27T11:00:00+01:00", got "27.12.2019 16:00"',
      },
      { path: "schedule.conference.days[1].date", message: 'expected a date "yyyy-MM-dd", got "2019-02-30"' },
      {
        path: 'schedule.conference.days[1].rooms["Saal Borg"][0].persons[0].id',
        message: "expected number | string, got true",
      },
    ]);
  });

  it("quotes room keys that look like plain names", () => {
    const file = scheduleOf({ Hall: [talk({ start: "9h" })] });
    expect(issuesOf(parseFrabSchedule(file, "x"))[0]?.path).toBe('schedule.conference.days[0].rooms["Hall"][0].start');
  });

  it("refuses an event whose guid repeats at the same local date and start, naming both paths", () => {
    const file = scheduleOf({
      "Room A": [talk({ guid: "g-1" }), talk({ guid: "g-1", start: "11:00", date: "2026-03-10T11:00:00+01:00" })],
      "Room B": [talk({ id: 2, guid: "g-1" })],
    });
    expect(issuesOf(parseFrabSchedule(file, "x"))).toEqual([
      {
        path: 'schedule.conference.days[0].rooms["Room B"][0].guid',
        message:
          'duplicate event guid "g-1" at 2026-03-10T10:00, also at schedule.conference.days[0].rooms["Room A"][0].guid',
      },
    ]);
  });

  it("refuses an event without guid whose id repeats at the same local date and start", () => {
    const file = fixture("frab-small");
    const repeat = eventIn(file, 1, "Saal Ada", 0);
    Object.assign(repeat, { guid: null, id: 10003, date: "2019-12-27T11:30:00+01:00", start: "11:30" });
    delete eventIn(file, 0, "Saal Ada", 0).guid;
    expect(issuesOf(parseFrabSchedule(file, "x"))).toEqual([
      {
        path: 'schedule.conference.days[1].rooms["Saal Ada"][0].id',
        message:
          'duplicate event id "10003" at 2019-12-27T11:30, also at schedule.conference.days[0].rooms["Saal Ada"][0].id',
      },
    ]);
  });

  it("keys an event that has only its pretalx code (eventyay, Nix Vegas exports) by the code", () => {
    const file = scheduleOf(
      { "Main Stage": [talk({ id: undefined, code: "AAA111", date: "2026-03-10T10:00:00-07:00" })] },
      { time_zone_name: "America/Los_Angeles" },
    );
    expect(parsed(parseFrabSchedule(file, "x")).presentations[0]).toMatchObject({
      externalId: "AAA111",
      date: "2026-03-10",
      time: 600,
    });
  });

  it("reads a title, abstract or track given per language (eventyay's { en: … }), in the file's order", () => {
    const file = scheduleOf({
      "Grand Ballroom": [
        talk({ title: { en: "Registrations" }, abstract: { de: "", en: "Badges" }, track: { en: "Others" } }),
      ],
    });
    expect(parsed(parseFrabSchedule(file, "x")).presentations[0]).toMatchObject({
      name: "Registrations",
      abstract: "Badges",
      trackName: "Others",
    });
  });

  it("reads a file without the schedule wrapper whose events give their start as a date-time (re:publica 23 scrape)", () => {
    const file = {
      version: "2023-06-04",
      conference: {
        title: "re:publica 2023",
        start: "2023-06-05",
        end: "2023-06-07",
        time_zone_name: "Europe/Berlin",
        days: [
          {
            index: 1,
            date: "2023-06-05",
            rooms: {
              "Stage 1": [
                {
                  id: 0,
                  guid: "https://re-publica.com/de/session/welcome-everybody-its-republica-time",
                  start: "2023-06-05T10:30:00+02:00",
                  duration: "0:45",
                  title: "Welcome everybody - it's re:publica time!",
                  persons: [{ id: 10893, public_name: "Andreas Gebhard" }],
                },
              ],
            },
          },
        ],
      },
    };
    expect(parsed(parseFrabSchedule(file, "x")).presentations[0]).toMatchObject({
      date: "2023-06-05",
      time: 10 * 60 + 30,
      endTime: 11 * 60 + 15,
      day: 1,
      roomName: "Stage 1",
    });
  });

  it("refuses an event with neither guid, id nor code", () => {
    const file = scheduleOf({ "Room A": [talk({ id: undefined })] });
    expect(issuesOf(parseFrabSchedule(file, "x"))).toEqual([
      { path: 'schedule.conference.days[0].rooms["Room A"][0]', message: "needs a guid, an id or a code" },
    ]);
  });

  it("refuses a person without a name and an event without a title", () => {
    const file = scheduleOf({ "Room A": [talk({ title: "  ", persons: [{ id: 3 }] })] });
    expect(issuesOf(parseFrabSchedule(file, "x"))).toEqual([
      { path: 'schedule.conference.days[0].rooms["Room A"][0].title', message: "must not be empty" },
      { path: 'schedule.conference.days[0].rooms["Room A"][0].persons[0]', message: "needs a public_name or a name" },
    ]);
  });

  it("names the nested field of a malformed association object", () => {
    const file = scheduleOf({ "Room A": [talk({ association: { name: 7 } })] });
    expect(issuesOf(parseFrabSchedule(file, "x"))).toEqual([
      { path: 'schedule.conference.days[0].rooms["Room A"][0].association.name', message: "expected string, got 7" },
    ]);
  });

  it("refuses a missing title, missing days and a non-array days", () => {
    const noTitle = scheduleOf({}, { title: undefined });
    expect(issuesOf(parseFrabSchedule(noTitle, "x"))).toEqual([
      { path: "schedule.conference.title", message: "is required" },
    ]);
    const badDays = scheduleOf({}, { days: { 0: {} } });
    expect(issuesOf(parseFrabSchedule(badDays, "x"))).toEqual([
      { path: "schedule.conference.days", message: "expected array, got object" },
    ]);
  });

  it("refuses an unknown time zone and a conference that ends before it starts", () => {
    const file = scheduleOf({ "Room A": [talk()] }, { time_zone_name: "Mars/Olympus" });
    expect(issuesOf(parseFrabSchedule(file, "x"))).toEqual([
      {
        path: "schedule.conference.time_zone_name",
        message: 'expected an IANA time zone like "Europe/Paris", got "Mars/Olympus"',
      },
    ]);
    const backwards = scheduleOf({ "Room A": [talk()] }, { end: "2026-03-09" });
    expect(issuesOf(parseFrabSchedule(backwards, "x"))).toEqual([
      { path: "schedule.conference.end", message: "ends (2026-03-09) before it starts (2026-03-10)" },
    ]);
  });

  it("refuses a talk that falls before the conference's first date", () => {
    const file = scheduleOf({ "Room A": [talk({ date: "2026-03-09T10:00:00+01:00" })] });
    expect(issuesOf(parseFrabSchedule(file, "x"))).toEqual([
      {
        path: 'schedule.conference.days[0].rooms["Room A"][0].date',
        message: "falls on 2026-03-09, before the conference's first date 2026-03-10",
      },
    ]);
  });

  it("refuses an engagement extension with an unknown key, a bad colour or a bad logo", () => {
    const file = {
      ...scheduleOf({ "Room A": [talk()] }),
      engagement: { allowAnonymousAcess: true, scheduleTextColor: "white", logo: "logo.svg" },
    };
    expect(issuesOf(parseFrabSchedule(file, "x"))).toEqual([
      {
        path: "engagement.logo",
        message: 'expected an http(s) URL or a path starting with "/", got "logo.svg"',
      },
      { path: "engagement.scheduleTextColor", message: 'expected a colour like "#1e3a8a", got "white"' },
      { path: "engagement.allowAnonymousAcess", message: "unknown key" },
    ]);
  });
});
