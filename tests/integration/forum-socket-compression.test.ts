import { SELF } from "cloudflare:test";
import type { ChangeFeedServerMessage } from "@core/protocol/change-feed";
import { beforeAll, describe, expect, it } from "vitest";
import frab from "../fixtures/frab-small.schedule.json";
import { call, signUpAndLogIn } from "./account-client";
import { getJson, importOk } from "./admin-client";
import { eventually } from "./live-quiz-client";

let room: string;
let attendee: string;
beforeAll(async () => {
  await importOk("forum-frames", frab);
  const presentations = (await getJson("/api/public/schedule/forum-frames")).body.data.presentations;
  room = String(presentations[0]._id);
  attendee = (await signUpAndLogIn("forum-frames", "frames@example.org")).token;
});

describe("a forum room's sockets", () => {
  it("are answered without compression, whatever the browser offers, and still receive every change", async () => {
    const response = await SELF.fetch(`http://localhost/parties/forum-room/${room}`, {
      headers: { Upgrade: "websocket", "Sec-WebSocket-Extensions": "permessage-deflate; client_max_window_bits" },
    });
    const socket = response.webSocket;
    if (response.status !== 101 || !socket) throw new Error(`no socket: ${response.status}`);
    expect(response.headers.get("Sec-WebSocket-Extensions")).toBe("none");
    socket.accept();
    const received: ChangeFeedServerMessage[] = [];
    socket.addEventListener("message", (message) => received.push(JSON.parse(message.data as string)));
    await eventually(
      async () => received,
      (messages) => messages.some((message) => message.type === "hello"),
    );
    await call("POST", `/api/forum/${room}/posts`, { token: attendee, body: { post: "Plain" } });
    await eventually(
      async () => received,
      (messages) => messages.some((message) => message.type === "change" && message.change.type === "post_created"),
    );
    socket.close(1000, "done");
  });
});
