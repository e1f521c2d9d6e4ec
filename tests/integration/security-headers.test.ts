import { createExecutionContext, env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { API_CSP, CALLER_ANSWER_CACHE_CONTROL, FILE_CSP, pageCsp } from "../../worker/security-headers";

const base = "https://example.com";

function expectCommonHeaders(response: Response, what: string) {
  expect(response.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(response.headers.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("content-security-policy"), what).toBeTruthy();
}

describe("security headers", () => {
  it("are on API answers, successes and errors alike", async () => {
    const answers: [string, Response][] = [
      ["json", await SELF.fetch(`${base}/api/health`)],
      ["not found", await SELF.fetch(`${base}/api/no-such-route`)],
      [
        "bad json",
        await SELF.fetch(`${base}/api/event-engagement/demo/user-login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{",
        }),
      ],
      ["unknown event", await SELF.fetch(`${base}/api/public/schedule/no-such-event`)],
    ];
    for (const [what, response] of answers) {
      await response.arrayBuffer();
      expectCommonHeaders(response, what);
      expect(response.headers.get("content-security-policy"), what).toBe(API_CSP);
      expect(response.headers.get("x-frame-options"), what).toBe("DENY");
    }
    expect(answers.map(([, response]) => response.status)).toEqual([200, 404, 400, 404]);
  });

  it("are on the rooms' HTTP answers", async () => {
    for (const path of ["/parties/quiz-room/1", "/parties/forum-room/1", "/parties/no-such-room/1"]) {
      const response = await SELF.fetch(`${base}${path}`, { method: "POST", body: "x" });
      await response.arrayBuffer();
      expectCommonHeaders(response, path);
      expect(response.headers.get("content-security-policy"), path).toBe(API_CSP);
    }
  });

  it("are on stored files, which only their own app may frame", async () => {
    await env.FILES.put("headers-test/a.png", Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    for (const path of ["/api/files/headers-test/a.png", "/api/files/headers-test/missing.png"]) {
      const response = await SELF.fetch(`${base}${path}`);
      await response.arrayBuffer();
      expectCommonHeaders(response, path);
      expect(response.headers.get("content-security-policy"), path).toBe(FILE_CSP);
    }
  });

  it("give the pages a CSP that forbids framing, except the embeddable pages asked with ?iframe", async () => {
    // Straight to the Worker, as run_worker_first sends navigations in production.
    const page = async (path: string) => {
      const response = await worker.fetch(new Request(`${base}${path}`), env, createExecutionContext());
      await response.arrayBuffer();
      expectCommonHeaders(response, path);
      // The schedule's first screen adds the hash of its own inline style (page-documents.test.ts).
      return { response, csp: response.headers.get("content-security-policy")?.replace(/ 'sha256-[\w+/=]+'/, "") };
    };
    const refused = [
      "/demo",
      "/demo/12/forum",
      "/",
      "/demo/12/forum?iframe=1&viewmode=virtual",
      "/demo/12/quiz-moderator?iframe",
      "/demo/my-presentations?iframe",
      "/demo/my-presentations/12/videos?iframe=1",
      "/demo/videoeditor/12?iframe",
      "/visio/record/demo/12/7/fr/a-token?iframe",
    ];
    for (const path of refused) {
      const { response, csp } = await page(path);
      expect(csp, path).toBe(pageCsp({ framable: false }));
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
    }
    for (const path of ["/demo?iframe", "/demo/synopsis?iframe=1", "/demo/12?iframe&viewmode=virtual"]) {
      const { response, csp } = await page(path);
      expect(csp, path).toBe(pageCsp({ framable: true }));
      expect(response.headers.get("x-frame-options"), path).toBeNull();
    }
  });

  it("keep no answer to a caller who says who they are, and leave the public answers their own caching", async () => {
    const identified: [string, RequestInit][] = [
      ["/api/me", { headers: { authorization: "Bearer not-a-session" } }],
      ["/api/health", { headers: { authorization: "Bearer not-a-session" } }],
      ["/api/quiz/1/questions?password=guess", {}],
      ["/parties/quiz-room/1", { method: "POST", headers: { authorization: "Bearer x" }, body: "{}" }],
    ];
    for (const [path, init] of identified) {
      const response = await SELF.fetch(`${base}${path}`, init);
      await response.arrayBuffer();
      expect(response.headers.get("cache-control"), path).toBe(CALLER_ANSWER_CACHE_CONTROL);
    }
    const anonymous = await SELF.fetch(`${base}/api/health`);
    await anonymous.arrayBuffer();
    expect(anonymous.headers.get("cache-control")).toBeNull();
    await env.FILES.put("headers-test/b.png", Uint8Array.from([0x89, 0x50, 0x4e, 0x47]), {
      httpMetadata: { cacheControl: "public, max-age=31536000, immutable" },
    });
    const file = await SELF.fetch(`${base}/api/files/headers-test/b.png`, { headers: { authorization: "Bearer x" } });
    await file.arrayBuffer();
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("are on static assets served without the Worker (from _headers)", async () => {
    const response = await SELF.fetch(`${base}/demo/logo.svg`);
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    expectCommonHeaders(response, "logo");
    expect(response.headers.get("content-security-policy")).toBe(pageCsp({ framable: false }));
  });
});
