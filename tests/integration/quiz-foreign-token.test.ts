/**
 * The quiz's anonymous reads on an event open to everyone, as the forum's: a token that is not a
 * live session of that event (logged out, forged, another event's) reads as anonymous, while the
 * quiz's writes and signed-in reads still answer 401 unauthorized to it.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import frab from "../fixtures/frab-small.schedule.json";
import { type CallResult, call, signUpAndLogIn } from "./account-client";
import { getJson, importOk } from "./admin-client";

const OPEN = "quiz-foreign-open";
const OTHER = "quiz-foreign-other";

let talk: number;
let eventId: number;
let question: number;
/** The tokens an open event must read as no token at all. */
const strangers = { "a logged-out token": "", "a forged token": "", "another event's session": "" };
type Stranger = keyof typeof strangers;
const STRANGERS = Object.keys(strangers) as Stranger[];

beforeAll(async () => {
  await importOk(OPEN, frab);
  await importOk(OTHER, frab);
  const schedule = (await getJson(`/api/public/schedule/${OPEN}`)).body.data;
  talk = schedule.presentations[0]._id;
  eventId = schedule.event._id;
  const row = await env.DB.prepare(
    'INSERT INTO quiz_questions (presentation_id, question, "order", visible) VALUES (?, ?, 1, 1) RETURNING id',
  )
    .bind(talk, "Capital of France?")
    .first<{ id: number }>();
  question = row?.id as number;
  await env.DB.prepare('INSERT INTO quiz_options (question_id, option, correct, "order") VALUES (?, ?, 1, 1)')
    .bind(question, "Paris")
    .run();
  const member = (await signUpAndLogIn(OPEN, "player@quiz-foreign-open.example.org")).token;
  const loggedOut = (await signUpAndLogIn(OPEN, "gone@quiz-foreign-open.example.org")).token;
  await call("POST", "/api/logout", { token: loggedOut });
  strangers["a logged-out token"] = loggedOut;
  strangers["a forged token"] = `${member}x`;
  strangers["another event's session"] = (await signUpAndLogIn(OTHER, "visitor@quiz-foreign-other.example.org")).token;
});

/** The status of a room's WebSocket upgrade: 101, or the refusal's status. */
async function upgradeStatus(path: string): Promise<number> {
  const response = await SELF.fetch(`http://localhost${path}`, { headers: { Upgrade: "websocket" } });
  response.webSocket?.accept();
  response.webSocket?.close(1000, "done");
  return response.status;
}

const refusal = (result: CallResult) => ({ status: result.status, code: result.body?.error?.code });

describe("the quiz of an event open to everyone", () => {
  it.each(STRANGERS)("answers its anonymous reads to %s as to an anonymous visitor", async (name) => {
    const token = strangers[name];
    for (const path of [
      `/api/quiz/${talk}/questions/public`,
      `/api/quiz/${talk}/status`,
      `/api/quiz/active?slug=${OPEN}`,
      `/api/quiz/statuses?slug=${OPEN}`,
    ]) {
      const result = await call("GET", path, { token });
      expect({ path, ...refusal(result) }).toEqual({ path, ...refusal(await call("GET", path)) });
    }
    for (const [path, body] of [
      ["/api/quiz/check-live", { _id: talk }],
      ["/api/quiz/get-question-result", { _id: question }],
    ] as const) {
      const result = await call("POST", path, { token, body });
      expect({ path, ...refusal(result) }).toEqual({ path, ...refusal(await call("POST", path, { body })) });
    }
  });

  it.each(STRANGERS)("lets the big screen and the activity room in with %s as anonymously", async (name) => {
    const token = encodeURIComponent(strangers[name]);
    expect(await upgradeStatus(`/parties/quiz-room/${talk}?role=screen&token=${token}`)).toBe(101);
    expect(await upgradeStatus(`/parties/quiz-activity-room/${eventId}?token=${token}`)).toBe(101);
  });

  it.each(STRANGERS)("still refuses the quiz's writes and signed-in reads with %s (401 unauthorized)", async (name) => {
    const token = strangers[name];
    const calls: [string, string, unknown?][] = [
      ["POST", `/api/quiz/${talk}/join`, { name: "Sam" }],
      ["POST", `/api/quiz/${talk}/answers`, { questionId: question, optionIds: [1] }],
      ["GET", `/api/quiz/${talk}/self-paced`],
      ["GET", `/api/quiz/${talk}/results`],
    ];
    for (const [method, path, body] of calls) {
      const result = await call(method, path, { token, body });
      expect({ path, ...refusal(result) }).toEqual({ path, status: 401, code: "unauthorized" });
    }
  });
});
