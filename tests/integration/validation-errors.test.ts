import { describe, expect, it } from "vitest";
import { call } from "./account-client";

// The error envelope docs/api.md documents for refused input, as a client reads it.
describe("a request with bad fields", () => {
  it("is refused with validation-failed and one issue per field, under the request part it came from", async () => {
    const response = await call("POST", "/api/event-engagement/no-such-event/user-login", {
      body: { email: "not an address", password: 12 },
      locale: "en",
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: {
        code: "validation-failed",
        message: expect.any(String),
        issues: [
          { path: "body.email", message: "email" },
          { path: "body.password", message: "Expected string, received 12" },
        ],
      },
    });
  });

  it("says valibot's own messages in the request's language, the schema's own ones as written", async () => {
    const french = await call("POST", "/api/event-engagement/no-such-event/user-login", {
      body: { email: "", password: 12 },
      locale: "fr",
    });
    expect(french.body.error.issues).toEqual([
      { path: "body.email", message: "required" },
      { path: "body.email", message: "email" },
      { path: "body.password", message: "string attendu, 12 reçu" },
    ]);
  });

  it("names a bad path parameter under params", async () => {
    const response = await call("GET", "/api/public/schedule-basic/Not_A_Slug", { locale: "en" });
    expect(response.status).toBe(400);
    expect(response.body.error.issues).toEqual([{ path: "params.slug", message: "Not in the expected format" }]);
  });
});
