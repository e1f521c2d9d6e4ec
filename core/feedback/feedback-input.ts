/** What a member sends to rate a talk: 1 to 5 stars and an optional plain-text comment. */
import * as v from "valibot";
import { toMultiLineText } from "../text/plain-text";

export const MIN_RATING = 1;
export const MAX_RATING = 5;
/** The longest comment, in UTF-16 code units after cleaning and trimming (docs/feedback.md). */
export const FEEDBACK_COMMENT_MAX_LENGTH = 2000;

/** An empty or blank comment is no comment (stored as null). */
const Comment = v.pipe(
  v.string(),
  toMultiLineText,
  v.trim(),
  v.maxLength(FEEDBACK_COMMENT_MAX_LENGTH, "too-long"),
  v.transform((text) => (text === "" ? null : text)),
);

export const FeedbackInput = v.object({
  rating: v.pipe(v.number(), v.integer(), v.minValue(MIN_RATING), v.maxValue(MAX_RATING)),
  comment: v.optional(v.nullable(Comment), null),
});

export type FeedbackInput = v.InferOutput<typeof FeedbackInput>;
