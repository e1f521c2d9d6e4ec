/**
 * Forum rules (schedule spec §5, §6): who may delete or moderate, and what a message may be.
 */
import * as v from "valibot";
import { toMultiLineText } from "../text/plain-text";

export const FORUM_PAGE_SIZE = 20;
export const MAX_FORUM_TEXT_LENGTH = 2000;

/**
 * Trimmed text of 1 to 2,000 characters, stored as written (less control and bidi characters,
 * which only serve to disguise it) and always rendered as text.
 */
export const ForumText = v.pipe(
  v.string(),
  toMultiLineText,
  v.trim(),
  v.nonEmpty("required"),
  v.maxLength(MAX_FORUM_TEXT_LENGTH, "too-long"),
);

export interface ForumActor {
  userId: number;
  isModerator: boolean;
}

/** A post or reply may be deleted by its author or by a moderator. */
export function canDelete(actor: ForumActor, authorId: number): boolean {
  return actor.isModerator || actor.userId === authorId;
}

/** Hiding and pinning are for moderators. */
export function canModerate(actor: ForumActor): boolean {
  return actor.isModerator;
}

/** The badge shown beside an author's name. */
export function authorBadge(author: { isModerator: boolean; isSpeaker: boolean }): "moderator" | "speaker" | null {
  if (author.isModerator) return "moderator";
  if (author.isSpeaker) return "speaker";
  return null;
}
