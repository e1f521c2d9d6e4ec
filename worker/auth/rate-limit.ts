import type { Context } from "hono";
import { AUTH_RATE_LIMIT } from "../../core/auth/schemas";
import { DomainError, ErrorCode } from "../../core/errors";
import type { AppEnv } from "../app-env";
import { countAttempt, refundAttempt } from "../db/queries/rate-limits";

/** The caller's address as Cloudflare reports it; one shared bucket when run locally. */
function clientAddress(c: Context<AppEnv>): string {
  return c.req.header("cf-connecting-ip") ?? "local";
}

const attemptKeys = (c: Context<AppEnv>, action: string, email: string) => [
  `${action}:email:${email}`,
  `${action}:ip:${clientAddress(c)}`,
];

/** Counts an attempt of `action` per e-mail and per client address; 429 past the limit. */
export async function limitAuthAttempt(c: Context<AppEnv>, action: string, email: string): Promise<void> {
  const allowed = await Promise.all(
    attemptKeys(c, action, email).map((key) => countAttempt(c.var.db, key, AUTH_RATE_LIMIT)),
  );
  if (allowed.includes(false)) throw new DomainError(ErrorCode.RateLimited);
}

/**
 * Takes a successful attempt back off both counts: the limit is there for guesses, and people
 * who log in on several devices, or a venue's attendees behind one address, must not reach it.
 */
export async function refundAuthAttempt(c: Context<AppEnv>, action: string, email: string): Promise<void> {
  await Promise.all(attemptKeys(c, action, email).map((key) => refundAttempt(c.var.db, key)));
}
