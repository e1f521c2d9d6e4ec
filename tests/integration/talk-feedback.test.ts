import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import frab from "../fixtures/frab-small.schedule.json";
import { addMember, call } from "./account-client";
import { importOk } from "./admin-client";
import { ACCOUNT_PASSWORD, logIn } from "./route-world";

const DAY_MS = 86_400_000;
/** The fixture's event's time zone: the event clock of every window below. */
const berlinDate = (offsetDays: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date(Date.now() + offsetDays * DAY_MS));

/** The fixture (2019-12-27 to 2019-12-28, in Berlin) moved so that its first day is `offsetDays` from today. */
function shiftedSchedule(offsetDays: number, engagement: Record<string, unknown> = {}) {
  let text = JSON.stringify(frab);
  for (const day of [27, 28, 29]) text = text.replaceAll(`2019-12-${day}`, `@${day - 27}@`);
  for (const index of [0, 1, 2]) text = text.replaceAll(`@${index}@`, berlinDate(offsetDays + index));
  return { ...JSON.parse(text), engagement };
}

async function talkId(slug: string, name: string): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT p.id FROM presentations p JOIN events e ON e.id = p.event_id WHERE e.slug = ? AND p.name = ?",
  )
    .bind(slug, name)
    .first<{ id: number }>();
  if (!row) throw new Error(`no talk ${name}`);
  return row.id;
}

async function member(slug: string, name: string, roles: Record<string, unknown> = {}) {
  const email = `${name.toLowerCase().replaceAll(" ", "-")}-${slug}@example.org`;
  await addMember(slug, { email, name, password: ACCOUNT_PASSWORD, ...roles });
  return logIn(slug, { email });
}

const LIVE = "feedback-live";
const LATER = "feedback-later";
const LATER_PASSWORD = "salon2026";
const JANE = { isSpeaker: true, speakerExternalId: "7001:Jane Doe" };
const KARLA = { isSpeaker: true, speakerExternalId: "7004:Karla Schmidt" };

let opening: number;
let laterOpening: number;
let eventId: number;
const tokens: Record<"moderator" | "speaker" | "otherSpeaker" | "ada" | "ben" | "laterAttendee", string> = {
  moderator: "",
  speaker: "",
  otherSpeaker: "",
  ada: "",
  ben: "",
  laterAttendee: "",
};

const feedbackPath = (presentationId: number, suffix = "", password?: string) =>
  `/api/presentation/${presentationId}/feedback${suffix}${password ? `?password=${password}` : ""}`;
const rate = (token: string, body: unknown, presentationId = opening, locale?: "fr" | "en") =>
  call("PUT", feedbackPath(presentationId), { token, body, ...(locale ? { locale } : {}) });
const summary = (token: string) => call("GET", feedbackPath(opening, "/summary"), { token });

const exportCsv = (token: string) =>
  SELF.fetch(`http://localhost/api/feedback/${eventId}/export.csv`, {
    headers: { authorization: `Bearer ${token}`, "x-locale": "en" },
  });

beforeAll(async () => {
  // Started yesterday (Berlin), ends at the end of today there: yesterday's talks have begun.
  await importOk(LIVE, shiftedSchedule(-1));
  await importOk(LATER, shiftedSchedule(1, { password: LATER_PASSWORD }));
  opening = await talkId(LIVE, "Opening Ceremony");
  laterOpening = await talkId(LATER, "Opening Ceremony");
  const event = await env.DB.prepare("SELECT id FROM events WHERE slug = ?").bind(LIVE).first<{ id: number }>();
  eventId = event?.id ?? 0;
  tokens.moderator = await member(LIVE, "Mona Moderator", { isModerator: true });
  tokens.speaker = await member(LIVE, "Jane Doe", JANE);
  tokens.otherSpeaker = await member(LIVE, "Karla Schmidt", KARLA);
  tokens.ada = await member(LIVE, "Ada Attendee");
  tokens.ben = await member(LIVE, "Ben Attendee");
  tokens.laterAttendee = await member(LATER, "Lea Later");
});

