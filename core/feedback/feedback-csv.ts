/**
 * The event's feedback export (`GET /api/feedback/{eventId}/export.csv`, moderators): one row per
 * rating, the author's name only where the event shows authors. RFC 4180 CSV, UTF-8 with a byte
 * order mark, cells that could start a formula made inert (the quiz export's `csvCell`).
 */
import { csvCell } from "../quiz/results-csv";

/** Column titles, in the reader's language. */
export interface FeedbackCsvLabels {
  "talk-id": string;
  "talk-title": string;
  rating: string;
  comment: string;
  "updated-at": string;
  author: string;
}

export interface FeedbackCsvRow {
  presentationId: number;
  title: string;
  rating: number;
  comment: string | null;
  updatedAt: number;
  authorName: string | null;
}

const BYTE_ORDER_MARK = "\uFEFF";

export function feedbackCsv(input: {
  labels: FeedbackCsvLabels;
  rows: readonly FeedbackCsvRow[];
  authorsVisible: boolean;
}): string {
  const { labels, authorsVisible } = input;
  const header = [labels["talk-id"], labels["talk-title"], labels.rating, labels.comment, labels["updated-at"]];
  const lines: (string | number)[][] = [authorsVisible ? [...header, labels.author] : header];
  for (const row of input.rows) {
    const cells = [row.presentationId, row.title, row.rating, row.comment ?? "", new Date(row.updatedAt).toISOString()];
    lines.push(authorsVisible ? [...cells, row.authorName ?? ""] : cells);
  }
  return `${BYTE_ORDER_MARK}${lines.map((cells) => cells.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
