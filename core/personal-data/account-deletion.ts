/**
 * Self-service personal data (docs/operations.md#personal-data): what a user's export holds, how
 * a deleted account is confirmed, and the names that replace theirs where their contributions stay.
 */
import * as v from "valibot";
import { MAX_PASSWORD_LENGTH } from "../auth/schemas";

/** `DELETE /api/me`: the password proves the owner is at the keyboard; `removePosts` also erases their forum posts and replies. */
export const DeleteAccountBody = v.object({
  password: v.pipe(v.string(), v.nonEmpty("required"), v.maxLength(MAX_PASSWORD_LENGTH)),
  removePosts: v.boolean(),
});

/** Exports per user and hour: one person's download, not a scraper's loop. */
export const EXPORTS_PER_USER = { attempts: 10, windowMs: 60 * 60 * 1000 } as const;

/**
 * The e-mail a deleted account keeps: the `.invalid` top-level domain can never receive mail
 * (RFC 2606), and the id keeps it unique, so the person's own address is free for a new sign-up.
 */
export const deletedAccountEmail = (userId: number) => `deleted-${userId}@deleted.invalid`;

/**
 * The name a deleted user's quiz results keep, so leaderboards stay consistent without naming
 * them: this prefix and the player key (`p12` live, `user:5` self-paced), unique on one board.
 */
export const ANONYMOUS_PLAYER_PREFIX = "Anonyme #";