describe("talk feedback", () => {
  it("is refused before the talk's start with 409 feedback-not-open, in the caller's language", async () => {
    const path = feedbackPath(laterOpening, "", LATER_PASSWORD);
    const refusedEn = await call("PUT", path, { token: tokens.laterAttendee, body: { rating: 5 }, locale: "en" });
    expect(refusedEn.status).toBe(409);
    expect(refusedEn.body.error).toMatchObject({
      code: "feedback-not-open",
      message: expect.stringMatching(/not open/),
    });
    const refusedFr = await call("PUT", path, { token: tokens.laterAttendee, body: { rating: 5 }, locale: "fr" });
    expect(refusedFr.body.error.message).toMatch(/pas encore ouverts/);

    const own = await call("GET", path, { token: tokens.laterAttendee });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ feedback: null, phase: "before", ownTalk: false });
    expect(own.body.data.opensAt).toBeGreaterThan(Date.now());
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM talk_feedback WHERE presentation_id = ?")
      .bind(laterOpening)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it("asks for the event's password (401 then 403) and refuses a talk of another event (401)", async () => {
    const path = feedbackPath(laterOpening);
    expect((await call("GET", path, { token: tokens.laterAttendee })).body.error.code).toBe("error.prompt-password");
    expect((await call("GET", `${path}?password=wrong`, { token: tokens.laterAttendee })).status).toBe(403);
    expect((await call("GET", feedbackPath(laterOpening, "", LATER_PASSWORD), { token: tokens.ada })).status).toBe(401);
    expect((await rate(tokens.ada, { rating: 3 }, laterOpening)).status).toBe(401);
    expect((await call("GET", feedbackPath(999_999), { token: tokens.ada })).status).toBe(404);
  });

  it("lets a member rate a started talk and edit it: one row per person and talk", async () => {
    const first = await rate(tokens.ada, { rating: 4, comment: "Clear\u0000 and \u202Euseful" });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ feedback: { rating: 4, comment: "Clear and useful" }, phase: "open" });
    const edited = await rate(tokens.ada, { rating: 2, comment: "Too fast after all" });
    expect(edited.body.data.feedback).toMatchObject({ rating: 2, comment: "Too fast after all" });
    const own = await call("GET", feedbackPath(opening), { token: tokens.ada });
    expect(own.body.data.feedback).toMatchObject({ rating: 2, comment: "Too fast after all" });

    expect((await rate(tokens.ben, { rating: 5 })).status).toBe(200);
    expect((await rate(tokens.moderator, { rating: 4, comment: "   " })).body.data.feedback.comment).toBeNull();
    const rows = await env.DB.prepare(
      "SELECT user_id, COUNT(*) AS n FROM talk_feedback WHERE presentation_id = ? GROUP BY user_id",
    )
      .bind(opening)
      .all<{ n: number }>();
    expect(rows.results.map((row) => row.n)).toEqual([1, 1, 1]);
  });

  it("refuses bad ratings with 400 and stores nothing", async () => {
    for (const body of [{ rating: 0 }, { rating: 6 }, { rating: 2.5 }, { comment: "no rating" }]) {
      expect((await rate(tokens.otherSpeaker, body)).status).toBe(400);
    }
    expect((await rate(tokens.otherSpeaker, { rating: 3, comment: "a".repeat(2001) })).status).toBe(400);
    expect((await call("GET", feedbackPath(opening), { token: tokens.otherSpeaker })).body.data.feedback).toBeNull();
  });

  it("hands a member their ratings in their data export, and removes them with their account", async () => {
    const dora = await member(LIVE, "Dora Leaving");
    expect((await rate(dora, { rating: 1, comment: "Mine to take back" })).status).toBe(200);
    const exported = await call("GET", "/api/me/export", { token: dora });
    expect(exported.body.data.talkFeedback).toEqual([
      expect.objectContaining({ presentationId: opening, rating: 1, comment: "Mine to take back" }),
    ]);
    const deleted = await call("DELETE", "/api/me", {
      token: dora,
      body: { password: ACCOUNT_PASSWORD, removePosts: false },
    });
    expect(deleted.status).toBe(200);
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM talk_feedback WHERE comment = ?")
      .bind("Mine to take back")
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it("does not let the talk's own speaker rate it (403 own-talk-feedback)", async () => {
    const refused = await rate(tokens.speaker, { rating: 5 });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("own-talk-feedback");
    expect((await call("GET", feedbackPath(opening), { token: tokens.speaker })).body.data.ownTalk).toBe(true);
  });

  it("shows the summary to the talk's speaker and the moderators, without authors; 403 to others", async () => {
    for (const token of [tokens.speaker, tokens.moderator]) {
      const read = await summary(token);
      expect(read.status).toBe(200);
      expect(read.body.data).toMatchObject({
        count: 3,
        average: 3.67,
        distribution: [0, 1, 0, 1, 1],
        comments: [{ rating: 2, comment: "Too fast after all" }],
        authorsVisible: false,
      });
      expect(JSON.stringify(read.body)).not.toMatch(/Ada|Ben|Mona/);
    }
    expect((await summary(tokens.ada)).status).toBe(403);
    expect((await summary(tokens.otherSpeaker)).status).toBe(403);
  });

  it("exports the event's feedback as CSV for moderators, one row per rating, without names", async () => {
    const csv = await exportCsv(tokens.moderator);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text()).split("\r\n");
    expect(lines[0]).toBe("Talk id,Talk title,Rating,Comment,Updated at");
    expect(lines.filter((line) => line.startsWith(`${opening},Opening Ceremony,`))).toHaveLength(3);
    expect(lines.join("\n")).not.toMatch(/Ada|Ben|Mona/);
    for (const token of [tokens.ada, tokens.speaker]) expect((await exportCsv(token)).status).toBe(403);
  });

  it("names the authors to speakers and moderators only where the event says so", async () => {
    await importOk(LIVE, shiftedSchedule(-1, { feedbackAuthorsVisible: true }));
    const read = await summary(tokens.speaker);
    expect(read.body.data.authorsVisible).toBe(true);
    expect(read.body.data.comments).toEqual([expect.objectContaining({ author: "Ada Attendee" })]);
    const lines = (await (await exportCsv(tokens.moderator)).text()).split("\r\n");
    expect(lines[0]).toMatch(/,Author$/);
    expect(lines.some((line) => line.endsWith(",Ada Attendee"))).toBe(true);
    await importOk(LIVE, shiftedSchedule(-1, { feedbackAuthorsVisible: false }));
    expect((await summary(tokens.speaker)).body.data.comments[0]).not.toHaveProperty("author");
  });

  it("is closed after the end of the event's last day (409 feedback-closed); the member still reads theirs", async () => {
    // The same event moved into the past: it ended yesterday.
    await importOk(LIVE, shiftedSchedule(-3));
    const refused = await rate(tokens.ada, { rating: 5 });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("feedback-closed");
    const own = await call("GET", feedbackPath(opening), { token: tokens.ada });
    expect(own.body.data).toMatchObject({ phase: "closed", feedback: { rating: 2 } });
  });
});
