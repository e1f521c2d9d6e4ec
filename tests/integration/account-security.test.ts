import { createExecutionContext, env, SELF } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { hashPassword } from "../../worker/auth/password";
import { openDatabase } from "../../worker/db/client";
import { admitLoginAttempt } from "../../worker/db/queries/rate-limits";
import { deployConfigProblems } from "../../worker/deploy-config";
import type { Env } from "../../worker/env";
import worker from "../../worker/index";
import frab from "../fixtures/frab-small.schedule.json";
import { addMember, call, newAddress, signUpAndLogIn } from "./account-client";
import { importOk } from "./admin-client";
import { PRODUCTION } from "./production-env";

beforeAll(async () => {
  await importOk("sec", frab);
  await importOk("sec-other", frab);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/**
 * Stops the clock the Worker reads (it runs in this isolate): the login waits are seconds long,
 * and on a loaded machine real seconds pass between two calls, so each wait is crossed by moving
 * the clock, never by sleeping. Only `Date` is frozen; timers and I/O run as usual.
 */
function freezeClock(): { advance(ms: number): void } {
  vi.useFakeTimers({ toFake: ["Date"] });
  return { advance: (ms) => vi.setSystemTime(Date.now() + ms) };
}

const login = (email: string, password: string, ip = newAddress(), slug = "sec") =>
  call("POST", `/api/event-engagement/${slug}/user-login`, { body: { email, password }, ip });

async function mailbox(email: string): Promise<{ kind: string; subject: string; text: string }[]> {
  const { body } = await call("GET", `/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  return body.data;
}

/** The Worker as deployed, with some bindings changed: production is what wrangler.toml describes. */
function callWorker(path: string, bindings: Partial<Env>, init: RequestInit = {}) {
  const request = new Request(`http://localhost${path}`, init);
  return worker.fetch(request as Parameters<typeof worker.fetch>[0], { ...env, ...bindings }, createExecutionContext());
}

describe("a deployment", () => {
  it("has no development mailbox in production, nor when ENVIRONMENT is unset", async () => {
    for (const environment of ["production", undefined]) {
      const response = await callWorker("/api/dev/mailbox?to=ana@example.org", {
        ...PRODUCTION,
        ENVIRONMENT: environment,
      });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("resettoken");
    }
  });

  it("answers 503 server-misconfigured and says why in the log when PUBLIC_URL is missing", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await callWorker(
      "/api/event-engagement/sec/user-forgot-password",
      { ...PRODUCTION, PUBLIC_URL: undefined },
      { method: "POST", headers: { "content-type": "application/json" }, body: '{"email":"x@example.org"}' },
    );
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("server-misconfigured");
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/PUBLIC_URL is not set/);
  });

  it("mails links on PUBLIC_URL, whatever Host the request names", async () => {
    const email = "host@example.org";
    const response = await SELF.fetch("http://evil.example/api/event-engagement/sec/user-signup", {
      method: "POST",
      headers: { "content-type": "application/json", host: "evil.example", "cf-connecting-ip": newAddress() },
      body: JSON.stringify({ name: "Host", email, password: "secret-pass" }),
    });
    expect(response.status).toBe(201);
    await call("POST", "/api/event-engagement/sec/user-forgot-password", { body: { email } });
    const mails = await mailbox(email);
    expect(mails.map((mail) => mail.kind).sort()).toEqual(["reset", "validate"]);
    for (const mail of mails) {
      expect(mail.text).toMatch(/http:\/\/localhost\/sec\?(resetcode|resettoken)=[0-9a-f]{64}/);
      expect(mail.text).not.toContain("evil.example");
    }
  });
});

describe("login limits", () => {
  it("keeps the owner out only for seconds after ten wrong passwords from ten addresses", async () => {
    await signUpAndLogIn("sec", "owner@example.org");
    const clock = freezeClock();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      statuses.push((await login("owner@example.org", `wrong-${attempt}`)).status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    const waiting = await SELF.fetch("http://localhost/api/event-engagement/sec/user-login", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": newAddress() },
      body: JSON.stringify({ email: "owner@example.org", password: "secret-pass" }),
    });
    if (waiting.status === 429) {
      const retryAfter = Number(waiting.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      clock.advance(retryAfter * 1000 + 100);
    } else expect(waiting.status).toBe(200);
    expect((await login("owner@example.org", "secret-pass")).status).toBe(200);
  });

  it("makes an account wait 1 s after five wrong passwords, then 2 s, even for the right password", async () => {
    await signUpAndLogIn("sec", "slow@example.org");
    const clock = freezeClock();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await login("slow@example.org", `wrong-${attempt}`)).status).toBe(401);
    }
    const first = await SELF.fetch("http://localhost/api/event-engagement/sec/user-login", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": newAddress(), "x-locale": "en" },
      body: JSON.stringify({ email: "slow@example.org", password: "secret-pass" }),
    });
    expect(first.status).toBe(429);
    expect(first.headers.get("retry-after")).toBe("1");
    expect(await first.json()).toEqual({
      error: { code: "rate-limited", message: "Too many attempts. Please try again a little later." },
    });
    clock.advance(1100);
    expect((await login("slow@example.org", "wrong-6")).status).toBe(401);
    const second = await login("slow@example.org", "secret-pass");
    expect(second.status).toBe(429);
    clock.advance(2100);
    expect((await login("slow@example.org", "secret-pass")).status).toBe(200);
    // The right password forgets the failures: five more are free again.
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await login("slow@example.org", `again-${attempt}`)).status).toBe(401);
    }
  });

  it("doubles the wait per wrong password up to a minute, and forgets failures after 15 quiet minutes", async () => {
    const db = openDatabase(env.DB);
    const rules = { freeFailures: 5, firstDelayMs: 1000, maxDelayMs: 60_000, forgetAfterMs: 15 * 60_000 };
    let now = 1_000_000;
    const waits: number[] = [];
    let admitted = 0;
    while (admitted < 13) {
      const wait = await admitLoginAttempt(db, "clock@example.org", rules, now);
      if (wait === 0) admitted++;
      else {
        waits.push(wait);
        now += wait;
      }
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000]);
    expect(await admitLoginAttempt(db, "clock@example.org", rules, now)).toBeGreaterThan(0);
    now += 15 * 60_000 + 1;
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(await admitLoginAttempt(db, "clock@example.org", rules, now)).toBe(0);
    }
  });

  it("lets 200 attendees behind one venue address log in, typos included", async () => {
    // Stored at 1,000 iterations, as an older scheme would have: logins verify at the stored
    // count, and what is under test is the address's limit, not 250 hashes at full cost.
    const passwordHash = await hashPassword("venue-pass", 1_000);
    const emails = Array.from({ length: 200 }, (_, index) => `venue-${index}@example.org`);
    await env.DB.batch(
      emails.map((email) =>
        env.DB.prepare(
          "INSERT INTO users (email, name, password_hash, locale, email_validated_at) VALUES (?, 'Attendee', ?, 'fr', 1)",
        ).bind(email, passwordHash),
      ),
    );
    const venue = "192.0.2.200";
    const statuses: number[] = [];
    for (let start = 0; start < emails.length; start += 10) {
      const batch = emails.slice(start, start + 10);
      statuses.push(
        ...(await Promise.all(
          batch.map(async (email, index) => {
            if (index % 4 === 0) expect((await login(email, "typo-pass", venue)).status).toBe(401);
            return (await login(email, "venue-pass", venue)).status;
          }),
        )),
      );
    }
    expect(statuses).toEqual(emails.map(() => 200));
  }, 180_000);

  it("refuses an address past its venue-sized failure limit, with Retry-After, and no other address", async () => {
    await signUpAndLogIn("sec", "nat@example.org");
    const crowded = "192.0.2.99";
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 300)")
      .bind(`login-failures:address:${crowded}`, Date.now())
      .run();
    const refused = await SELF.fetch("http://localhost/api/event-engagement/sec/user-login", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": crowded },
      body: JSON.stringify({ email: "nat@example.org", password: "secret-pass" }),
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(800);
    expect((await login("nat@example.org", "secret-pass")).status).toBe(200);
  });
});

