import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import frab from "../fixtures/frab-small.schedule.json";
import { addMember, call } from "./account-client";
import { ADMIN_TOKEN, importOk } from "./admin-client";

const SLUG = "body-limits";
const KiB = 1024;
const MiB = 1024 * KiB;
/** A JSON body of `size` bytes: one long string field, valid JSON to the last byte. */
const jsonOfSize = (size: number) => `{"name":"${"x".repeat(size - 11)}"}`;

let moderator: string;
let presentationId: number;

beforeAll(async () => {
  await importOk(SLUG, { ...frab, engagement: { forum: true, quiz: true } });
  await addMember(SLUG, {
    email: "mod@body-limits.example.org",
    name: "Mod",
    password: "secret-pass",
    isModerator: true,
  });
  const login = await call("POST", `/api/event-engagement/${SLUG}/user-login`, {
    body: { email: "mod@body-limits.example.org", password: "secret-pass" },
  });
  moderator = login.body.data.token;
  presentationId = (await call("GET", `/api/public/schedule/${SLUG}`)).body.data.presentations[0]._id;
});

async function send(method: string, path: string, body: BodyInit, headers: Record<string, string> = {}) {
  const response = await SELF.fetch(`http://localhost${path}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** A body streamed without a Content-Length (chunked), `chunks` pieces of `chunkSize` bytes. */
function chunked(chunks: number, chunkSize: number): ReadableStream<Uint8Array> {
  let sent = 0;
  const chunk = new TextEncoder().encode("x".repeat(chunkSize));
  return new ReadableStream({
    pull(controller) {
      if (sent++ < chunks) controller.enqueue(chunk);
      else controller.close();
    },
  });
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const TOO_LARGE = { status: 413, code: "payload-too-large" };
const refusal = (result: { status: number; body: any }) => ({ status: result.status, code: result.body?.error?.code });

describe("body limits", () => {
  it.each([
    ["a member's creation", "PUT", `/api/admin/events/${SLUG}/members`, { authorization: `Bearer ${ADMIN_TOKEN}` }],
    ["a login", "POST", `/api/event-engagement/${SLUG}/user-login`, {}],
    ["a profile change", "PATCH", "/api/me", {}],
    ["a forum post", "POST", "/api/forum/1/posts", {}],
    ["a quiz's questions", "PUT", "/api/quiz/1/questions", {}],
    ["a quiz's settings", "PUT", "/api/quiz/1/settings", {}],
  ])("refuses a 20 MB JSON body for %s with 413 before the route runs", async (_name, method, path, headers) => {
    // Without a token the routes would answer 401: a 413 proves the limit ran first.
    expect(refusal(await send(method, path, jsonOfSize(20 * MiB), headers))).toEqual(TOO_LARGE);
  });

  it("writes nothing when it refuses", async () => {
    const email = "huge@body-limits.example.org";
    const member = JSON.stringify({ email, name: "x".repeat(100 * KiB), password: "secret-pass" });
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    expect(refusal(await send("PUT", `/api/admin/events/${SLUG}/members`, member, admin))).toEqual(TOO_LARGE);
    const login = await call("POST", `/api/event-engagement/${SLUG}/user-login`, {
      body: { email, password: "secret-pass" },
    });
    expect(login.status).toBe(401);

    const questions = JSON.stringify({
      questions: [{ question: "x".repeat(2 * MiB), options: [{ option: "Paris", correct: true }] }],
    });
    const path = `/api/quiz/${presentationId}/questions`;
    expect(refusal(await send("PUT", path, questions, auth(moderator)))).toEqual(TOO_LARGE);
    expect((await call("GET", path, { token: moderator })).body.data.questions).toEqual([]);

    const post = JSON.stringify({ post: "x".repeat(100 * KiB) });
    const posts = `/api/forum/${presentationId}/posts`;
    expect(refusal(await send("POST", posts, post, auth(moderator)))).toEqual(TOO_LARGE);
    expect((await call("GET", posts, { token: moderator })).body.data.posts).toEqual([]);
  });

  it("cuts a body streamed without a length as soon as it passes the limit", async () => {
    const body = chunked(100, 4 * KiB);
    const result = await send("PATCH", "/api/me", body, auth(moderator));
    expect(refusal(result)).toEqual(TOO_LARGE);
    const me = await call("GET", "/api/me", { token: moderator });
    expect(me.body.data.user.name).toBe("Mod");
  });

  it("lets a small body streamed without a length through", async () => {
    const json = new TextEncoder().encode(JSON.stringify({ name: "Moderator" }));
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(json);
        controller.close();
      },
    });
    const result = await send("PATCH", "/api/me", body, auth(moderator));
    expect(result.status).toBe(200);
    expect(result.body.data.user.name).toBe("Moderator");
  });

  it("gives the routes that take more their own ceiling", async () => {
    // Over the 64 KiB default, within each route's own: answered by the route, not refused as too large.
    const questions = `/api/quiz/${presentationId}/questions`;
    const quiz = await send("PUT", questions, jsonOfSize(200 * KiB), auth(moderator));
    expect(quiz.status).toBe(400);
    const picture = await send("PUT", "/api/me/picture", "x".repeat(200 * KiB), {
      ...auth(moderator),
      "content-type": "image/png",
    });
    expect(picture.status).not.toBe(413);
    const image = await send("PUT", `/api/quiz/${presentationId}/media/image`, "x".repeat(2 * MiB), {
      ...auth(moderator),
      "content-type": "image/png",
    });
    expect(image.status).not.toBe(413);
    const schedule = JSON.stringify({ ...frab, padding: "x".repeat(200 * KiB) });
    const imported = await send("PUT", `/api/admin/events/${SLUG}/schedule`, schedule, {
      authorization: `Bearer ${ADMIN_TOKEN}`,
    });
    expect(imported.status).not.toBe(413);
    expect(refusal(await send("PUT", "/api/me/picture", "x".repeat(6 * MiB), auth(moderator)))).toEqual(TOO_LARGE);
  });
});
