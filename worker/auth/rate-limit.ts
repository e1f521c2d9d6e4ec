import { addressBucket } from "@core/auth/address-bucket";
import {
  ADDRESS_ACCOUNT_REQUEST_LIMIT,
  ADDRESS_LOGIN_FAILURE_LIMIT,
  LOGIN_FAILURES_FORGOTTEN_MS,
  LOGIN_FIRST_DELAY_MS,
  LOGIN_FREE_FAILURES,
  LOGIN_MAX_DELAY_MS,
  MAILS_PER_ADDRESS_LIMIT,
} from "@core/auth/schemas";
import type { Database } from "../db/client";
import { admitLoginAttempt, clearLoginFailures, countAttemptInWindow, refundAttempt } from "../db/queries/rate-limits";
import { RetryLater } from "../errors";

const LOGIN_DELAY_RULES = {
  freeFailures: LOGIN_FREE_FAILURES,
  firstDelayMs: LOGIN_FIRST_DELAY_MS,
  maxDelayMs: LOGIN_MAX_DELAY_MS,
  forgetAfterMs: LOGIN_FAILURES_FORGOTTEN_MS,
};

/** What the limits need of a request: its database and its headers. */
interface RequestScope {
  var: { db: Database };
  req: { header(name: string): string | undefined };
}

/**
 * The caller's address as Cloudflare's edge reports it (a client cannot forge this header behind
 * Cloudflare); one shared bucket when run locally without it.
 */
export function clientAddress(c: RequestScope): string {
  return addressBucket(c.req.header("cf-connecting-ip") ?? "local");
}

const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Counts one call of `purpose` for the caller's address and refuses it (429 `rate-limited` with
 * Retry-After) past `limit` in the window: for calls anyone may make that cost us something.
 */
export async function admitPerAddress(
  c: RequestScope,
  purpose: string,
  limit: { attempts: number; windowMs: number },
): Promise<void> {
  const { allowed, retryAfterMs } = await countAttemptInWindow(c.var.db, `${purpose}:${clientAddress(c)}`, limit);
  if (!allowed) throw new RetryLater(retryAfterSeconds(retryAfterMs));
}

/**
 * Counts one call of `purpose` by the signed-in user `userId` and refuses it (429 `rate-limited`
 * with Retry-After) past `limit` in the window: for what a member may do often, but not in bulk.
 */
export async function admitPerUser(
  db: Database,
  purpose: string,
  userId: number,
  limit: { attempts: number; windowMs: number },
): Promise<void> {
  const { allowed, retryAfterMs } = await countAttemptInWindow(db, `${purpose}:user:${userId}`, limit);
  if (!allowed) throw new RetryLater(retryAfterSeconds(retryAfterMs));
}

/**
 * Guards one password check for the account `email` (known or not: the answers are the same).
 * Refuses with 429 and Retry-After while the caller's address has too many failures (sized for a
 * venue behind one NAT), then while the account waits out its progressive delay (seconds, at most
 * a minute). Both count the attempt as a failure before the password is checked, so parallel
 * guesses are all counted; call the returned `passwordAccepted` when the password was right, which
 * takes the attempt back: successes are never counted.
 */
export async function guardPasswordCheck(
  c: RequestScope,
  email: string,
): Promise<{ passwordAccepted(): Promise<void> }> {
  const addressKey = `login-failures:address:${clientAddress(c)}`;
  const address = await countAttemptInWindow(c.var.db, addressKey, ADDRESS_LOGIN_FAILURE_LIMIT);
  if (!address.allowed) throw new RetryLater(retryAfterSeconds(address.retryAfterMs));
  const wait = await admitLoginAttempt(c.var.db, email, LOGIN_DELAY_RULES);
  if (wait > 0) throw new RetryLater(retryAfterSeconds(wait));
  return {
    async passwordAccepted() {
      await Promise.all([clearLoginFailures(c.var.db, email), refundAttempt(c.var.db, addressKey)]);
    },
  };
}

/**
 * Sign-up and forgot-password: counts the request per client address (a venue's rush fits) and
 * the mail it may send per e-mail address, known or not, so nobody is flooded with our mails and
 * the answer never tells whether an account exists. 429 with Retry-After past either limit.
 */
export async function limitAccountMailRequest(c: RequestScope, email: string): Promise<void> {
  const [address, mailbox] = await Promise.all([
    countAttemptInWindow(c.var.db, `account-requests:address:${clientAddress(c)}`, ADDRESS_ACCOUNT_REQUEST_LIMIT),
    countAttemptInWindow(c.var.db, `account-mails:email:${email}`, MAILS_PER_ADDRESS_LIMIT),
  ]);
  const refused = [address, mailbox].filter((limit) => !limit.allowed);
  if (refused.length > 0) {
    throw new RetryLater(retryAfterSeconds(Math.max(...refused.map((limit) => limit.retryAfterMs))));
  }
}
