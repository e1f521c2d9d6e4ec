import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import frab from "../fixtures/frab-small.schedule.json";
import { addMember, type CallResult, call } from "./account-client";
import { importOk } from "./admin-client";

const SLUG = "members-only";
const LOCKED_SLUG = "members-only-locked";
const PASSWORD = "salon2026";
const engagement = { allowAnonymousAccess: false, quiz: true, showVideoViews: true, adHtml: "<p>Sponsor</p>" };

/** A member's session token of `slug`. */
async function memberToken(slug: string, email: string): Promise<string> {
  await addMember(slug, { email, name: "Member", password: "secret-pass" });
  const login = await call("POST", `/api/event-engagement/${slug}/user-login`, {
    body: { email, password: "secret-pass" },
  });
  if (login.status !== 200) throw new Error(`login ${login.status} ${JSON.stringify(login.body)}`);
  return login.body.data.token as string;
}

/** A call that may carry its answer as something else than JSON (a calendar). */
async function read(path: string, token?: string): Promise<CallResult> {
  const response = await SELF.fetch(`http://localhost${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await response.text();
  const json = response.headers.get("content-type")?.startsWith("application/json");
  return { status: response.status, body: json && text ? JSON.parse(text) : text };
}

const refusal = (result: CallResult) => ({ status: result.status, code: result.body?.error?.code });
const LOGIN_REQUIRED = { status: 401, code: "login-required" };

let member: string;
let otherEventMember: string;
let lockedMember: string;
let presentationId: number;

beforeAll(async () => {
  await importOk(SLUG, { ...frab, engagement });
  await importOk(LOCKED_SLUG, { ...frab, engagement: { ...engagement, password: PASSWORD } });
  await importOk("members-only-elsewhere", frab);
  member = await memberToken(SLUG, "member@members-only.example.org");
  lockedMember = await memberToken(LOCKED_SLUG, "member@members-only-locked.example.org");
  otherEventMember = await memberToken("members-only-elsewhere", "member@elsewhere.example.org");
  presentationId = (await read(`/api/public/schedule/${SLUG}`, member)).body.data.presentations[0]._id;
});

/** Every HTTP read of an event that lets no one in anonymously, as the web makes it. */
const routes: [string, () => string][] = [
  ["the full schedule", () => `/api/public/schedule/${SLUG}`],
  ["one presentation", () => `/api/public/schedule/${SLUG}/${presentationId}`],
  ["a presentation's calendar file", () => `/api/public/schedule/${SLUG}/${presentationId}/calendar.ics`],
  ["the schedule search", () => `/api/presentation/filter?slug=${SLUG}&search=hardware`],
  ["the search inside talks", () => `/api/presentation/slide-search?slug=${SLUG}&search=hardware`],
  ["the event's play counts", () => `/api/presentation/plays?slug=${SLUG}`],
  ["a presentation's play count", () => `/api/presentation/${presentationId}/plays`],
  ["the active quizzes", () => `/api/quiz/active?slug=${SLUG}`],
  ["the quiz questions' texts", () => `/api/quiz/${presentationId}/questions/public`],
  ["the quiz status", () => `/api/quiz/${presentationId}/status`],
  ["the event's quiz statuses", () => `/api/quiz/statuses?slug=${SLUG}`],
];

describe("an event that lets no one in anonymously", () => {
  it.each(routes)("refuses %s to an anonymous caller with 401 login-required", async (_name, path) => {
    const result = await call("GET", path());
    expect(refusal(result)).toEqual(LOGIN_REQUIRED);
    expect(result.body.error.message).toBe("Cet événement est réservé à ses membres : connectez-vous pour le voir.");
  });

  it.each(routes)("answers %s to a member signed in to it", async (_name, path) => {
    expect((await read(path(), member)).status).toBe(200);
  });

  it.each(routes)("refuses %s to a member of another event, and to a forged token", async (_name, path) => {
    expect(refusal(await call("GET", path(), { token: otherEventMember }))).toMatchObject({ status: 401 });
    expect(refusal(await call("GET", path(), { token: `${member}x` }))).toMatchObject({ status: 401 });
  });

  it("says so in English to a client that prefers it", async () => {
    const result = await call("GET", `/api/public/schedule/${SLUG}`, { locale: "en" });
    expect(result.body.error.message).toBe("This event is for its members only: log in to see it.");
  });

  it("keeps the login overlay's basic event data public, without the ad or the venue", async () => {
    const { status, body } = await call("GET", `/api/public/schedule-basic/${SLUG}`);
    expect(status).toBe(200);
    expect(body.data.event).toMatchObject({ slug: SLUG, allowAnonymousAccess: false, ad: null, venue: null });
    expect(body.data.event.name).toBeTruthy();
    expect(body.data.presentations).toBeUndefined();
  });

  it("keeps serving a member's personal calendar feed to its secret URL alone", async () => {
    const feed = await call("GET", "/api/me/calendar", { token: member });
    expect(feed.status).toBe(200);
    const ics = await read(new URL(feed.body.data.url).pathname);
    expect(ics.status).toBe(200);
    expect(ics.body).toContain("BEGIN:VCALENDAR");
  });

  it("asks for the password first when it also has one, then for a login; a member needs both", async () => {
    const path = `/api/public/schedule/${LOCKED_SLUG}`;
    expect(refusal(await call("GET", path))).toEqual({ status: 401, code: "error.prompt-password" });
    expect(refusal(await call("GET", `${path}?password=${PASSWORD}`))).toEqual(LOGIN_REQUIRED);
    const signedIn = await call("GET", path, { token: lockedMember });
    expect(refusal(signedIn)).toEqual({ status: 401, code: "error.prompt-password" });
    expect((await call("GET", `${path}?password=${PASSWORD}`, { token: lockedMember })).status).toBe(200);
  });
});

describe("an event open to everyone", () => {
  it("reads the same with a stale token as anonymously", async () => {
    const result = await call("GET", "/api/public/schedule/members-only-elsewhere", { token: `${member}x` });
    expect(result.status).toBe(200);
    expect(result.body.data.presentations.length).toBeGreaterThan(0);
  });
});
