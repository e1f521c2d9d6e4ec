import { rankPlayers } from "@core/quiz/leaderboard-table";
import { csvCell, resultsCsv } from "@core/quiz/results-csv";
import { describe, expect, it } from "vitest";
import en from "../../locales/en/quiz-results-export.json";

/** Splits RFC 4180 text into rows of cells, honouring quotes: what a spreadsheet reads. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += char;
  }
  return rows;
}

const questions = [
  {
    id: 1,
    question: "Capital of France?",
    options: [
      { id: 11, option: "Paris" },
      { id: 12, option: "Lyon" },
    ],
  },
  {
    id: 2,
    question: 'Which are "prime", really?',
    options: [
      { id: 21, option: "2" },
      { id: 22, option: "3, of course" },
      { id: 23, option: "=1+1" },
    ],
  },
];

describe("results export", () => {
  it("has one row per player in rank order, with points, correct answers, seconds and chosen options", () => {
    const leaderboard = rankPlayers([
      { playerKey: "p1", name: "Zoé", photo: null, points: 900, totalTimeMs: 12_340, answered: 2 },
      { playerKey: "user:7", name: "Ana", photo: null, points: 1800, totalTimeMs: 4_000, answered: 2 },
    ]);
    const csv = resultsCsv({
      labels: en,
      leaderboard,
      questions,
      answers: [
        { playerKey: "user:7", questionId: 1, optionIds: [11], correct: true },
        { playerKey: "user:7", questionId: 2, optionIds: [21, 22], correct: true },
        { playerKey: "p1", questionId: 1, optionIds: [12], correct: false },
      ],
    });
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(parseCsv(csv.slice(1))).toEqual([
      [
        "Rank",
        "Name",
        "Points",
        "Correct answers",
        "Total time (s)",
        "1. Capital of France?",
        '2. Which are "prime", really?',
      ],
      ["1", "Ana", "1800", "2", "4", "Paris", "2 | 3, of course"],
      ["2", "Zoé", "900", "0", "12.3", "Lyon", ""],
    ]);
  });

  it("neutralises cells a spreadsheet would run as formulas", () => {
    for (const dangerous of [
      '=HYPERLINK("x")',
      "+33 6",
      "-2",
      "@SUM(A1)",
      " =1+1",
      "\n=1+1",
      "\t1",
      "＝1+1",
      "＠SUM(A1)",
    ]) {
      expect(parseCsv(`${csvCell(dangerous)}\r\n`)[0]?.[0]).toBe(`'${dangerous}`);
    }
    const csv = resultsCsv({
      labels: en,
      leaderboard: rankPlayers([
        { playerKey: "p2", name: "=cmd|' /C calc'!A0", photo: null, points: 0, totalTimeMs: 0, answered: 1 },
      ]),
      questions,
      answers: [{ playerKey: "p2", questionId: 2, optionIds: [23], correct: false }],
    });
    const [, row] = parseCsv(csv.slice(1));
    expect(row?.[1]).toBe("'=cmd|' /C calc'!A0");
    expect(row?.[6]).toBe("'=1+1");
  });

  it("quotes commas, quotes and line breaks so a cell stays one cell", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    expect(parseCsv(`${csvCell('say "hi", then\nleave')}\r\n`)).toEqual([['say "hi", then\nleave']]);
  });
});
