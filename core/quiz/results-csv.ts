/**
 * The results export (`GET /api/quiz/{presentationId}/results.csv`): one row per player of the
 * leaderboard, with each question's chosen options. RFC 4180 CSV, UTF-8 with a byte order mark
 * so spreadsheet programs read accents right.
 */
import type { LeaderboardRow } from "./leaderboard-table";

/** Column titles, in the reader's language. */
export interface ResultsCsvLabels {
  rank: string;
  name: string;
  points: string;
  "correct-answers": string;
  "total-time-seconds": string;
}

/** One stored answer: who, which question, which options, whether right. */
export interface AnswerRecord {
  playerKey: string;
  questionId: number;
  optionIds: number[];
  correct: boolean;
}

export interface CsvQuestion {
  id: number;
  question: string;
  options: { id: number; option: string }[];
}

const BYTE_ORDER_MARK = "\uFEFF";
/** Chosen options of one question share a cell. */
export const OPTION_SEPARATOR = " | ";
// A spreadsheet runs a cell starting with one of these as a formula (CSV injection); some trim
// leading spaces and line breaks first, and some read the full-width signs of East Asian input.
const FORMULA_START = /^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r\n]/;
const NEEDS_QUOTES = /[",;\r\n]/;

/** One cell: text that could start a formula gets a leading apostrophe, then RFC 4180 quoting. */
export function csvCell(value: string | number): string {
  if (typeof value === "number") return String(value);
  const inert = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

const csvLine = (cells: (string | number)[]) => cells.map(csvCell).join(",");

export function resultsCsv(input: {
  labels: ResultsCsvLabels;
  leaderboard: readonly LeaderboardRow[];
  questions: readonly CsvQuestion[];
  answers: readonly AnswerRecord[];
}): string {
  const { labels, questions } = input;
  const optionText = new Map(questions.flatMap((question) => question.options.map((o) => [o.id, o.option] as const)));
  const byPlayer = new Map<string, Map<number, AnswerRecord>>();
  for (const answer of input.answers) {
    const own = byPlayer.get(answer.playerKey) ?? new Map<number, AnswerRecord>();
    own.set(answer.questionId, answer);
    byPlayer.set(answer.playerKey, own);
  }
  const header = [
    labels.rank,
    labels.name,
    labels.points,
    labels["correct-answers"],
    labels["total-time-seconds"],
    ...questions.map((question, index) => `${index + 1}. ${question.question}`),
  ];
  const rows = input.leaderboard.map((entry) => {
    const own = byPlayer.get(entry.user.id) ?? new Map<number, AnswerRecord>();
    const correctAnswers = questions.filter((question) => own.get(question.id)?.correct).length;
    return [
      entry.rank,
      entry.user.name,
      entry.points,
      correctAnswers,
      Math.round(entry.total_time_ms / 100) / 10,
      ...questions.map((question) =>
        (own.get(question.id)?.optionIds ?? []).map((id) => optionText.get(id) ?? "").join(OPTION_SEPARATOR),
      ),
    ];
  });
  return `${BYTE_ORDER_MARK}${[header, ...rows].map(csvLine).join("\r\n")}\r\n`;
}
