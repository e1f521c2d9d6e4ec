import { beforeAll, describe, expect, it } from "vitest";
import frab from "../fixtures/frab-small.schedule.json";
import { addMember, call, signUpAndLogIn } from "./account-client";
import { getJson, importOk } from "./admin-client";
import { openRoomSocket } from "./room-socket";
import { tableDigest } from "./table-digest";

let talk: number;
let otherTalk: number;
let closedTalk: number;
let attendee: { token: string; id: number };
let other: { token: string; id: number };
let speaker: string;
let moderator: string;

async function memberToken(email: string, roles: Record<string, boolean>) {
  await addMember("forum", { email, name: email.split("@")[0], password: "secret-pass", ...roles });
  const login = await call("POST", "/api/event-engagement/forum/user-login", {
    body: { email, password: "secret-pass" },
  });
  return login.body.data.token as string;
}

beforeAll(async () => {
  await importOk("forum", frab);
  await importOk("forum-off", { ...frab, engagement: { forum: false } });
  const list = (await getJson("/api/public/schedule/forum")).body.data.presentations;
  talk = list[0]._id;
  otherTalk = list[1]._id;
  closedTalk = (await getJson("/api/public/schedule/forum-off")).body.data.presentations[0]._id;
  attendee = await signUpAndLogIn("forum", "fa@example.org");
  other = await signUpAndLogIn("forum", "fb@example.org");
  speaker = await memberToken("fs@example.org", { isSpeaker: true });
  moderator = await memberToken("fm@example.org", { isModerator: true });
});

const post = (presentationId: number, text: unknown, token?: string) =>
  call("POST", `/api/forum/${presentationId}/posts`, { body: { post: text }, ...(token ? { token } : {}) });
const reply = (postId: number, text: unknown, token: string) =>
  call("POST", `/api/forum/posts/${postId}/replies`, { body: { reply: text }, token });
const posts = (presentationId: number, token?: string, query = "") =>
  call("GET", `/api/forum/${presentationId}/posts${query}`, token ? { token } : {});

describe("forum posts and replies", () => {
  it("posts trimmed text as written, lists it newest first with its replies and author badge", async () => {
    const first = await post(otherTalk, "  Première question <script>alert(1)</script>  ", attendee.token);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      post: "Première question <script>alert(1)</script>",
      likes: 0,
      liked_by_user: false,
      replies: [],
      user: { id: attendee.id, is_moderator: false },
    });
    const second = await post(otherTalk, "Second", other.token);
    const answer = await reply(first.body.data.id, "Réponse de l'intervenant", speaker);
    expect(answer.status).toBe(201);
    expect(answer.body.data.user.is_speaker).toBe(true);

    const page = await posts(otherTalk);
    expect(page.status).toBe(200);
    expect(page.body.data.posts.map((p: { id: number }) => p.id)).toEqual([second.body.data.id, first.body.data.id]);
    expect(page.body.data.posts[1].replies.map((r: { reply: string }) => r.reply)).toEqual([
      "Réponse de l'intervenant",
    ]);
    expect(page.body.data.nextCursor).toBeNull();
  });

  it("refuses anonymous posting with 401 and blank or too long text with 400", async () => {
    expect((await post(talk, "Hello")).status).toBe(401);
    expect((await post(talk, "   ", attendee.token)).status).toBe(400);
    expect((await post(talk, "x".repeat(2001), attendee.token)).status).toBe(400);
    expect((await post(talk, 12, attendee.token)).status).toBe(400);
    expect((await post(talk, "x".repeat(2000), attendee.token)).status).toBe(201);
    const malformed = await call("POST", `/api/forum/${talk}/posts`, {
      token: attendee.token,
      rawBody: "{",
      type: "application/json",
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe("invalid-json");
  });

  it("answers an unknown presentation or post with 404", async () => {
    expect((await post(999_999, "Hello", attendee.token)).status).toBe(404);
    expect((await reply(999_999, "Hello", attendee.token)).status).toBe(404);
    expect((await call("POST", "/api/forum/posts/999999/like", { token: attendee.token })).status).toBe(404);
  });

  it("refuses posting where the event has the forum off, and a token of another event", async () => {
    expect((await post(closedTalk, "Hello", attendee.token)).status).toBe(401);
    const outsider = await signUpAndLogIn("forum-off", "fo@example.org");
    expect((await post(closedTalk, "Hello", outsider.token)).status).toBe(403);
    expect((await posts(closedTalk)).status).toBe(403);
  });

  it("pages 20 posts at a time with a cursor", async () => {
    const presentation = (await getJson("/api/public/schedule/forum")).body.data.presentations[2]._id;
    for (let i = 1; i <= 23; i++) await post(presentation, `post ${i}`, attendee.token);
    const first = await posts(presentation);
    expect(first.body.data.posts).toHaveLength(20);
    expect(first.body.data.posts[0].post).toBe("post 23");
    const second = await posts(presentation, undefined, `?cursor=${first.body.data.nextCursor}`);
    expect(second.body.data.posts.map((p: { post: string }) => p.post)).toEqual(["post 3", "post 2", "post 1"]);
    expect(second.body.data.nextCursor).toBeNull();
  });
});

