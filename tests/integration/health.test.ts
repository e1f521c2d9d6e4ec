import { createExecutionContext, env, SELF } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";

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

  it("answers 503 server-misconfigured when the deployment lacks PUBLIC_URL, and logs why once", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const misconfigured = { ...env, ENVIRONMENT: "production", PUBLIC_URL: undefined };
    for (let request = 0; request < 2; request++) {
      const response = await worker.fetch(
        new Request("http://localhost/api/health") as Parameters<typeof worker.fetch>[0],
        misconfigured,
        createExecutionContext(),
      );
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        error: {
          code: "server-misconfigured",
          message:
            "Le service est mal configuré (PUBLIC_URL, JWT_SECRET ou les réglages MAIL_). Prévenez l'organisateur.",
        },
      });
    }
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/PUBLIC_URL is not set/);
    logged.mockRestore();
  });
});