describe("answers that do not tell who has an account", () => {
  it("answers forgot-password alike for known and unknown addresses, and mails only the known", async () => {
    await signUpAndLogIn("sec", "known@example.org");
    const known = await call("POST", "/api/event-engagement/sec/user-forgot-password", {
      body: { email: "known@example.org" },
    });
    const unknown = await call("POST", "/api/event-engagement/sec/user-forgot-password", {
      body: { email: "ghost@example.org" },
    });
    expect(unknown).toEqual(known);
    expect(known).toEqual({ status: 200, body: { message: "email send check you inbox" } });
    expect((await mailbox("known@example.org")).map((mail) => mail.kind)).toContain("reset");
    expect(await mailbox("ghost@example.org")).toEqual([]);
  });

  it("answers a sign-up with a taken address as a new one, mails the owner, and changes nothing", async () => {
    await signUpAndLogIn("sec", "taken@example.org", "owner-pass");
    const fresh = await call("POST", "/api/event-engagement/sec/user-signup", {
      body: { name: "New", email: "fresh@example.org", password: "secret-pass" },
    });
    const taken = await call("POST", "/api/event-engagement/sec/user-signup", {
      body: { name: "Stranger", email: "Taken@Example.org", password: "stranger-pass" },
    });
    expect(taken).toEqual(fresh);
    expect(taken.status).toBe(201);
    const notice = (await mailbox("taken@example.org")).find((mail) => mail.kind === "account-exists");
    expect(notice?.text).toMatch(/http:\/\/localhost\/sec\?login=true/);
    expect(notice?.text).not.toMatch(/resetcode|resettoken/);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = 'taken@example.org'").first();
    expect(count).toEqual({ n: 1 });
    expect((await login("taken@example.org", "stranger-pass")).status).toBe(401);
    const owner = await login("taken@example.org", "owner-pass");
    expect(owner.status).toBe(200);
    expect(owner.body.data.user.name).toBe("Test User");
  });

  it("limits the account mails one address receives, known or not, with Retry-After", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await call("POST", "/api/event-engagement/sec/user-forgot-password", {
        body: { email: "flood@example.org" },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("speaker login", () => {
  it("writes nothing when it refuses an attendee, a wrong password or an outsider", async () => {
    const { id } = await signUpAndLogIn("sec", "visitor@example.org");
    await addMember("sec", {
      email: "speaker-sec@example.org",
      name: "Speaker",
      password: "secret-pass",
      isSpeaker: true,
    });
    const memberships = () =>
      env.DB.prepare("SELECT event_id FROM event_members WHERE user_id = ? ORDER BY event_id").bind(id).all();
    const before = await memberships();
    for (const [body, status] of [
      [{ email: "visitor@example.org", password: "secret-pass", event_slug: "sec-other" }, 403],
      [{ email: "visitor@example.org", password: "secret-pass", event_slug: "sec" }, 403],
      [{ email: "visitor@example.org", password: "wrong-pass", event_slug: "sec-other" }, 401],
      [{ email: "speaker-sec@example.org", password: "secret-pass", event_slug: "sec-other" }, 403],
    ] as const) {
      const response = await call("POST", "/api/speaker/login", { body });
      expect(response.status).toBe(status);
    }
    expect((await memberships()).results).toEqual(before.results);
    const speakerEvents = await env.DB.prepare(
      "SELECT count(*) AS n FROM event_members m JOIN users u ON u.id = m.user_id WHERE u.email = 'speaker-sec@example.org'",
    ).first();
    expect(speakerEvents).toEqual({ n: 1 });
  });
});

describe("profile", () => {
  const PNG = Uint8Array.from(
    atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
    (char) => char.charCodeAt(0),
  );

  it("accepts only a picture the upload handed to this user: no traversal, no other user's, no made-up key", async () => {
    const mine = await signUpAndLogIn("sec", "pic-owner@example.org");
    const other = await signUpAndLogIn("sec", "pic-other@example.org");
    const upload = async (token: string) =>
      (await call("PUT", "/api/me/picture", { token, rawBody: PNG, type: "image/png" })).body.data.picture as string;
    const own = await upload(mine.token);
    const theirs = await upload(other.token);
    const folder = `/api/files/pictures/users/${mine.id}/`;
    const name = theirs.split("/").pop();
    for (const picture of [
      `${folder}../${other.id}/${name}`,
      `${folder}..%2F${other.id}%2F${name}`,
      `${folder}%2e%2e/${other.id}/${name}`,
      `${folder}./${own.split("/").pop()}`,
      theirs,
      `${folder}00000000-0000-4000-8000-000000000000.png`,
      `${own}?x=1`,
      `https://tracker.test${own}`,
    ]) {
      const response = await call("PATCH", "/api/me", { token: mine.token, body: { name: "Me", picture } });
      expect(response.status, picture).toBe(400);
    }
    const accepted = await call("PATCH", "/api/me", { token: mine.token, body: { name: "Me", picture: own } });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.user.picture).toBe(own);
  });

  it("strips control and bidi characters from names", async () => {
    const { token } = await signUpAndLogIn("sec", "bidi@example.org");
    const renamed = await call("PATCH", "/api/me", { token, body: { name: " \u202Eevil\u0000 name\u2066 " } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.user.name).toBe("evil name");
    const onlyControls = await call("PATCH", "/api/me", { token, body: { name: "\u202E\u0000" } });
    expect(onlyControls.status).toBe(400);
  });

  it("changes the password only with the current one, and counts wrong ones like login guesses", async () => {
    const { token } = await signUpAndLogIn("sec", "change@example.org");
    const clock = freezeClock();
    const missing = await call("POST", "/api/me/password", { token, body: { password: "new-password" } });
    expect(missing.status).toBe(400);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await call("POST", "/api/me/password", {
        token,
        body: { currentPassword: `wrong-${attempt}`, password: "new-password" },
      });
      statuses.push(response.status);
      if (attempt === 0) expect(response.body.error.code).toBe("wrong-current-password");
    }
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
    expect((await login("change@example.org", "new-password")).status).toBe(429);
    clock.advance(1100);
    const changed = await call("POST", "/api/me/password", {
      token,
      body: { currentPassword: "secret-pass", password: "new-password" },
    });
    expect(changed.status).toBe(200);
    expect((await login("change@example.org", "new-password")).status).toBe(200);
  });
});

describe("the deployment check", () => {
  const complete = { ...PRODUCTION, PUBLIC_URL: "https://events.example.org", JWT_SECRET: "s" };

  it("passes a deployment with PUBLIC_URL, JWT_SECRET and a mail provider", () => {
    expect(deployConfigProblems(complete)).toEqual([]);
  });

  it.each([
    ["PUBLIC_URL missing", { ...complete, PUBLIC_URL: undefined }, /PUBLIC_URL is not set/],
    ["PUBLIC_URL not a URL", { ...complete, PUBLIC_URL: "events.example.org" }, /PUBLIC_URL is not an http\(s\) URL/],
    ["PUBLIC_URL of another scheme", { ...complete, PUBLIC_URL: "javascript:alert(1)" }, /not an http\(s\) URL/],
    ["JWT_SECRET missing", { ...complete, JWT_SECRET: "" }, /JWT_SECRET is not set/],
    ["no mail provider", { ...complete, MAIL_PROVIDER: undefined }, /MAIL_PROVIDER is "outbox" or unset/],
    ["the mail provider's key missing", { ...complete, MAIL_API_KEY: undefined }, /MAIL_API_KEY is not set/],
  ])("names the problem when %s", (_label, settings, problem) => {
    expect(deployConfigProblems(settings).join(" ")).toMatch(problem);
  });
});
