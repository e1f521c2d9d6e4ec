import { Agent, request } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { laneBaseUrl } from "./lanes";
import { logIn } from "./schedule-helpers";

// The server as `npm start` runs it (tests/e2e/global-setup.ts): `wrangler dev`, its proxy in front.
const baseUrl = laneBaseUrl();
const MiB = 1024 * 1024;
/** One connection, kept alive: every request below follows the previous one on it when it can. */
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
afterAll(() => agent.destroy());

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

/**
 * A request through `agent`; `body` is sent with its length, or chunked without one. A reset, or
 * no answer within 10 s, fails the request (the answers seen before the fix).
 */
function send(method: string, path: string, body?: Buffer, options: { chunked?: boolean; token?: string } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (body && !options.chunked) headers["content-length"] = String(body.length);
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const outgoing = request(`${baseUrl}${path}`, { method, agent, headers }, (response) => {
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("error", reject);
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType: response.headers["content-type"] ?? "",
          body: Buffer.concat(parts).toString("utf8"),
        }),
      );
    });
    outgoing.setTimeout(10_000, () => outgoing.destroy(new Error(`${method} ${path}: no answer within 10 s`)));
    outgoing.on("error", reject);
    if (!body) outgoing.end();
    else if (!options.chunked) outgoing.end(body);
    else {
      for (let offset = 0; offset < body.length; offset += 256 * 1024)
        outgoing.write(body.subarray(offset, offset + 256 * 1024));
      outgoing.end();
    }
  });
}

/** The API's JSON error, or what came instead (a proxy's text, a reset) as the test's failure. */
function errorCode(answer: Answer): string {
  expect(answer.contentType, answer.body.slice(0, 120)).toMatch(/^application\/json/);
  return (JSON.parse(answer.body) as { error: { code: string } }).error.code;
}

const threeMegabytes = Buffer.alloc(3 * MiB, "x");
const REFUSED_ROUTES = [
  ["POST", "/api/quiz/login"],
  ["POST", "/api/forum/1/posts"],
  ["PATCH", "/api/presentation/asspeaker/1/version/1/chapter-edit-update"],
] as const;

describe("the local server's refusals (npm start)", () => {
  it("answers twenty 3 MB bodies with the API's JSON 413, then the next request on the same connection", async () => {
    for (let round = 0; round < 20; round++) {
      const [method, path] = REFUSED_ROUTES[round % REFUSED_ROUTES.length] ?? REFUSED_ROUTES[0];
      const answer = await send(method, path, threeMegabytes);
      expect([answer.status, errorCode(answer)], `${method} ${path}, round ${round}`).toEqual([
        413,
        "payload-too-large",
      ]);
    }
    const health = await send("GET", "/api/health");
    expect(health.status).toBe(200);
  });

  it("answers 3 MB bodies streamed without a length with the JSON 413, and keeps serving", async () => {
    for (let round = 0; round < 5; round++) {
      const answer = await send("POST", "/api/forum/1/posts", threeMegabytes, { chunked: true });
      expect([answer.status, errorCode(answer)]).toEqual([413, "payload-too-large"]);
    }
    expect((await send("GET", "/api/health")).status).toBe(200);
  });

  it("answers a refusal that comes before the body is read (no session) with its JSON, and keeps serving", async () => {
    const profile = Buffer.from(JSON.stringify({ name: "x".repeat(40 * 1024) }));
    for (let round = 0; round < 10; round++) {
      const answer = await send("PATCH", "/api/me", profile, { token: "not-a-token" });
      expect(answer.status).toBe(401);
      expect(errorCode(answer)).toBeTruthy();
    }
    expect((await send("GET", "/api/health")).status).toBe(200);
  });

  it("answers a 3 MB moderator command to a quiz room with the room's JSON 413, and keeps serving", async () => {
    const moderator = await logIn(baseUrl, "moderator@demo.test");
    const schedule = (await (await fetch(`${baseUrl}/api/public/schedule/demo`)).json()) as {
      data: { presentations: { _id: number }[] };
    };
    const presentationId = schedule.data.presentations[0]?._id;
    for (let round = 0; round < 5; round++) {
      const answer = await send("POST", `/parties/quiz-room/${presentationId}`, threeMegabytes, {
        token: moderator.token,
      });
      expect([answer.status, errorCode(answer)]).toEqual([413, "payload-too-large"]);
    }
    expect((await send("GET", "/api/health")).status).toBe(200);
  });
});
