import { DomainError, ErrorCode } from "@core/errors";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env";
import type { Env } from "./env";
import { type MailEnv, mailConfigProblems } from "./mail/mail-settings";

type DeploySettings = Pick<Env, "ENVIRONMENT" | "PUBLIC_URL" | "JWT_SECRET"> & MailEnv;

/** Development only where .dev.vars (or the test pool) says so: unset means production. */
export const isDevelopment = (env: Pick<Env, "ENVIRONMENT">) => env.ENVIRONMENT === "development";

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** What this deployment lacks to run safely, as sentences for its operator; empty when complete. */
export function deployConfigProblems(env: DeploySettings): string[] {
  const problems: string[] = [];
  if (!env.JWT_SECRET) {
    problems.push("JWT_SECRET is not set: run `wrangler secret put JWT_SECRET` with a long random string.");
  }
  if (!env.PUBLIC_URL) {
    problems.push(
      'PUBLIC_URL is not set: add PUBLIC_URL = "https://<your site>" to [vars] in wrangler.toml (the origin of e-mailed links).',
    );
  } else if (!originOf(env.PUBLIC_URL)) {
    problems.push(`PUBLIC_URL is not an http(s) URL: "${env.PUBLIC_URL}".`);
  }
  problems.push(...mailConfigProblems(env));
  return problems;
}

// Workers have no start-up hook: the first request of an isolate is the earliest moment to check,
// and one log line per isolate is enough for the operator (not one per request).
const reported = new WeakSet<object>();

/** Throws `server-misconfigured` (503) and logs why once, when the deployment is incomplete. */
export function assertDeployConfig(env: DeploySettings): void {
  const problems = deployConfigProblems(env);
  if (problems.length === 0) return;
  if (!reported.has(env)) {
    reported.add(env);
    console.error(`Deployment misconfigured, answering 503 server-misconfigured until fixed: ${problems.join(" ")}`);
  }
  throw new DomainError(ErrorCode.ServerMisconfigured);
}

/** The origin of every e-mailed link: PUBLIC_URL, never the request's Host, which the caller chooses. */
export function publicOrigin(env: DeploySettings): string {
  assertDeployConfig(env);
  const origin = originOf(env.PUBLIC_URL);
  if (!origin) throw new DomainError(ErrorCode.ServerMisconfigured);
  return origin;
}

/**
 * The start-up check as middleware, for the whole API: a deployment without PUBLIC_URL,
 * JWT_SECRET or a mail provider answers every request with 503 `server-misconfigured` instead of half-working.
 */
export const requireDeployConfig = createMiddleware<AppEnv>(async (c, next) => {
  assertDeployConfig(c.env);
  await next();
});
