import * as v from "valibot";
import { toMultiLineText } from "../text/plain-text";

/** What the app reports (`POST /api/logger/add`, docs/operations.md "Client error reports"). */
export const CLIENT_ERROR_KINDS = ["error", "unhandledrejection", "react", "message"] as const;

export const CLIENT_ERROR_LIMITS = {
  message: 1_000,
  stack: 8_000,
  route: 500,
  release: 64,
  userAgent: 300,
} as const;

/**
 * Secrets a report must never keep, whatever the app sends: mailed codes and tokens in a URL's
 * query (`?resettoken=…`), bearer tokens and JWTs quoted in a message.
 */
const SECRETS = [
  /([?&#](?:resettoken|resetcode|token|password|code|key)=)[^&#\s"']+/gi,
  /(bearer\s+)[\w.~+/-]+=*/gi,
  /()\beyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]+/g,
];

export function redactSecrets(text: string): string {
  return SECRETS.reduce((redacted, pattern) => redacted.replace(pattern, "$1[redacted]"), text);
}

/** A page's path without its query and fragment: they may carry codes and tokens. */
export function routeOnly(route: string): string {
  return route.replace(/[?#].*$/s, "");
}

const text = (max: number) => v.pipe(v.string(), toMultiLineText, v.transform(redactSecrets), v.maxLength(max));

export const ClientErrorReport = v.object({
  /** The spec's one field (§7): what went wrong, as the error says it. */
  message: v.pipe(text(CLIENT_ERROR_LIMITS.message), v.trim(), v.minLength(1)),
  kind: v.optional(v.picklist(CLIENT_ERROR_KINDS), "message"),
  stack: v.optional(text(CLIENT_ERROR_LIMITS.stack)),
  route: v.optional(
    v.pipe(v.string(), v.maxLength(2_000), v.transform(routeOnly), v.maxLength(CLIENT_ERROR_LIMITS.route)),
  ),
  release: v.optional(v.pipe(v.string(), v.regex(/^[\w.+-]{1,64}$/))),
});
export type ClientErrorReport = v.InferOutput<typeof ClientErrorReport>;
