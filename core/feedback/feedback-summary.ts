/**
 * What a talk's speakers and the event's moderators read of its feedback: the average, the count,
 * how many gave each number of stars, and the comments. Who wrote what only where the event says
 * so (`events.feedback_authors_visible`).
 */
import { MAX_RATING } from "./feedback-input";

/** One stored rating, with its author's name (null for a deleted account). */
export interface FeedbackRecord {
  rating: number;
  comment: string | null;
  /** Unix milliseconds of the last change. */
  updatedAt: number;
  authorName: string | null;
}

export interface FeedbackComment {
  rating: number;
  comment: string;
  updatedAt: number;
  /** Only where the event shows authors; otherwise absent. */
  author?: string | null;
}

export interface FeedbackSummary {
  count: number;
  /** Rounded to two decimals; null without any rating. */
  average: number | null;
  /** `distribution[n - 1]` ratings of n stars, n from 1 to 5. */
  distribution: number[];
  /** Newest first. */
  comments: FeedbackComment[];
  authorsVisible: boolean;
}

export function summarizeFeedback(
  records: readonly FeedbackRecord[],
  options: { authorsVisible: boolean },
): FeedbackSummary {
  const distribution = Array.from({ length: MAX_RATING }, () => 0);
  let total = 0;
  for (const record of records) {
    distribution[record.rating - 1] = (distribution[record.rating - 1] ?? 0) + 1;
    total += record.rating;
  }
  const comments = records
    .filter((record): record is FeedbackRecord & { comment: string } => record.comment !== null)
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .map(({ rating, comment, updatedAt, authorName }) =>
      options.authorsVisible ? { rating, comment, updatedAt, author: authorName } : { rating, comment, updatedAt },
    );
  return {
    count: records.length,
    average: records.length === 0 ? null : Math.round((total / records.length) * 100) / 100,
    distribution,
    comments,
    authorsVisible: options.authorsVisible,
  };
}
