import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import enQuiz from "../../locales/en/quiz.json";
import frQuiz from "../../locales/fr/quiz.json";
import { ordinalCategory } from "../../web/src/lib/ordinal";

// The leaderboard's and the podium's rank texts: the category from the language, the suffix from its locale file.
const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.init({
    resources: { en: { quiz: enQuiz }, fr: { quiz: frQuiz } },
    ns: ["quiz"],
    defaultNS: "quiz",
    keySeparator: false,
    interpolation: { escapeValue: false },
  });
});

function rankText(rank: number, language: "en" | "fr"): string {
  return i18n.getFixedT(language, "quiz")(`rank.${ordinalCategory(rank, language)}`, { rank });
}

describe("rank texts with ordinal suffixes", () => {
  it("English says 1st, 2nd, 3rd, then th, including the teens", () => {
    const ranks = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112];
    expect(ranks.map((rank) => rankText(rank, "en"))).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "101st",
      "111th",
      "112th",
    ]);
  });

  it("French says 1er, then e for every other rank", () => {
    expect([1, 2, 3, 4, 11, 21, 101].map((rank) => rankText(rank, "fr"))).toEqual([
      "1er",
      "2e",
      "3e",
      "4e",
      "11e",
      "21e",
      "101e",
    ]);
  });

  it("a regional language tag follows its language", () => {
    expect(ordinalCategory(2, "en-GB")).toBe("two");
    expect(ordinalCategory(1, "fr-CA")).toBe("one");
  });
});
