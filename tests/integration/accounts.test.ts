import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { hashAccountCode } from "../../worker/auth/account-codes";
import { issueToken } from "../../worker/auth/tokens";
import frab from "../fixtures/frab-small.schedule.json";
import { addMember, call, codeFromMailbox, newAddress, signUpAndLogIn } from "./account-client";
import { importOk } from "./admin-client";

beforeAll(async () => {
  await importOk("acc", frab);
  await importOk("acc-other", frab);
  await importOk("acc-closed", { ...frab, engagement: { allowCreateAccount: false, allowAnonymousAccess: false } });
});

const signup = (slug: string, body: unknown, ip = newAddress()) =>
  call("POST", `/api/event-engagement/${slug}/user-signup`, { body, ip });
const login = (event: string | number, body: unknown, ip = newAddress()) =>
  call("POST", `/api/event-engagement/${event}/user-login`, { body, ip });

describe("sign-up, e-mail validation and login", () => {
  it("signs up, refuses login until the mailed code validates the account, then logs in", async () => {
    const email = "ana@example.org";
    const created = await signup("acc", { name: "Ana", email, password: "secret-pass" });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe("user created sucessfully please validate from e-mail");

    const early = await login("acc", { email, password: "secret-pass" });
    expect(early.status).toBe(403);
    expect(early.body.error.code).toBe("email-not-validated");

    const code = await codeFromMailbox(email, "resetcode");
    const validated = await call("POST", "/api/event-engagement/acc/user-reset-validate", { body: { token: code } });
    expect(validated).toEqual({ status: 200, body: { message: "validated" } });
    const reused = await call("POST", "/api/event-engagement/acc/user-reset-validate", { body: { token: code } });
    expect(reused.status).toBe(400);
    expect(reused.body.error.code).toBe("invalid-code");

    const session = await login("acc", { email: "ANA@example.org", password: "secret-pass" });
    expect(session.status).toBe(200);
    expect(session.body.data).toMatchObject({ id: expect.any(Number), token: expect.any(String) });
    expect(session.body.data.user).toMatchObject({ email, name: "Ana", is_speaker: false, is_moderator: false });
    expect(JSON.stringify(session.body)).not.toMatch(/password|pbkdf2/i);

    const me = await call("GET", "/api/me?event=acc", { token: session.body.data.token });
    expect(me.status).toBe(200);
    expect(me.body.data.user.email).toBe(email);
  });

  it("writes the validation mail in the language of the sign-up with a link that opens the validate view", async () => {
    await call("POST", "/api/event-engagement/acc/user-signup", {
      body: { name: "Bob", email: "bob@example.org", password: "secret-pass", redirect: "/acc/synopsis" },
      locale: "en",
    });
    const { body } = await call("GET", "/api/dev/mailbox?to=bob@example.org");
    expect(body.data[0].subject).toMatch(/^Validate your account/);
    expect(body.data[0].text).toMatch(/http:\/\/localhost\/acc\/synopsis\?resetcode=[0-9a-f]{64}/);
  });

  it.each([
    ["a missing name", { email: "x1@example.org", password: "secret-pass" }],
    ["a missing e-mail", { name: "X", password: "secret-pass" }],
    ["an invalid e-mail", { name: "X", email: "not-an-email", password: "secret-pass" }],
    ["a password of 5 characters", { name: "X", email: "x2@example.org", password: "12345" }],
    ["a number as name", { name: 42, email: "x3@example.org", password: "secret-pass" }],
    [
      "a redirect to another site",
      { name: "X", email: "x4@example.org", password: "secret-pass", redirect: "//evil.test" },
    ],
  ])("refuses a sign-up with %s", async (_label, body) => {
    const response = await signup("acc", body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("validation-failed");
  });

  it("refuses malformed JSON with 400 invalid-json", async () => {
    const response = await call("POST", "/api/event-engagement/acc/user-signup", {
      rawBody: '{"name": "X",',
      type: "application/json",
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("invalid-json");
  });

  it("refuses sign-up where the event does not allow it", async () => {
    const response = await signup("acc-closed", { name: "D", email: "d@example.org", password: "secret-pass" });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe("signup-closed");
  });

  it("answers a wrong password and an unknown e-mail alike, in the user's language", async () => {
    await signUpAndLogIn("acc", "eve@example.org");
    const wrong = await call("POST", "/api/event-engagement/acc/user-login", {
      body: { email: "eve@example.org", password: "wrong-pass" },
      locale: "en",
    });
    const unknown = await call("POST", "/api/event-engagement/acc/user-login", {
      body: { email: "nobody@example.org", password: "wrong-pass" },
      locale: "en",
    });
    expect(wrong).toEqual(unknown);
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe("Invalid Username or Password");
  });

  it("lets an account into another open event by its id, making it a member, but not into a closed one it is not a member of", async () => {
    const { id } = await signUpAndLogIn("acc", "fay@example.org");
    const schedule = await call("GET", "/api/public/schedule/acc-other");
    const eventId = schedule.body.data.event._id;
    const memberships = () =>
      env.DB.prepare("select event_id from event_members where user_id = ? order by event_id").bind(id).all();
    const other = await login(eventId, { email: "fay@example.org", password: "secret-pass" });
    expect(other.status).toBe(200);
    expect((await memberships()).results).toContainEqual({ event_id: eventId });
    const before = await memberships();
    const closed = await login("acc-closed", { email: "fay@example.org", password: "secret-pass" });
    expect(closed.status).toBe(403);
    expect(closed.body.error).toMatchObject({ code: "forbidden", message: "Accès refusé." });
    expect((await memberships()).results).toEqual(before.results);
  });
});

describe("password reset", () => {
  it("mails a reset link, sets the new password, revokes older tokens and refuses the link twice", async () => {
    const { token } = await signUpAndLogIn("acc", "hal@example.org", "first-pass");
    const forgot = await call("POST", "/api/event-engagement/acc/user-forgot-password", {
      body: { email: "hal@example.org" },
    });
    expect(forgot).toEqual({ status: 200, body: { message: "email send check you inbox" } });
    const resetToken = await codeFromMailbox("hal@example.org", "resettoken");

    const reset = await call("POST", "/api/event-engagement/acc/user-reset-password", {
      body: { token: resetToken, password: "second-pass" },
    });
    expect(reset).toEqual({ status: 200, body: { message: "password change sucessfully" } });
    expect((await call("GET", "/api/me", { token })).status).toBe(401);
    expect((await login("acc", { email: "hal@example.org", password: "first-pass" })).status).toBe(401);
    expect((await login("acc", { email: "hal@example.org", password: "second-pass" })).status).toBe(200);

    const again = await call("POST", "/api/event-engagement/acc/user-reset-password", {
      body: { token: resetToken, password: "third-pass" },
    });
    expect(again.status).toBe(400);
  });

  it("refuses an expired reset token", async () => {
    await signUpAndLogIn("acc", "ida@example.org");
    const code = "ab".repeat(32);
    const { id } = (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind("ida@example.org").first()) as {
      id: number;
    };
    await env.DB.prepare("INSERT INTO user_codes (user_id, purpose, code_hash, expires_at) VALUES (?, 'reset', ?, ?)")
      .bind(id, await hashAccountCode(code), Date.now() - 1)
      .run();
    const response = await call("POST", "/api/event-engagement/acc/user-reset-password", {
      body: { token: code, password: "new-pass-1" },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("invalid-code");
  });

  it("refuses a short new password", async () => {
    const short = await call("POST", "/api/event-engagement/acc/user-reset-password", {
      body: { token: "whatever", password: "123" },
    });
    expect(short.status).toBe(400);
  });
});

describe("tokens", () => {
  it("refuses a missing, forged, expired or other-event token with 401", async () => {
    const { token, id } = await signUpAndLogIn("acc", "jo@example.org");
    const forged = `${token.slice(0, -4)}abcd`;
    const { body } = await call("GET", "/api/public/schedule/acc");
    const eventId = body.data.event._id as number;
    const otherSecret = await issueToken("not-the-secret", { userId: id, eventId, version: 0 });
    const expired = await issueToken(env.JWT_SECRET, { userId: id, eventId, version: 0 }, Date.now() - 8 * 86_400_000);
    for (const bad of [undefined, "garbage", forged, otherSecret, expired]) {
      const response = await call("GET", "/api/me", bad ? { token: bad } : {});
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe("unauthorized");
    }
    expect((await call("GET", "/api/me?event=acc-other", { token })).status).toBe(401);
  });

  it("ends every session at logout", async () => {
    const { token } = await signUpAndLogIn("acc", "kim@example.org");
    expect((await call("POST", "/api/logout", { token })).status).toBe(200);
    expect((await call("GET", "/api/me", { token })).status).toBe(401);
  });
});

describe("profile", () => {
  const PNG = Uint8Array.from(
    atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
    (char) => char.charCodeAt(0),
  );

  it("changes the name and a picture uploaded to storage, and serves the picture", async () => {
    const { token } = await signUpAndLogIn("acc", "lea@example.org");
    const upload = await call("PUT", "/api/me/picture", { token, rawBody: PNG, type: "image/png" });
    expect(upload.status).toBe(201);
    const picture = upload.body.data.picture as string;
    expect(picture).toMatch(/^\/api\/files\/pictures\/users\/\d+\/[0-9a-f-]+\.png$/);

    const updated = await call("PATCH", "/api/me", { token, body: { name: "Léa Martin", picture } });
    expect(updated.status).toBe(200);
    expect(updated.body.data.user).toMatchObject({ name: "Léa Martin", picture });

    const file = await SELF.fetch(`http://localhost${picture}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
  });

  it("refuses a picture that is not an image, too large, or hosted elsewhere", async () => {
    const { token } = await signUpAndLogIn("acc", "max@example.org");
    expect((await call("PUT", "/api/me/picture", { token, rawBody: "hello", type: "text/plain" })).status).toBe(400);
    const large = new Uint8Array(5 * 1024 * 1024 + 1);
    expect((await call("PUT", "/api/me/picture", { token, rawBody: large, type: "image/png" })).status).toBe(413);
    const outside = await call("PATCH", "/api/me", {
      token,
      body: { name: "Max", picture: "https://tracker.test/pixel.png" },
    });
    expect(outside.status).toBe(400);
    expect((await call("PATCH", "/api/me", { token, body: { name: "  " } })).status).toBe(400);
    expect((await call("PUT", "/api/me/picture", { rawBody: PNG, type: "image/png" })).status).toBe(401);
  });

  it("changes the password, keeps this session with a fresh token and ends the others", async () => {
    const { token } = await signUpAndLogIn("acc", "ned@example.org");
    const short = { currentPassword: "secret-pass", password: "12345" };
    expect((await call("POST", "/api/me/password", { token, body: short })).status).toBe(400);
    const changed = await call("POST", "/api/me/password", {
      token,
      body: { currentPassword: "secret-pass", password: "brand-new-pass" },
    });
    expect(changed.status).toBe(200);
    expect((await call("GET", "/api/me", { token })).status).toBe(401);
    expect((await call("GET", "/api/me", { token: changed.body.data.token })).status).toBe(200);
    expect((await login("acc", { email: "ned@example.org", password: "brand-new-pass" })).status).toBe(200);
  });
});

describe("speaker login", () => {
  it("gives a speaker their jwt and refuses an attendee", async () => {
    await addMember("acc", { email: "spk@example.org", name: "Speaker", password: "secret-pass", isSpeaker: true });
    const speaker = await call("POST", "/api/speaker/login", {
      body: { email: "spk@example.org", password: "secret-pass", event_slug: "acc" },
    });
    expect(speaker.status).toBe(200);
    expect(speaker.body).toMatchObject({ jwt: expect.any(String), user: { is_speaker: true } });
    expect((await call("GET", "/api/me", { token: speaker.body.jwt })).status).toBe(200);

    await signUpAndLogIn("acc", "att@example.org");
    const attendee = await call("POST", "/api/speaker/login", {
      body: { email: "att@example.org", password: "secret-pass", event_slug: "acc" },
    });
    expect(attendee.status).toBe(403);
    expect(attendee.body.error.code).toBe("not-speaker");
  });
});
