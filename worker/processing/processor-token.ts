import { DomainError, ErrorCode } from "@core/errors";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { bearerToken } from "../auth/bearer";
import { constantTimeEqual } from "../auth/password";

declare module "../env" {
  interface Env {
    /**
     * Bearer secret of the media processors (docs/processor.md). Unset: the processing API
     * answers 503 `server-misconfigured`, since no processor could ever work.
     */
    PROCESSOR_TOKEN?: string;
  }
}

async function sameSecret(a: string, b: string): Promise<boolean> {
  // Comparing digests keeps the comparison constant-time whatever the lengths.
  const encoder = new TextEncoder();
  const [x, y] = await Promise.all([
    crypto.subtle.digest("SHA-256", encoder.encode(a)),
    crypto.subtle.digest("SHA-256", encoder.encode(b)),
  ]);
  return constantTimeEqual(new Uint8Array(x), new Uint8Array(y));
}

// One log line per isolate tells the operator; one per request would drown the log.
const reported = new WeakSet<object>();

/**
 * The processing API answers only to `Authorization: Bearer $PROCESSOR_TOKEN`: anything else,
 * users' session tokens included, is 401 `unauthorized` (no identity but the processor's exists
 * here to be forbidden).
 */
export const requireProcessor = createMiddleware<AppEnv>(async (c, next) => {
  const expected = c.env.PROCESSOR_TOKEN;
  if (!expected) {
    if (!reported.has(c.env)) {
      reported.add(c.env);
      console.error(
        "PROCESSOR_TOKEN is not set: the processing API answers 503 server-misconfigured until `wrangler secret put PROCESSOR_TOKEN`.",
      );
    }
    throw new DomainError(ErrorCode.ServerMisconfigured);
  }
  const given = bearerToken(c.req.header("authorization"));
  if (!given || !(await sameSecret(given, expected))) throw new DomainError(ErrorCode.Unauthorized);
  await next();
});
