import { abortAllDurableObjects, env, runInDurableObject, SELF } from "cloudflare:test";
import type { ForumPost } from "@core/forum/changes";
import type { ChangeFeedServerMessage } from "@core/protocol/change-feed";
import { getServerByName } from "partyserver";
import { beforeAll, describe, expect, it } from "vitest";
import type { ForumRoom } from "../../party/forum-room";
import frab from "../fixtures/frab-small.schedule.json";
import { addMember, call, signUpAndLogIn } from "./account-client";
import { getJson, importOk } from "./admin-client";
import { openRoomSocket } from "./room-socket";

let ids: string[] = [];
let attendee: string;
let moderator: string;
beforeAll(async () => {
  await importOk("rooms", frab);
  await importOk("rooms-locked", { ...frab, engagement: { password: "salon2026" } });
  ids = (await getJson("/api/public/schedule/rooms")).body.data.presentations.map((p: { _id: number }) =>
    String(p._id),
  );
  attendee = (await signUpAndLogIn("rooms", "room-attendee@example.org")).token;
  await addMember("rooms", { email: "room-mod@example.org", name: "Mod", password: "secret-pass", isModerator: true });
  moderator = (
    await call("POST", "/api/event-engagement/rooms/user-login", {
      body: { email: "room-mod@example.org", password: "secret-pass" },
    })
  ).body.data.token;
});
const presentationRoom = (index: number) => ids[index] as string;

type FeedSocket = Awaited<ReturnType<typeof openRoomSocket<ChangeFeedServerMessage>>>;

/** Reads messages until the change numbered `seq` (changes are pushed a moment after they are made). */
async function throughSeq(socket: FeedSocket, seq: number) {
  for (;;) {
    const message = await socket.next();
    const seqs =
      message.type === "change" ? [message.seq] : message.type === "changes" ? message.changes.map((e) => e.seq) : [];
    if (seqs.includes(seq)) return;
  }
}

const writePost = async (room: string, text: string, token = attendee) =>
  (await call("POST", `/api/forum/${room}/posts`, { token, body: { post: text } })).body.data as ForumPost;

