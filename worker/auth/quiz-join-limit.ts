import { DomainError, ErrorCode } from "@core/errors";
import type { Database } from "../db/client";
import { findQuizByCode } from "../db/queries/quiz";
import { countAttempt, refundAttempt } from "../db/queries/rate-limits";
import { clientAddress } from "./rate-limit";

/**
 * Wrong join codes one address may try per window. A venue's attendees share one address (one
 * NAT): hundreds join at once, so right codes are never counted, and the few who mistype theirs
 * stay far below this; 300 guesses a minute from one address do not.
 */
export const WRONG_JOIN_CODES_PER_ADDRESS = { attempts: 60, windowMs: 60_000 } as const;
/** Wrong codes tried against one named quiz per window, whatever the addresses. */
export const WRONG_JOIN_CODES_PER_QUIZ = { attempts: 100, windowMs: 60_000 } as const;

/** What the limit needs of a request: its database, its headers, and a way to set one. */
interface RequestScope {
  var: { db: Database };
  req: { header(name: string): string | undefined };
  header(name: string, value: string): void;
}

/** What the caller says the code is for, when it knows. */
export interface JoinCodeScope {
  /** The quiz the code is meant for: its wrong guesses are limited too. */
  presentationId?: number;
  /** The event whose join page the code was typed on: another event's code is a wrong code here. */
  eventSlug?: string;
}

/**
 * The quiz a join code opens (open, or finished: its players see the final results), once the guess is within its limits: per address and, when
 * the caller names the quiz it means (`presentationId`), per quiz. Each guess is counted before
 * the code is checked, so parallel guesses are all counted; a right code is taken back off the
 * counts, so only wrong codes add up. Past a limit every guess is refused, right or wrong (429
 * with a short Retry-After), until the window ends: otherwise the guessing would go on. A code of
 * another quiz than `presentationId`, or of another event than `eventSlug`, is refused exactly as
 * a code no quiz has, and counted as one: nothing tells that it exists elsewhere.
 */
export async function openQuizByJoinCode(c: RequestScope, code: string, { presentationId, eventSlug }: JoinCodeScope) {
  const address = clientAddress(c);
  const counts = [
    { key: `quiz-join:address:${address}`, limit: WRONG_JOIN_CODES_PER_ADDRESS },
    ...(presentationId === undefined
      ? []
      : [{ key: `quiz-join:quiz:${presentationId}`, limit: WRONG_JOIN_CODES_PER_QUIZ }]),
  ];
  const allowed = await Promise.all(counts.map(({ key, limit }) => countAttempt(c.var.db, key, limit)));
  if (allowed.includes(false)) {
    c.header("Retry-After", String(Math.max(...counts.map(({ limit }) => limit.windowMs)) / 1000));
    throw new DomainError(ErrorCode.RateLimited);
  }
  const session = await findQuizByCode(c.var.db, code, eventSlug);
  if (!session || (presentationId !== undefined && session.presentationId !== presentationId)) {
    throw new DomainError(ErrorCode.InvalidInviteCode);
  }
  await Promise.all(counts.map(({ key }) => refundAttempt(c.var.db, key)));
  return session;
}
