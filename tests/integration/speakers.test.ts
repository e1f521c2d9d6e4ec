import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import frab from "../fixtures/frab-small.schedule.json";
import { call, signUpAndLogIn } from "./account-client";
import { getJson, importOk } from "./admin-client";

/** The small frab file with Jane Doe's biography in Markdown, a hostile tag in it, and links. */
function withProfile(): unknown {
  const file = structuredClone(frab) as unknown as {
    schedule: { conference: { days: { rooms: Record<string, { persons: Record<string, unknown>[] }[]> }[] } };
  };
  for (const day of file.schedule.conference.days) {
    for (const talks of Object.values(day.rooms)) {
      for (const talk of talks) {
        for (const person of talk.persons) {
          if (person.id !== 7001) continue;
          person.biography =
            "Jane **organises** the congress.\n\n<script>alert(1)</script><img src=x onerror=alert(1)>";
          person.links = [
            { url: "https://jane.example.org/", title: "Site" },
            { url: "javascript:alert(1)", title: "Evil" },
          ];
        }
      }
    }
  }
  return file;
}

let janeId: number;

beforeAll(async () => {
  await importOk("speakers", withProfile());
  await importOk("speakers-locked", { ...frab, engagement: { password: "salon2026" } });
  const { body } = await getJson("/api/public/schedule/speakers");
  janeId = body.data.aggregates.speakers.find((s: { lastName: string }) => s.lastName === "Doe")._id;
});

describe("GET /api/events/:slug/speakers", () => {
  it("lists every speaker of the programme once, by last name, with their talks counted", async () => {
    const { status, body } = await getJson("/api/events/speakers/speakers");
    expect(status).toBe(200);
    const names = body.data.speakers.map((s: { lastName: string }) => s.lastName);
    // bunnie has one name only, sorted by it.
    expect(names).toEqual(["Beethoven", "", "Doe", "Martin", "Nakamura", "Schmidt"]);
    const jane = body.data.speakers.find((s: { _id: number }) => s._id === janeId);
    expect(jane).toMatchObject({ firstName: "Jane", lastName: "Doe", talks: 3 });
    expect(jane.picture).toContain("jane.jpg");
    expect(Array.isArray(jane.associations)).toBe(true);
    // The list is light: no biography in it.
    expect(jane.biography).toBeUndefined();
  });

  it("follows the schedule's access rules: the password first, an unknown event 404", async () => {
    expect((await getJson("/api/events/speakers-locked/speakers")).status).toBe(401);
    expect((await getJson("/api/events/speakers-locked/speakers?password=wrong")).status).toBe(403);
    expect((await getJson("/api/events/speakers-locked/speakers?password=salon2026")).status).toBe(200);
    const unknown = await getJson("/api/events/no-such-event/speakers");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("event-not-found");
  });
});