describe("a forum room reached through the Worker", () => {
  it("pushes each published change to a connected client", async () => {
    const socket = await openRoomSocket(`/parties/forum-room/${presentationRoom(0)}`);
    expect(await socket.next()).toEqual({ type: "hello", seq: 0 });
    const post = await writePost(presentationRoom(0), "Hello room");
    expect(await socket.next()).toMatchObject({
      type: "change",
      seq: 1,
      change: { type: "post_created", data: { post: { id: post.id, post: "Hello room" } } },
    });
    socket.close();
  });

  it("keeps its log across a restart and replays what a reconnecting client missed", async () => {
    const post = await writePost(presentationRoom(1), "Kept");
    await call("POST", `/api/forum/posts/${post.id}/like`, { token: attendee });
    await call("DELETE", `/api/forum/posts/${post.id}/like`, { token: attendee });

    await abortAllDurableObjects();

    const socket = await openRoomSocket(`/parties/forum-room/${presentationRoom(1)}?since=1`);
    const missed = [await socket.next(), await socket.next(), await socket.next()];
    expect(missed).toMatchObject([
      { type: "change", seq: 2, change: { type: "post_likes", data: { id: post.id, likes: 1, liked: true } } },
      { type: "change", seq: 3, change: { type: "post_likes", data: { id: post.id, likes: 0, liked: false } } },
      { type: "hello", seq: 3 },
    ]);
    socket.close();
  });

  it("sends changes made within the same moment together, in order", async () => {
    const socket = await openRoomSocket(`/parties/forum-room/${presentationRoom(4)}`);
    await socket.next();
    const posts = [await writePost(presentationRoom(4), "One"), await writePost(presentationRoom(4), "Two")];
    await throughSeq(socket, 2);
    const room = await getServerByName(env.ForumRoom, presentationRoom(4));
    // Both published in one turn of the room, so in one window whatever the machine's load (two
    // calls from here could reach the room more than a window apart).
    await runInDurableObject(room, (instance: ForumRoom) => {
      for (const post of posts) void instance.publish({ type: "post_pinned", data: { id: post.id, pinned: true } });
    });
    const batch = await socket.next();
    expect(batch.type).toBe("changes");
    if (batch.type !== "changes") throw new Error("not a batch");
    expect(batch.changes.map((entry) => entry.seq)).toEqual([3, 4]);
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

/** Every message up to and including `hello` (or `reset`). */
async function untilHello(socket: FeedSocket) {
  const messages: ChangeFeedServerMessage[] = [];
  for (;;) {
    const message = await socket.next();
    messages.push(message);
    if (message.type === "hello" || message.type === "reset") return messages;
  }
}

const changesOf = (messages: ChangeFeedServerMessage[]) =>
  messages.flatMap((message) =>
    message.type === "change"
      ? [message.change]
      : message.type === "changes"
        ? message.changes.map((e) => e.change)
        : [],
  );

describe("what a forum room sends of deleted and hidden posts", () => {
  const secrets = {
    deletedPost: "SECRET deleted post",
    hiddenPost: "SECRET hidden post",
    deletedReply: "SECRET deleted reply",
    replyOfHidden: "SECRET reply of a hidden post",
  };
  let room: string;
  let deleted: ForumPost;
  let hidden: ForumPost;
  let visible: ForumPost;
  let deletedReplyId: number;

  beforeAll(async () => {
    room = presentationRoom(5);
    await writePost(room, "First, before since");
    deleted = await writePost(room, secrets.deletedPost);
    hidden = await writePost(room, secrets.hiddenPost);
    visible = await writePost(room, "Visible post");
    deletedReplyId = (
      await call("POST", `/api/forum/posts/${visible.id}/replies`, {
        token: attendee,
        body: { reply: secrets.deletedReply },
      })
    ).body.data.id;
    await call("POST", `/api/forum/posts/${hidden.id}/replies`, {
      token: attendee,
      body: { reply: secrets.replyOfHidden },
    });
    await call("POST", `/api/forum/posts/${hidden.id}/like`, { token: attendee });
    expect((await call("DELETE", `/api/forum/posts/${deleted.id}`, { token: attendee })).status).toBe(200);
    expect((await call("DELETE", `/api/forum/replies/${deletedReplyId}`, { token: attendee })).status).toBe(200);
    expect(
      (await call("PATCH", `/api/forum/posts/${hidden.id}`, { token: moderator, body: { hidden: true } })).status,
    ).toBe(200);
  });

  it.each([
    ["an anonymous socket", ""],
    ["an attendee's socket", "attendee"],
  ])("replays to %s tombstones without text for deleted and hidden posts and replies", async (_label, who) => {
    const token = who === "attendee" ? `&token=${attendee}` : "";
    const socket = await openRoomSocket(`/parties/forum-room/${room}?since=1${token}`);
    const messages = await untilHello(socket);
    socket.close();
    const text = JSON.stringify(messages);
    for (const secret of Object.values(secrets)) expect(text).not.toContain(secret);
    expect(text).not.toContain("room-attendee");
    expect(text).toContain("Visible post");
    const changes = changesOf(messages);
    expect(changes).toContainEqual({ type: "post_deleted", data: { id: deleted.id } });
    expect(changes).toContainEqual({ type: "post_hidden", data: { id: hidden.id } });
    expect(changes).toContainEqual({ type: "reply_deleted", data: { id: deletedReplyId, postId: visible.id } });
    // One message per logged change, in order, so a client's count of changes stays right.
    const seqs = messages.flatMap((message) => (message.type === "change" ? [message.seq] : []));
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, index) => index + 2));
    expect(messages.at(-1)).toEqual({ type: "hello", seq: seqs.at(-1) });
  });

  it("replays hidden posts to the event's moderators, and deleted ones to nobody", async () => {
    const socket = await openRoomSocket(`/parties/forum-room/${room}?since=1&token=${moderator}`);
    const text = JSON.stringify(await untilHello(socket));
    socket.close();
    expect(text).toContain(secrets.hiddenPost);
    expect(text).toContain(secrets.replyOfHidden);
    expect(text).not.toContain(secrets.deletedPost);
    expect(text).not.toContain(secrets.deletedReply);
  });

  it("pushes a hide and a delete as ids only, and what follows on a hidden post to moderators only", async () => {
    const live = presentationRoom(6);
    const reader = await openRoomSocket(`/parties/forum-room/${live}`);
    const watcher = await openRoomSocket(`/parties/forum-room/${live}?token=${moderator}`);
    await reader.next();
    await watcher.next();
    const post = await writePost(live, "SECRET soon hidden");
    await throughSeq(reader, 1);
    await throughSeq(watcher, 1);

    await call("PATCH", `/api/forum/posts/${post.id}`, { token: moderator, body: { hidden: true } });
    expect(await reader.next()).toMatchObject({ change: { type: "post_hidden", data: { id: post.id } } });
    expect(await watcher.next()).toMatchObject({ change: { type: "post_hidden", data: { id: post.id } } });

    await call("POST", `/api/forum/posts/${post.id}/replies`, {
      token: moderator,
      body: { reply: "SECRET moderators' note" },
    });
    const readerSees = await reader.next();
    expect(readerSees).toMatchObject({ change: { type: "post_hidden", data: { id: post.id } } });
    expect(JSON.stringify(readerSees)).not.toContain("SECRET");
    expect(await watcher.next()).toMatchObject({
      change: { type: "reply_created", data: { reply: { reply: "SECRET moderators' note" } } },
    });

    await call("DELETE", `/api/forum/posts/${post.id}`, { token: moderator });
    expect(await reader.next()).toMatchObject({ change: { type: "post_deleted", data: { id: post.id } } });
    reader.close();
    watcher.close();
  });

  it("asks a client that missed too much to reload, with no change in the message", async () => {
    const crowded = presentationRoom(7);
    const post = await writePost(crowded, "SECRET crowded");
    const feed = await getServerByName(env.ForumRoom, crowded);
    await Promise.all(
      Array.from({ length: 501 }, () => feed.publish({ type: "post_pinned", data: { id: post.id, pinned: true } })),
    );
    const socket = await openRoomSocket(`/parties/forum-room/${crowded}?since=1`);
    expect(await socket.next()).toEqual({ type: "reset", seq: 502 });
    socket.close();
  });
});
