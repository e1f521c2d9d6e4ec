import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import frab from "../fixtures/frab-small.schedule.json";
import { addMember, call } from "./account-client";
import { importOk } from "./admin-client";
import { CAPITAL_QUESTION, putQuestions } from "./self-paced-client";

const SLUG = "screen-link-members-only";
let moderator: string;
let attendee: string;
let presentationId: number;
let otherPresentationId: number;

const upgradeStatus = async (path: string) => {
  const response = await SELF.fetch(`http://localhost${path}`, { headers: { Upgrade: "websocket" } });
  response.webSocket?.accept();
  response.webSocket?.close(1000, "done");
  return response.status;
};

async function logIn(email: string, isModerator: boolean) {
  await addMember(SLUG, { email, name: "Member", password: "secret-pass", isModerator });
  const login = await call("POST", `/api/event-engagement/${SLUG}/user-login`, {
    body: { email, password: "secret-pass" },
  });
  return login.body.data.token as string;
}

beforeAll(async () => {
  // An event that lets no one in anonymously: the projector's computer is not logged in.
  await importOk(SLUG, { ...frab, engagement: { allowAnonymousAccess: false, quiz: true } });
  moderator = await logIn(`moderator@${SLUG}.example.org`, true);
  attendee = await logIn(`attendee@${SLUG}.example.org`, false);
  const schedule = await call("GET", `/api/public/schedule/${SLUG}`, { token: moderator });
  const ids = (schedule.body.data.presentations as { _id: number }[]).map((presentation) => presentation._id);
  presentationId = ids[0] as number;
  otherPresentationId = ids[1] as number;
});

describe("the big screen's read-only link", () => {
  it("lets an anonymous screen watch the quiz of a members-only event, with its join code and texts", async () => {
    await putQuestions(moderator, presentationId, [CAPITAL_QUESTION]);
    const code = (await call("POST", "/api/quiz/get-code", { token: moderator, body: { _id: presentationId } })).body
      .code;
    const link = await call("GET", `/api/quiz/${presentationId}/screen-link`, { token: moderator });
    expect(link.status).toBe(200);
    const token = link.body.token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Asking again gives the same link.
    expect((await call("GET", `/api/quiz/${presentationId}/screen-link`, { token: moderator })).body.token).toBe(token);

    const info = await call("GET", `/api/quiz/screen/${token}`);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ presentation: { _id: presentationId }, event: { slug: SLUG }, code });
    expect(info.body.questions[0].question).toBe("Capital?");
    expect(JSON.stringify(info.body)).not.toContain('"correct"');

    expect(await upgradeStatus(`/parties/quiz-room/${presentationId}?role=screen`)).toBe(401);
    expect(await upgradeStatus(`/parties/quiz-room/${presentationId}?role=screen&screen=${token}`)).toBe(101);
    // A link is for its own presentation only.
    expect(await upgradeStatus(`/parties/quiz-room/${otherPresentationId}?role=screen&screen=${token}`)).toBe(401);
  });

  it("is given to the quiz's managers only", async () => {
    expect((await call("GET", `/api/quiz/${presentationId}/screen-link`, { token: attendee })).status).toBe(403);
    expect((await call("GET", `/api/quiz/${presentationId}/screen-link`)).status).toBe(401);
    expect((await call("POST", `/api/quiz/${presentationId}/screen-link/revoke`, { token: attendee })).status).toBe(
      403,
    );
  });

  it("once revoked, refuses the old link and works with the new one", async () => {
    const old = (await call("GET", `/api/quiz/${presentationId}/screen-link`, { token: moderator })).body.token;
    const revoked = await call("POST", `/api/quiz/${presentationId}/screen-link/revoke`, { token: moderator });
    expect(revoked.status).toBe(200);
    expect(revoked.body.token).not.toBe(old);
    expect((await call("GET", `/api/quiz/screen/${old}`)).status).toBe(404);
    expect(await upgradeStatus(`/parties/quiz-room/${presentationId}?role=screen&screen=${old}`)).toBe(401);
    expect(await upgradeStatus(`/parties/quiz-room/${presentationId}?role=screen&screen=${revoked.body.token}`)).toBe(
      101,
    );
    expect((await call("GET", "/api/quiz/screen/not-a-token")).status).toBe(400);
  });
});
