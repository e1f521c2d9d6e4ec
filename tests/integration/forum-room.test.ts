import { abortAllDurableObjects, env, SELF } from "cloudflare:test";
import { getServerByName } from "partyserver";
import { describe, expect, it } from "vitest";
import { openRoomSocket } from "./room-socket";

describe("a forum room reached through the Worker", () => {
  it("pushes each published change to a connected client", async () => {
    const socket = await openRoomSocket("/parties/forum-room/101");
    expect(await socket.next()).toEqual({ type: "hello", seq: 0 });
    const room = await getServerByName(env.ForumRoom, "101");
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
    const room = await getServerByName(env.ForumRoom, "102");
    await room.publish({ type: "post_created", data: { id: 1 } }, 1);
    await room.publish({ type: "post_liked", data: { id: 1 } }, 2);
    await room.publish({ type: "post_deleted", data: { id: 1 } }, 3);

    await abortAllDurableObjects();

    const socket = await openRoomSocket("/parties/forum-room/102?since=1");
    const missed = [await socket.next(), await socket.next(), await socket.next()];
    expect(missed).toEqual([
      { type: "change", seq: 2, at: 2, change: { type: "post_liked", data: { id: 1 } } },
      { type: "change", seq: 3, at: 3, change: { type: "post_deleted", data: { id: 1 } } },
      { type: "hello", seq: 3 },
    ]);
    socket.close();
  });

  it("answers a client that writes to the socket with a typed error", async () => {
    const socket = await openRoomSocket("/parties/forum-room/103");
    await socket.next();
    socket.send("not json at all");
    expect(await socket.next()).toEqual({ type: "error", code: "bad-request" });
    socket.close();
  });

  it("refuses plain HTTP requests to a room", async () => {
    const response = await SELF.fetch("http://localhost/parties/forum-room/104", { method: "POST", body: "{}" });
    expect(response.status).toBe(405);
  });
});
