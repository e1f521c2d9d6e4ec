import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import frab from "../fixtures/frab-small.schedule.json";
import { call } from "./account-client";
import { importOk, putSchedule } from "./admin-client";
import { buildEventWorld, type EventWorld } from "./route-world";

const TEMPLATE = "https://meet.example/{slug}/{roomName}-{roomId}/{presentationId}";

let world: EventWorld;
let foreign: EventWorld;

async function roomOf(presentationId: number) {
  const row = await env.DB.prepare("SELECT room_id AS id FROM presentations WHERE id = ?")
    .bind(presentationId)
    .first<{ id: number }>();
  if (!row) throw new Error("no room");
  return row.id;
}

const setDate = (presentationId: number, date: string) =>
  env.DB.prepare("UPDATE presentations SET date = ? WHERE id = ?").bind(date, presentationId).run();
const todayInBerlin = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date());
const liveRoom = (token: string, presentationId = world.talk) =>
  call("GET", `/api/visio/presentation/${presentationId}`, { token, locale: "en" });

beforeAll(async () => {
  world = await buildEventWorld("visio", { liveRoomUrlTemplate: TEMPLATE, visioRooms: ["Saal 1"] });
  foreign = await buildEventWorld("visio-foreign", {});
});

describe("a room's visio switch", () => {
  it("answers the room's name and switch to the event's members", async () => {
    const room = await roomOf(world.talk);
    const answer = await call("GET", `/api/visio/room/${room}`, { token: world.accounts.attendee.token });
    expect(answer).toMatchObject({ status: 200, body: { data: { name: "Saal 1", visioEnabled: true } } });
    const other = await call("GET", `/api/visio/room/${await roomOf(foreign.talk)}`, {
      token: foreign.accounts.attendee.token,
    });
    expect(other.body.data.visioEnabled).toBe(false);
  });

  it("keeps another event's rooms and unknown rooms out of reach", async () => {
    const room = await roomOf(world.talk);
    expect((await call("GET", `/api/visio/room/${room}`, { token: foreign.accounts.moderator.token })).status).toBe(
      401,
    );
    expect((await call("GET", `/api/visio/room/${room}`)).status).toBe(401);
    expect((await call("GET", "/api/visio/room/999999", { token: world.accounts.attendee.token })).status).toBe(404);
    expect((await call("GET", "/api/visio/room/abc", { token: world.accounts.attendee.token })).status).toBe(400);
  });
});

describe("a talk's live room", () => {
  it("fills the event's template for the talk's speaker, any day", async () => {
    const answer = await liveRoom(world.accounts.speaker.token);
    expect(answer.status).toBe(200);
    const room = await roomOf(world.talk);
    expect(answer.body.data).toMatchObject({
      presentationId: world.talk,
      eventSlug: "visio",
      room: { id: room, name: "Saal 1", visioEnabled: true },
      url: `https://meet.example/visio/saal-1-${room}/${world.talk}`,
    });
  });

  it("opens to attendees on the talk's own day only", async () => {
    const refused = await liveRoom(world.accounts.attendee.token);
    expect(refused).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });
    const talkDate = (await env.DB.prepare("SELECT date FROM presentations WHERE id = ?")
      .bind(world.talk)
      .first<{ date: string }>()) as { date: string };
    await setDate(world.talk, todayInBerlin());
    try {
      const answer = await liveRoom(world.accounts.attendee.token);
      expect(answer.status).toBe(200);
      expect(answer.body.data.url).toMatch(/^https:\/\/meet\.example\/visio\//);
    } finally {
      await setDate(world.talk, talkDate.date);
    }
  });

  it("gives no address when the room does not stream or the event has no live room", async () => {
    const offRoom = await liveRoom(foreign.accounts.speaker.token, foreign.talk);
    expect(offRoom.status).toBe(200);
    expect(offRoom.body.data).toMatchObject({ url: null, room: { visioEnabled: false } });
    await importOk("visio-foreign", { ...frab, engagement: { showVideoViews: true, visioRooms: ["Saal 1"] } });
    const noTemplate = await liveRoom(foreign.accounts.speaker.token, foreign.talk);
    expect(noTemplate.body.data).toMatchObject({ url: null, room: { visioEnabled: true } });
  });

  it("keeps tokens of other events and unknown talks out", async () => {
    expect((await liveRoom(foreign.accounts.moderator.token)).status).toBe(401);
    expect((await call("GET", `/api/visio/presentation/${world.talk}`)).status).toBe(401);
    expect((await liveRoom(world.accounts.speaker.token, 999999)).status).toBe(404);
  });

  it("refuses a template that is not an http(s) address at import", async () => {
    const refused = await putSchedule("visio-bad", {
      ...frab,
      engagement: { liveRoomUrlTemplate: "javascript:alert(1)" },
    });
    expect(refused.status).toBe(400);
  });
});