describe("likes", () => {
  it("counts a double like once and shows liked_by_user to the liker only", async () => {
    const { body } = await post(talk, "Like me", attendee.token);
    const id = body.data.id;
    expect((await call("POST", `/api/forum/posts/${id}/like`, { token: other.token })).body.data.likes).toBe(1);
    expect((await call("POST", `/api/forum/posts/${id}/like`, { token: other.token })).body.data.likes).toBe(1);
    const seenByLiker = (await posts(talk, other.token)).body.data.posts.find((p: { id: number }) => p.id === id);
    const seenByAuthor = (await posts(talk, attendee.token)).body.data.posts.find((p: { id: number }) => p.id === id);
    expect(seenByLiker).toMatchObject({ likes: 1, liked_by_user: true });
    expect(seenByAuthor).toMatchObject({ likes: 1, liked_by_user: false });
    expect((await call("DELETE", `/api/forum/posts/${id}/like`, { token: other.token })).body.data.likes).toBe(0);
    expect((await call("POST", `/api/forum/posts/${id}/like`)).status).toBe(401);
  });

  it("likes a reply once", async () => {
    const { body } = await post(talk, "Reply target", attendee.token);
    const answer = await reply(body.data.id, "An answer", other.token);
    const path = `/api/forum/replies/${answer.body.data.id}/like`;
    await call("POST", path, { token: attendee.token });
    expect((await call("POST", path, { token: attendee.token })).body.data).toMatchObject({
      likes: 1,
      liked_by_user: true,
    });
    expect((await call("DELETE", path, { token: attendee.token })).body.data.likes).toBe(0);
  });
});

describe("deleting and moderating", () => {
  it("lets the author delete their post, with its replies, and refuses another attendee", async () => {
    const { body } = await post(talk, "Mine", attendee.token);
    await reply(body.data.id, "A reply", other.token);
    expect((await call("DELETE", `/api/forum/posts/${body.data.id}`, { token: other.token })).status).toBe(403);
    expect((await call("DELETE", `/api/forum/posts/${body.data.id}`, { token: attendee.token })).status).toBe(200);
    const left = (await posts(talk)).body.data.posts.map((p: { id: number }) => p.id);
    expect(left).not.toContain(body.data.id);
  });

  it("refuses an attendee deleting a speaker's reply but lets a moderator delete it", async () => {
    const { body } = await post(talk, "Question for the speaker", attendee.token);
    const answer = await reply(body.data.id, "Speaker answer", speaker);
    const path = `/api/forum/replies/${answer.body.data.id}`;
    expect((await call("DELETE", path, { token: attendee.token })).status).toBe(403);
    expect((await call("DELETE", path, { token: moderator })).status).toBe(200);
    expect((await call("DELETE", path, { token: moderator })).status).toBe(404);
  });

  it("lets a moderator pin a post to the top and hide one from everyone else", async () => {
    const pinned = await post(talk, "Important announcement", other.token);
    const hidden = await post(talk, "Spam", other.token);
    await post(talk, "Newest", other.token);
    const pin = await call("PATCH", `/api/forum/posts/${pinned.body.data.id}`, {
      token: moderator,
      body: { pinned: true },
    });
    expect(pin.status).toBe(200);
    expect(
      (
        await call("PATCH", `/api/forum/posts/${hidden.body.data.id}`, {
          token: attendee.token,
          body: { hidden: true },
        })
      ).status,
    ).toBe(403);
    await call("PATCH", `/api/forum/posts/${hidden.body.data.id}`, { token: moderator, body: { hidden: true } });

    const seen = (await posts(talk, attendee.token)).body.data.posts;
    expect(seen[0].id).toBe(pinned.body.data.id);
    expect(seen.map((p: { id: number }) => p.id)).not.toContain(hidden.body.data.id);
    const moderated = (await posts(talk, moderator)).body.data.posts;
    expect(moderated.find((p: { id: number }) => p.id === hidden.body.data.id)?.hidden).toBe(true);
    expect((await reply(hidden.body.data.id, "Still here?", attendee.token)).status).toBe(404);
  });
});

