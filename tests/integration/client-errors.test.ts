import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../worker/db/client";
import { CLIENT_ERRORS_KEPT, pruneClientErrors, storeClientError } from "../../worker/db/queries/client-errors";
import { clientErrors } from "../../worker/db/schema";
import { call } from "./account-client";
import { ADMIN_TOKEN, getJson } from "./admin-client";

const report = (extra: Record<string, unknown> = {}) => ({
  message: "TypeError: chapters is undefined",
  kind: "error",
  stack: "TypeError: chapters is undefined\n    at Editor (editor.js:1:200)",
  route: "/demo/12/video-editor",
  release: "2026.11.27",
  ...extra,
});

const recent = async () =>
  (await getJson("/api/admin/client-errors?limit=5", { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).body
    .data;

describe("POST /api/logger/add", () => {
  it("stores a report with the browser's user agent, and the operator reads it back newest first", async () => {
    const answer = await call("POST", "/api/logger/add", { body: report() });
    expect(answer.status).toBe(204);
    const [stored] = await recent();
    expect(stored).toMatchObject({
      kind: "error",
      message: "TypeError: chapters is undefined",
      route: "/demo/12/video-editor",
      release: "2026.11.27",
    });
    expect(stored.stack).toContain("editor.js:1:200");
  });

  it("takes the spec's body, a message alone", async () => {
    expect((await call("POST", "/api/logger/add", { body: { message: "Chunk load failed" } })).status).toBe(204);
    expect((await recent())[0]).toMatchObject({ kind: "message", message: "Chunk load failed", route: null });
  });

  it("keeps no token: the route loses its query, codes and bearer tokens in the texts are redacted", async () => {
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJ1aWQiOjEsImVpZCI6Mn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ";
    await call("POST", "/api/logger/add", {
      body: report({
        route: "/demo?resettoken=0123456789abcdef#x",
        message: `Failed to fetch /api/me with Bearer ${jwt} after /demo?resetcode=feedbeef`,
        stack: `at load (app.js:1:1) token ${jwt}`,
      }),
    });
    const [stored] = await recent();
    expect(stored.route).toBe("/demo");
    expect(JSON.stringify(stored)).not.toMatch(/0123456789abcdef|feedbeef|eyJhbGci/);
    expect(stored.message).toContain("[redacted]");
  });

  it.each([
    ["no message", { kind: "error" }],
    ["an empty message", { message: "   " }],
    ["a message over 1,000 characters", { message: "x".repeat(1_001) }],
    ["a stack over 8,000 characters", { message: "x", stack: "s".repeat(8_001) }],
    ["an unknown kind", { message: "x", kind: "panic" }],
    ["a release with spaces", { message: "x", release: "v 1" }],
    ["a number as message", { message: 42 }],
  ])("refuses %s with the field's message, storing nothing", async (_label, body) => {
    const before = (await recent()).length > 0 ? (await recent())[0].id : 0;
    const answer = await call("POST", "/api/logger/add", { body, locale: "en" });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe("validation-failed");
    expect((await recent())[0]?.id ?? 0).toBe(before);
  });

  it("refuses more than 30 reports a minute from one address (429 with Retry-After)", async () => {
    const ip = "198.51.100.99";
    const statuses: number[] = [];
    for (let sent = 0; sent < 31; sent++)
      statuses.push((await call("POST", "/api/logger/add", { body: report(), ip })).status);
    expect(statuses.slice(0, 30).every((status) => status === 204)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe("the reports kept", () => {
  it("are the newest 5,000 and none older than 30 days", async () => {
    const db = openDatabase(env.DB);
    await db.delete(clientErrors);
    const old = Date.now() - 31 * 24 * 3600 * 1000;
    await db.insert(clientErrors).values({ kind: "error", message: "last month", createdAt: old });
    const rows = Array.from({ length: CLIENT_ERRORS_KEPT + 5 }, (_, index) => ({
      kind: "error",
      message: `m${index}`,
    }));
    // D1 takes at most 100 bound values a statement: 4 columns × 20 rows.
    for (let start = 0; start < rows.length; start += 20)
      await db.insert(clientErrors).values(rows.slice(start, start + 20));
    await storeClientError(db, { message: "newest", kind: "error", userAgent: undefined });
    await pruneClientErrors(db);
    const kept = await db.select({ message: clientErrors.message }).from(clientErrors);
    expect(kept).toHaveLength(CLIENT_ERRORS_KEPT);
    expect(kept.some((row) => row.message === "last month" || row.message === "m0")).toBe(false);
    expect(kept.some((row) => row.message === "newest")).toBe(true);
  }, 60_000);
});
