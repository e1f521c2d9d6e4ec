import { DomainError, ErrorCode } from "@core/errors";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { bearerToken } from "./bearer";
import { constantTimeEqual } from "./password";

async function sameSecret(a: string, b: string): Promise<boolean> {
  // Comparing digests keeps the comparison constant-time whatever the lengths.
  const encoder = new TextEncoder();
  const [x, y] = await Promise.all([
    crypto.subtle.digest("SHA-256", encoder.encode(a)),
    crypto.subtle.digest("SHA-256", encoder.encode(b)),
  ]);
  return constantTimeEqual(new Uint8Array(x), new Uint8Array(y));
}

/** The admin API (imports, accounts) answers only to `Authorization: Bearer $ADMIN_TOKEN`. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const expected = c.env.ADMIN_TOKEN;
  const given = bearerToken(c.req.header("authorization"));
  if (!expected || !given) throw new DomainError(ErrorCode.Unauthorized);
  if (!(await sameSecret(given, expected))) throw new DomainError(ErrorCode.Forbidden);
  await next();
});
