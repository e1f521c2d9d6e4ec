import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import frab from "../fixtures/frab-small.schedule.json";
import { call, signUpAndLogIn } from "./account-client";
import { getJson, importOk } from "./admin-client";

let eventId: number;
let lockedEventId: number;
let presentationIds: number[];

beforeAll(async () => {
  await importOk("mine", frab);
  await importOk("mine-locked", { ...frab, engagement: { password: "salon2026" } });
  const open = (await getJson("/api/public/schedule/mine")).body.data;
  eventId = open.event._id;
  presentationIds = open.presentations.map((p: { _id: number }) => p._id);
  lockedEventId = (await getJson("/api/public/schedule-basic/mine-locked")).body.data.event._id;
});

const add = (presentationId: number, event: number, body: unknown, token?: string, query = "") =>
  call("PATCH", `/api/speaker-data/${presentationId}/my-schedule/${event}${query}`, {
    body,
    ...(token ? { token } : {}),
  });
const remove = (presentationId: number, event: number, userId: number, token?: string) =>
  call("DELETE", `/api/speaker-data/${presentationId}/my-schedule/${event}/${userId}`, token ? { token } : {});

describe("my schedule", () => {
  it("adds and removes a presentation, returning it with the users who scheduled it", async () => {
    const { token, id } = await signUpAndLogIn("mine", "ms1@example.org");
    const [first] = presentationIds as [number];
    const added = await add(first, eventId, { id }, token);
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ _id: first, users: [{ id }] });
    expect((await add(first, eventId, { id }, token)).body.data.users).toEqual([{ id }]);
    expect((await call("GET", "/api/me/schedule", { token })).body.data.presentationIds).toEqual([first]);

    const removed = await remove(first, eventId, id, token);
    expect(removed.status).toBe(200);
    expect(removed.body.data.users).toEqual([]);
    expect((await call("GET", "/api/me/schedule", { token })).body.data.presentationIds).toEqual([]);
  });

  it("refuses without a token (401) and for another user's id (403)", async () => {
    const [first] = presentationIds as [number];
    expect((await add(first, eventId, { id: 1 })).status).toBe(401);
    const alice = await signUpAndLogIn("mine", "ms2@example.org");
    const bob = await signUpAndLogIn("mine", "ms3@example.org");
    expect((await add(first, eventId, { id: bob.id }, alice.token)).status).toBe(403);
    expect((await remove(first, eventId, bob.id, alice.token)).status).toBe(403);
  });

  it("answers an unknown presentation with 404 and bad input with 400", async () => {
    const { token, id } = await signUpAndLogIn("mine", "ms4@example.org");
    expect((await add(999_999, eventId, { id }, token)).status).toBe(404);
    expect((await add(presentationIds[0] as number, eventId, { id: "me" }, token)).status).toBe(400);
    expect((await call("PATCH", `/api/speaker-data/abc/my-schedule/${eventId}`, { token, body: { id } })).status).toBe(
      400,
    );
  });

  it("refuses a token of another event", async () => {
    const { token, id } = await signUpAndLogIn("mine", "ms5@example.org");
    expect((await add(presentationIds[0] as number, lockedEventId, { id }, token)).status).toBe(401);
  });

  it("keeps a protected event's presentations behind its password", async () => {
    const { token, id } = await signUpAndLogIn("mine-locked", "ms6@example.org");
    const locked = (await getJson("/api/public/schedule/mine-locked?password=salon2026")).body.data;
    const target = locked.presentations[0]._id as number;
    const without = await add(target, lockedEventId, { id }, token);
    expect(without.status).toBe(401);
    expect(without.body.error.code).toBe("error.prompt-password");
    expect((await add(target, lockedEventId, { id }, token, "?password=salon2026")).status).toBe(200);
  });
});

describe("calendar export", () => {
  it("serves the personal schedule at a secret subscription URL as iCalendar", async () => {
    const { token, id } = await signUpAndLogIn("mine", "cal@example.org");
    await add(presentationIds[0] as number, eventId, { id }, token);
    await add(presentationIds[1] as number, eventId, { id }, token);
    const { body } = await call("GET", "/api/me/calendar", { token });
    expect(body.data.url).toMatch(/^http:\/\/localhost\/api\/calendar\/[0-9a-f]{64}\.ics$/);
    expect(body.data.webcal).toMatch(/^webcal:/);
    expect((await call("GET", "/api/me/calendar", { token })).body.data.url).toBe(body.data.url);

    const feed = await SELF.fetch(body.data.url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toContain("text/calendar");
    const text = await feed.text();
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    // Opening Ceremony, 27 Dec 2019 11:00 in Berlin = 10:00 UTC.
    expect(text).toContain("DTSTART:20191227T100000Z");
  });

  it("answers an unknown or malformed feed token with 404 or 400", async () => {
    expect((await SELF.fetch(`http://localhost/api/calendar/${"0".repeat(64)}.ics`)).status).toBe(404);
    // Encoded, so the traversal reaches the route instead of being resolved away by the URL parser.
    expect((await SELF.fetch("http://localhost/api/calendar/..%2F..%2Fetc.ics")).status).toBe(400);
  });

  it("offers one presentation as an .ics download, behind the event's password", async () => {
    const single = await SELF.fetch(`http://localhost/api/public/schedule/mine/${presentationIds[0]}/calendar.ics`);
    expect(single.status).toBe(200);
    expect(await single.text()).toContain("SUMMARY:Opening Ceremony");
    const locked = (await getJson("/api/public/schedule/mine-locked?password=salon2026")).body.data;
    const path = `/api/public/schedule/mine-locked/${locked.presentations[0]._id}/calendar.ics`;
    expect((await SELF.fetch(`http://localhost${path}`)).status).toBe(401);
    expect((await SELF.fetch(`http://localhost${path}?password=salon2026`)).status).toBe(200);
  });
});
