import type { Context } from "hono";
import { AUTH_RATE_LIMIT } from "../../core/auth/schemas";
import { DomainError, ErrorCode } from "../../core/errors";
import type { AppEnv } from "../app-env";
import { countAttempt } from "../db/queries/rate-limits";

/** The caller's address as Cloudflare reports it; one shared bucket when run locally. */
function clientAddress(c: Context<AppEnv>): string {
  return c.req.header("cf-connecting-ip") ?? "local";
}

/** Counts an attempt of `action` per e-mail and per client address; 429 past the limit. */
export async function limitAuthAttempt(c: Context<AppEnv>, action: string, email: string): Promise<void> {
  const [byEmail, byAddress] = await Promise.all([
    countAttempt(c.var.db, `${action}:email:${email}`, AUTH_RATE_LIMIT),
    countAttempt(c.var.db, `${action}:ip:${clientAddress(c)}`, AUTH_RATE_LIMIT),
  ]);
  if (!byEmail || !byAddress) throw new DomainError(ErrorCode.RateLimited);
}
