import { CLIENT_ERROR_LIMITS, ClientErrorReport } from "@core/client-errors/client-error-report";
import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { requireAdmin } from "../auth/admin";
import { admitPerAddress } from "../auth/rate-limit";
import { limitBody } from "../body-limit";
import { recentClientErrors, storeClientError } from "../db/queries/client-errors";
import { valid } from "../validation";

/** A report is a few kilobytes: its longest stack and message with room for JSON's escapes. */
const REPORT_BYTES = 32 * 1024;
/** Reports per address and minute: a page in an error loop cannot fill the table. */
const REPORTS_PER_ADDRESS = { attempts: 30, windowMs: 60_000 } as const;

const LimitQuery = v.object({
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(500)),
    "100",
  ),
});

/**
 * Spec §7's `POST /api/logger/add`: the app's uncaught errors, unhandled rejections and error
 * boundaries' catches, from anyone (errors happen before login too), limited per address; and
 * the operator's reading of the recent ones.
 */
export const clientErrorRoutes = new Hono<AppEnv>()
  .post("/logger/add", limitBody(REPORT_BYTES), valid("json", ClientErrorReport), async (c) => {
    await admitPerAddress(c, "client-error", REPORTS_PER_ADDRESS);
    const report = c.req.valid("json");
    const userAgent = c.req.header("user-agent")?.slice(0, CLIENT_ERROR_LIMITS.userAgent);
    await storeClientError(c.var.db, { ...report, userAgent });
    // One structured line for the platform's logs (wrangler tail, Workers Logs) as well.
    console.log(
      JSON.stringify({
        type: "client-error",
        kind: report.kind,
        message: report.message,
        route: report.route,
        release: report.release,
      }),
    );
    return c.body(null, 204);
  })
  .get("/admin/client-errors", requireAdmin, valid("query", LimitQuery), async (c) => {
    const { limit } = c.req.valid("query");
    return c.json({ data: await recentClientErrors(c.var.db, Number(limit)) }, 200);
  });
