import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../worker/db/client";
import { forgetStaleRateLimits, RATE_LIMIT_ROWS_KEPT_MS } from "../../worker/db/queries/rate-limits";

describe("the hourly sweep of rate-limit counts", () => {
  it("forgets counts whose window ended days ago and keeps the others", async () => {
    const now = Date.UTC(2026, 10, 25, 12);
    const rows = [
      ["sweep-test:old", now - RATE_LIMIT_ROWS_KEPT_MS - 1],
      ["sweep-test:recent", now - 60_000],
      ["sweep-test:yesterday", now - 24 * 60 * 60 * 1000],
    ] as const;
    for (const [key, windowStart] of rows) {
      await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 3)")
        .bind(key, windowStart)
        .run();
    }
    expect(await forgetStaleRateLimits(openDatabase(env.DB), now)).toBeGreaterThanOrEqual(1);
    const left = await env.DB.prepare("SELECT key FROM rate_limits WHERE key LIKE 'sweep-test:%' ORDER BY key").all();
    expect(left.results.map((row) => row.key)).toEqual(["sweep-test:recent", "sweep-test:yesterday"]);
  });
});
