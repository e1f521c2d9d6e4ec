import { matchesSpeakerSearch, speakerDirectory } from "@core/schedule/speaker-directory";
import { describe, expect, it } from "vitest";
import { presentation, speaker } from "./synopsis-test-presentations";

const hélène = speaker({ _id: 1, firstName: "Hélène", lastName: "Ébrard", picture: null });
const hélèneWithPicture = { ...hélène, picture: "/p/1.jpg" };
const zoe = speaker({ _id: 2, firstName: "Zoé", lastName: "Aubert" });
const association = (_id: number, name: string) => ({ _id, name, logo: null });

describe("speakerDirectory", () => {
  it("lists each speaker once, by last name, with their talks counted and their associations", () => {
    const talks = [
      presentation({ speaker_info: hélène, speakers: [hélène, zoe], association_info: association(7, "Inria") }),
      presentation({
        speaker_info: hélèneWithPicture,
        speakers: [hélèneWithPicture],
        association_info: association(8, "CNRS"),
      }),
      presentation({ speaker_info: zoe, speakers: [zoe], association_info: association(7, "Inria") }),
    ];
    const list = speakerDirectory(talks);
    expect(list.map((s) => [s.lastName, s.talks])).toEqual([
      ["Aubert", 2],
      ["Ébrard", 2],
    ]);
    expect(list[1]?.associations.map((a) => a.name)).toEqual(["CNRS", "Inria"]);
    expect(list[0]?.associations.map((a) => a.name)).toEqual(["Inria"]);
    // A picture given with any of their talks is shown.
    expect(list[1]?.picture).toBe("/p/1.jpg");
  });

  it("counts a talk once when its main speaker is also in its speakers list", () => {
    expect(speakerDirectory([presentation({ speaker_info: zoe, speakers: [zoe] })])[0]?.talks).toBe(1);
  });
});

describe("matchesSpeakerSearch", () => {
  const [entry] = speakerDirectory([
    presentation({
      speaker_info: hélène,
      speakers: [hélène],
      association_info: association(7, "Université Côte d'Azur"),
    }),
  ]);
  if (!entry) throw new Error("no speaker");

  it("ignores accents and case, as the schedule's search does", () => {
    expect(matchesSpeakerSearch(entry, "helene")).toBe(true);
    expect(matchesSpeakerSearch(entry, "EBRARD")).toBe(true);
    expect(matchesSpeakerSearch(entry, "cote d'azur")).toBe(true);
  });

  it("needs every word, and a blank search matches everyone", () => {
    expect(matchesSpeakerSearch(entry, "helene universite")).toBe(true);
    expect(matchesSpeakerSearch(entry, "helene dupont")).toBe(false);
    expect(matchesSpeakerSearch(entry, "   ")).toBe(true);
  });
});