describe("GET /api/events/:slug/speakers/:speakerId", () => {
  it("shows the speaker's biography as sanitized HTML, their http(s) links and their talks", async () => {
    const { status, body } = await getJson(`/api/events/speakers/speakers/${janeId}`);
    expect(status).toBe(200);
    const { speaker, presentations } = body.data;
    expect(speaker).toMatchObject({ _id: janeId, firstName: "Jane", lastName: "Doe", talks: 3 });
    expect(speaker.biography).toContain("<strong>organises</strong>");
    expect(speaker.biography).not.toMatch(/<script|onerror|alert/);
    expect(speaker.links).toEqual([{ url: "https://jane.example.org/", title: "Site" }]);
    expect(presentations).toHaveLength(3);
    for (const talk of presentations) {
      expect(talk.speakers.some((s: { _id: number }) => s._id === janeId)).toBe(true);
    }
  });

  it("answers a speaker of another event or none at all with 404 speaker-not-found, bad ids with 400", async () => {
    const other = (await getJson("/api/public/schedule/speakers-locked?password=salon2026")).body.data;
    const otherJane = other.aggregates.speakers.find((s: { lastName: string }) => s.lastName === "Doe")._id;
    const foreign = await getJson(`/api/events/speakers/speakers/${otherJane}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("speaker-not-found");
    expect((await getJson("/api/events/speakers/speakers/999999")).status).toBe(404);
    expect((await getJson("/api/events/speakers/speakers/abc")).status).toBe(400);
    expect((await getJson(`/api/events/speakers-locked/speakers/${otherJane}`)).status).toBe(401);
    expect((await getJson(`/api/events/speakers-locked/speakers/${otherJane}?password=salon2026`)).status).toBe(200);
  });
});

describe("calendar reminders", () => {
  it("the feed reminds 10 minutes before each talk by default; the member's setting changes it, 0 removes it", async () => {
    const { token, id } = await signUpAndLogIn("speakers", "reminders@example.org");
    const schedule = (await getJson("/api/public/schedule/speakers")).body.data;
    const eventId = schedule.event._id;
    await call("PATCH", `/api/speaker-data/${schedule.presentations[0]._id}/my-schedule/${eventId}`, {
      body: { id },
      token,
    });
    const { body } = await call("GET", "/api/me/calendar", { token });
    expect(body.data.alarmMinutes).toBe(10);
    const feed = async () => (await SELF.fetch(body.data.url)).text();
    expect(await feed()).toContain("TRIGGER;RELATED=START:-PT10M");

    const changed = await call("PUT", "/api/me/calendar", { token, body: { alarmMinutes: 15 } });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ url: body.data.url, alarmMinutes: 15 });
    expect(await feed()).toContain("TRIGGER;RELATED=START:-PT15M");

    await call("PUT", "/api/me/calendar", { token, body: { alarmMinutes: 0 } });
    expect((await call("GET", "/api/me/calendar", { token })).body.data.alarmMinutes).toBe(0);
    expect(await feed()).not.toContain("BEGIN:VALARM");
  });

  it("refuses a reminder that is not a choice (400) and a call without a session (401)", async () => {
    const { token } = await signUpAndLogIn("speakers", "reminders-bad@example.org");
    for (const alarmMinutes of [7, -5, "10", null, 60]) {
      expect((await call("PUT", "/api/me/calendar", { token, body: { alarmMinutes } })).status).toBe(400);
    }
    expect((await call("PUT", "/api/me/calendar", { body: { alarmMinutes: 5 } })).status).toBe(401);
  });

  it("a talk's own .ics file reminds 10 minutes before unless ?alarm= says otherwise", async () => {
    const schedule = (await getJson("/api/public/schedule/speakers")).body.data;
    const path = `http://localhost/api/public/schedule/speakers/${schedule.presentations[0]._id}/calendar.ics`;
    expect(await (await SELF.fetch(path)).text()).toContain("TRIGGER;RELATED=START:-PT10M");
    expect(await (await SELF.fetch(`${path}?alarm=5`)).text()).toContain("TRIGGER;RELATED=START:-PT5M");
    expect(await (await SELF.fetch(`${path}?alarm=0`)).text()).not.toContain("VALARM");
    expect((await SELF.fetch(`${path}?alarm=7`)).status).toBe(400);
  });

  it("a signed-in member's .ics file of a talk reminds as their calendar card says, unless ?alarm= says otherwise", async () => {
    const { token } = await signUpAndLogIn("speakers", "reminders-one-talk@example.org");
    await call("PUT", "/api/me/calendar", { token, body: { alarmMinutes: 15 } });
    const schedule = (await getJson("/api/public/schedule/speakers")).body.data;
    const path = `http://localhost/api/public/schedule/speakers/${schedule.presentations[0]._id}/calendar.ics`;
    const file = async (query: string, bearer: string | null) =>
      (await SELF.fetch(`${path}${query}`, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} })).text();
    expect(await file("", token)).toContain("TRIGGER;RELATED=START:-PT15M");
    expect(await file("?alarm=5", token)).toContain("TRIGGER;RELATED=START:-PT5M");
    await call("PUT", "/api/me/calendar", { token, body: { alarmMinutes: 0 } });
    expect(await file("", token)).not.toContain("VALARM");
    // Another event's session is no member of this one: the default reminder.
    const elsewhere = await signUpAndLogIn("speakers-locked", "reminders-one-talk@example.org");
    await call("PUT", "/api/me/calendar", { token: elsewhere.token, body: { alarmMinutes: 5 } });
    expect(await file("", elsewhere.token)).toContain("TRIGGER;RELATED=START:-PT10M");
  });
});
