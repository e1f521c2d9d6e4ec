import {
  filterOptions,
  filterPresentations,
  hasActiveFilters,
  matchesSearch,
  myPresentationIds,
  normalizeForSearch,
  presentationsOfSpeaker,
} from "@core/schedule/schedule-search";
import { describe, expect, it } from "vitest";
import { inRoom, presentation, speaker } from "./synopsis-test-presentations";

const talk = presentation({
  _id: 1,
  name: "Zero trust networks",
  speaker_info: speaker({ _id: 11, title: "Dr.", firstName: "Hélène", lastName: "Sécurité" }),
  speakers: [
    speaker({ _id: 11, title: "Dr.", firstName: "Hélène", lastName: "Sécurité" }),
    speaker({ _id: 12, firstName: "Bob", lastName: "Martin" }),
  ],
  speaker_id: 11,
  ...inRoom(3, "Amphithéâtre A"),
  type_info: { icon: null, name: "Atelier" },
  association_id: 5,
  association_info: { _id: 5, name: "Société Française", logo: null },
  date: "2026-03-10",
});

describe("search", () => {
  it("folds accents and case", () => {
    expect(normalizeForSearch("Sécurité ÉNERGIE Ça")).toBe("securite energie ca");
  });

  it("'securite' finds 'Sécurité' in a speaker name", () => {
    expect(matchesSearch(talk, "securite")).toBe(true);
  });

  it("finds the name, a co-speaker, the title, the room, the type and the association", () => {
    for (const query of ["TRUST", "martin", "dr.", "amphitheatre", "atelier", "societe francaise"]) {
      expect(matchesSearch(talk, query), query).toBe(true);
    }
  });

  it("every word of the query must occur somewhere", () => {
    expect(matchesSearch(talk, "helene zero")).toBe(true);
    expect(matchesSearch(talk, "helene quantum")).toBe(false);
  });

  it("a blank query matches everything", () => {
    expect(matchesSearch(talk, "   ")).toBe(true);
  });
});

describe("filters", () => {
  const other = presentation({
    _id: 2,
    name: "Rust at the edge",
    speaker_id: 21,
    speaker_info: speaker({ _id: 21, firstName: "Carol", lastName: "Ng" }),
    speakers: [speaker({ _id: 21, firstName: "Carol", lastName: "Ng" })],
    ...inRoom(4, "Room 10"),
    date: "2026-03-11",
  });
  const unplaced = presentation({
    _id: 3,
    speaker_id: null,
    speaker_info: null,
    speakers: [],
    room_id: null,
    room_info: null,
    date: "2026-03-11",
  });
  const all = [talk, other, unplaced];
  const ids = (list: { _id: number }[]) => list.map((p) => p._id);

  it("an empty filter lets everything through", () => {
    expect(ids(filterPresentations(all, {}))).toEqual([1, 2, 3]);
    expect(ids(filterPresentations(all, { speakerIds: [], dates: [], mine: null, activeQuizIds: null }))).toEqual([
      1, 2, 3,
    ]);
  });

  it("a speaker filter matches co-speakers too", () => {
    expect(ids(filterPresentations(all, { speakerIds: [12] }))).toEqual([1]);
  });

  it("room, association and date filters keep presentations with any chosen value", () => {
    expect(ids(filterPresentations(all, { roomIds: [3, 4] }))).toEqual([1, 2]);
    expect(ids(filterPresentations(all, { associationIds: [5] }))).toEqual([1]);
    expect(ids(filterPresentations(all, { dates: ["2026-03-11"] }))).toEqual([2, 3]);
  });

  it("filters combine with each other and with the search", () => {
    expect(ids(filterPresentations(all, { dates: ["2026-03-11"], search: "edge" }))).toEqual([2]);
    expect(ids(filterPresentations(all, { dates: ["2026-03-10"], search: "edge" }))).toEqual([]);
  });

  it("'mine' and 'active quizzes only' keep the presentations of their sets", () => {
    expect(ids(filterPresentations(all, { mine: new Set([2, 3]) }))).toEqual([2, 3]);
    expect(ids(filterPresentations(all, { activeQuizIds: new Set([1]) }))).toEqual([1]);
    expect(ids(filterPresentations(all, { activeQuizIds: new Set() }))).toEqual([]);
  });

  it("'My Presentations' are those whose speaker_id is the user's", () => {
    expect(myPresentationIds(all, 21)).toEqual(new Set([2]));
    expect(myPresentationIds(all, 12)).toEqual(new Set());
    expect(myPresentationIds(all, null)).toEqual(new Set());
  });

  it("a speaker's presentations are those they give or co-present, not the others", () => {
    expect(ids(presentationsOfSpeaker(all, 11))).toEqual([1]);
    expect(ids(presentationsOfSpeaker(all, 12))).toEqual([1]);
    expect(ids(presentationsOfSpeaker(all, 21))).toEqual([2]);
    expect(ids(presentationsOfSpeaker(all, 99))).toEqual([]);
  });

  it("a search or any set filter counts as active, empty ones do not", () => {
    expect(hasActiveFilters({ search: "  ", speakerIds: [], mine: null })).toBe(false);
    expect(hasActiveFilters({ search: "x" })).toBe(true);
    expect(hasActiveFilters({ dates: ["2026-03-10"] })).toBe(true);
    expect(hasActiveFilters({ activeQuizIds: new Set() })).toBe(true);
  });
});

describe("filter options", () => {
  it("lists each speaker, room, association and date once, sorted", () => {
    const options = filterOptions([
      presentation({ ...inRoom(10, "Room 10"), speaker_info: speaker({ _id: 1, lastName: "Zola" }), speakers: [] }),
      presentation({
        ...inRoom(2, "Room 2"),
        date: "2026-03-09",
        speaker_info: null,
        speakers: [speaker({ _id: 2, lastName: "Abel" }), speaker({ _id: 1, lastName: "Zola" })],
      }),
    ]);
    expect(options.speakers.map((s) => s.lastName)).toEqual(["Abel", "Zola"]);
    expect(options.rooms.map((r) => r.name)).toEqual(["Room 2", "Room 10"]);
    expect(options.dates).toEqual(["2026-03-09", "2026-03-10"]);
  });

  it("filters with a single option are hidden", () => {
    const options = filterOptions([
      presentation({ ...inRoom(1), date: "2026-03-10" }),
      presentation({ ...inRoom(1), date: "2026-03-11" }),
    ]);
    expect(options.show).toEqual({ speakers: true, rooms: false, associations: false, dates: true });
  });
});