describe("bodies that say nothing or are not JSON", () => {
  it.each([
    ["an empty object", { body: {} }],
    ["an array", { body: [] }],
    ["null", { body: null }],
    ["a number", { body: 12 }],
    ["only unknown fields", { body: { sticky: true } }],
    ["a text/plain body", { rawBody: "hidden=true", type: "text/plain" }],
    ["malformed JSON", { rawBody: "{", type: "application/json" }],
  ])("a moderator's PATCH of a post with %s is a 400 and changes nothing", async (_label, options) => {
    const { body } = await post(talk, "Untouched", other.token);
    const before = await tableDigest("forum_posts");
    const response = await call("PATCH", `/api/forum/posts/${body.data.id}`, { token: moderator, ...options });
    expect(response.status).toBe(400);
    expect(["validation-failed", "invalid-json"]).toContain(response.body.error.code);
    expect(await tableDigest("forum_posts")).toBe(before);
  });

  it.each([
    ["an empty object", { body: {} }],
    ["an array", { body: [] }],
    ["null", { body: null }],
    ["a text/plain body", { rawBody: "hello", type: "text/plain" }],
    ["malformed JSON", { rawBody: "{", type: "application/json" }],
  ])("a post or a reply with %s is a 400 and writes nothing", async (_label, options) => {
    const { body } = await post(talk, "Parent", other.token);
    const before = await tableDigest("forum_posts", "forum_replies");
    const created = await call("POST", `/api/forum/${talk}/posts`, { token: attendee.token, ...options });
    const replied = await call("POST", `/api/forum/posts/${body.data.id}/replies`, {
      token: attendee.token,
      ...options,
    });
    expect([created.status, replied.status]).toEqual([400, 400]);
    expect(await tableDigest("forum_posts", "forum_replies")).toBe(before);
  });
});

describe("what a message may hold", () => {
  it("strips control and bidi characters from posts and replies, keeps line breaks, and checks what is left", async () => {
    const written = await post(talk, "\u202Eevil\u202C\u0000 text\r\nsecond\u2066 line\u0007", attendee.token);
    expect(written.status).toBe(201);
    expect(written.body.data.post).toBe("evil text\nsecond line");
    const answered = await reply(written.body.data.id, "\u200Fok\u0000\u202D", other.token);
    expect(answered.body.data.reply).toBe("ok");
    // Nothing but invisible characters is blank; they do not count towards the length either.
    expect((await post(talk, "\u202E\u0000\u2066", attendee.token)).status).toBe(400);
    expect((await post(talk, `${"x".repeat(2000)}\u202E\u0000`, attendee.token)).status).toBe(201);
  });
});

describe("realtime", () => {
  it("pushes a new post and a like to connected clients", async () => {
    const socket = await openRoomSocket(`/parties/forum-room/${otherTalk}`);
    const hello = await socket.next();
    expect(hello.type).toBe("hello");
    const created = await post(otherTalk, "Live!", other.token);
    const change = await socket.next();
    expect(change).toMatchObject({
      type: "change",
      change: { type: "post_created", data: { post: { post: "Live!" } } },
    });
    await call("POST", `/api/forum/posts/${created.body.data.id}/like`, { token: attendee.token });
    expect(await socket.next()).toMatchObject({
      change: { type: "post_likes", data: { id: created.body.data.id, likes: 1, userId: attendee.id, liked: true } },
    });
    socket.close();
  });

  it("pushes a second like or unlike of the same reader nothing, as it changes nothing", async () => {
    const socket = await openRoomSocket(`/parties/forum-room/${talk}`);
    await socket.next();
    const written = await post(talk, "Liked twice", attendee.token);
    const reply = await call("POST", `/api/forum/posts/${written.body.data.id}/replies`, {
      token: attendee.token,
      body: { reply: "Liked twice too" },
    });
    for (const path of [
      `/api/forum/posts/${written.body.data.id}/like`,
      `/api/forum/replies/${reply.body.data.id}/like`,
    ])
      for (const method of ["POST", "POST", "DELETE", "DELETE"]) await call(method, path, { token: other.token });
    await post(talk, "Last", attendee.token);
    const pushed: string[] = [];
    while (pushed.at(-1) !== "post_created" || pushed.length < 2) {
      const message = await socket.next();
      const changes = message.type === "change" ? [message] : message.type === "changes" ? message.changes : [];
      for (const { change } of changes) {
        const { liked } = change.data as { liked?: boolean };
        pushed.push(liked === undefined ? change.type : `${change.type} ${liked}`);
      }
    }
    expect(pushed).toEqual([
      "post_created",
      "reply_created",
      "post_likes true",
      "post_likes false",
      "reply_likes true",
      "reply_likes false",
      "post_created",
    ]);
    socket.close();
  });
});
