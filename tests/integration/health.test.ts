import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

describe("GET /api/health", () => {
  it("answers ok once the database answers", async () => {
    const response = await SELF.fetch("http://localhost/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("answers an unknown API path with a JSON 404 in French by default", async () => {
    const response = await SELF.fetch("http://localhost/api/nope");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "not-found", message: "Cette page n'existe pas." } });
  });
});
