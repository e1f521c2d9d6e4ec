import { abortAllDurableObjects, env, SELF } from "cloudflare:test";
import { getServerByName } from "partyserver";
import { beforeAll, describe, expect, it } from "vitest";
import frab from "../fixtures/frab-small.schedule.json";
import { getJson, importOk } from "./admin-client";
import { openRoomSocket } from "./room-socket";

let ids: string[] = [];
beforeAll(async () => {
  await importOk("rooms", frab);
  await importOk("rooms-locked", { ...frab, engagement: { password: "salon2026" } });
  ids = (await getJson("/api/public/schedule/rooms")).body.data.presentations.map((p: { _id: number }) =>
    String(p._id),
  );
});
const presentationRoom = (index: number) => ids[index] as string;

describe("a forum room reached through the Worker", () => {
  it("pushes each published change to a connected client", async () => {
    const socket = await openRoomSocket(`/parties/forum-room/${presentationRoom(0)}`);
    expect(await socket.next()).toEqual({ type: "hello", seq: 0 });
    const room = await getServerByName(env.ForumRoom, presentationRoom(0));
    await room.publish({ type: "post_created", data: { id: 1 } }, 1_000);
    expect(await socket.next()).toEqual({
      type: "change",
      seq: 1,
      at: 1_000,
      change: { type: "post_created", data: { id: 1 } },
    });
    socket.close();
  });

  it("keeps its log across a restart and replays what a reconnecting client missed", async () => {
    const room = await getServerByName(env.ForumRoom, presentationRoom(1));
    await room.publish({ type: "post_created", data: { id: 1 } }, 1);
    await room.publish({ type: "post_liked", data: { id: 1 } }, 2);
    await room.publish({ type: "post_deleted", data: { id: 1 } }, 3);

    await abortAllDurableObjects();

    const socket = await openRoomSocket(`/parties/forum-room/${presentationRoom(1)}?since=1`);
    const missed = [await socket.next(), await socket.next(), await socket.next()];
    expect(missed).toEqual([
      { type: "change", seq: 2, at: 2, change: { type: "post_liked", data: { id: 1 } } },
      { type: "change", seq: 3, at: 3, change: { type: "post_deleted", data: { id: 1 } } },
      { type: "hello", seq: 3 },
    ]);
    socket.close();
  });

  it("sends changes made within the same moment together, in order", async () => {
    const socket = await openRoomSocket(`/parties/forum-room/${presentationRoom(4)}`);
    await socket.next();
    const room = await getServerByName(env.ForumRoom, presentationRoom(4));
    await Promise.all([1, 2, 3].map((id) => room.publish({ type: "post_created", data: { id } }, id)));
    const batch = await socket.next();
    expect(batch.type).toBe("changes");
    if (batch.type !== "changes") throw new Error("not a batch");
    expect(batch.changes.map((entry) => entry.seq)).toEqual([1, 2, 3]);
    socket.close();
  });

  it("answers a client that writes to the socket with a typed error", async () => {
    const socket = await openRoomSocket(`/parties/forum-room/${presentationRoom(2)}`);
    await socket.next();
    socket.send("not json at all");
    expect(await socket.next()).toEqual({ type: "error", code: "bad-request" });
    socket.close();
  });

  it("refuses plain HTTP requests to a room", async () => {
    const response = await SELF.fetch(`http://localhost/parties/forum-room/${presentationRoom(3)}`, {
      method: "POST",
      body: "{}",
    });
    expect(response.status).toBe(405);
  });

  it("refuses a connection to an unknown presentation, or to a protected event without its password", async () => {
    const unknown = await SELF.fetch("http://localhost/parties/forum-room/999999", {
      headers: { Upgrade: "websocket" },
    });
    expect(unknown.status).toBe(404);
    const locked = (await getJson("/api/public/schedule/rooms-locked?password=salon2026")).body.data.presentations[0]
      ._id;
    const refused = await SELF.fetch(`http://localhost/parties/forum-room/${locked}`, {
      headers: { Upgrade: "websocket" },
    });
    expect(refused.status).toBe(401);
    const socket = await openRoomSocket(`/parties/forum-room/${locked}?password=salon2026`);
    expect(await socket.next()).toEqual({ type: "hello", seq: 0 });
    socket.close();
  });
});
