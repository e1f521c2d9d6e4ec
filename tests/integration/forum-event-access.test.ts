/**
 * Who reads a forum (HTTP and its room), by the event's access rule: on an event open to everyone a
 * token that is not a live session of that event reads as anonymous; on an event that lets no one
 * in anonymously only its signed-in members read, everyone else gets 401 login-required.
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import frab from "../fixtures/frab-small.schedule.json";
import { addMember, type CallResult, call, signUpAndLogIn } from "./account-client";
import { getJson, importOk } from "./admin-client";
import { openRoomSocket } from "./room-socket";

const OPEN = "forum-open";
const PRIVATE = "forum-private";
const PASSWORD = "salon2026";

let openTalk: number;
let privateTalk: number;
let openMember: string;
let privateMember: string;
/** The tokens an open event must read as no token at all. */
const strangers = { "a logged-out token": "", "a forged token": "", "another event's session": "" };
type Stranger = keyof typeof strangers;
const STRANGERS = Object.keys(strangers) as Stranger[];

beforeAll(async () => {
  await importOk(OPEN, frab);
  await importOk(PRIVATE, { ...frab, engagement: { allowAnonymousAccess: false, password: PASSWORD } });
  openTalk = (await getJson(`/api/public/schedule/${OPEN}`)).body.data.presentations[0]._id;
  openMember = (await signUpAndLogIn(OPEN, "reader@forum-open.example.org")).token;
  await addMember(PRIVATE, { email: "member@forum-private.example.org", name: "Member", password: "secret-pass" });
  const login = await call("POST", `/api/event-engagement/${PRIVATE}/user-login`, {
    body: { email: "member@forum-private.example.org", password: "secret-pass" },
  });
  privateMember = login.body.data.token;
  privateTalk = (await call("GET", `/api/public/schedule/${PRIVATE}?password=${PASSWORD}`, { token: privateMember }))
    .body.data.presentations[0]._id;
  const loggedOut = (await signUpAndLogIn(OPEN, "gone@forum-open.example.org")).token;
  await call("POST", "/api/logout", { token: loggedOut });
  strangers["a logged-out token"] = loggedOut;
  strangers["a forged token"] = `${openMember}x`;
  strangers["another event's session"] = privateMember;
});

const code = (result: CallResult) => ({ status: result.status, code: result.body?.error?.code });

/** The refusal of a forum room's connection, or 101. */
async function connect(path: string) {
  const response = await SELF.fetch(`http://localhost${path}`, { headers: { Upgrade: "websocket" } });
  response.webSocket?.accept();
  response.webSocket?.close(1000, "done");
  const text = response.status === 101 ? "" : await response.text();
  return { status: response.status, code: text ? JSON.parse(text).error.code : undefined };
}

describe("an event open to everyone", () => {
  it.each(STRANGERS)("reads its forum, room and search with %s as anonymously", async (name) => {
    const token = strangers[name];
    const posts = await call("GET", `/api/forum/${openTalk}/posts`, { token });
    expect(posts.status).toBe(200);
    expect(posts.body.data.posts).toEqual([]);
    expect((await call("GET", `/api/presentation/filter?slug=${OPEN}`, { token })).status).toBe(200);
    const socket = await openRoomSocket(`/parties/forum-room/${openTalk}?token=${encodeURIComponent(token)}`);
    expect(await socket.next()).toMatchObject({ type: "hello" });
    socket.close();
  });

  it.each(STRANGERS)("still refuses writing with %s (401 unauthorized)", async (name) => {
    const token = strangers[name];
    const written = await call("POST", `/api/forum/${openTalk}/posts`, { token, body: { post: "Hello" } });
    expect(code(written)).toEqual({ status: 401, code: "unauthorized" });
    const mine = await call("GET", `/api/presentation/filter?slug=${OPEN}&type=my-schedule`, { token });
    expect(code(mine)).toEqual({ status: 401, code: "unauthorized" });
  });
});

describe("an event that lets no one in anonymously", () => {
  const path = () => `/api/forum/${privateTalk}/posts?password=${PASSWORD}`;

  it("refuses its forum and its room to anyone but a signed-in member with 401 login-required", async () => {
    expect(code(await call("GET", path()))).toEqual({ status: 401, code: "login-required" });
    expect(code(await call("GET", path(), { token: openMember }))).toEqual({ status: 401, code: "login-required" });
    expect(await connect(`/parties/forum-room/${privateTalk}?password=${PASSWORD}`)).toEqual({
      status: 401,
      code: "login-required",
    });
    const foreign = `/parties/forum-room/${privateTalk}?password=${PASSWORD}&token=${openMember}`;
    expect(await connect(foreign)).toEqual({ status: 401, code: "login-required" });
  });

  it("asks for the password first, then answers its member", async () => {
    const unlocked = `/api/forum/${privateTalk}/posts`;
    expect(code(await call("GET", unlocked))).toEqual({ status: 401, code: "error.prompt-password" });
    expect((await call("GET", path(), { token: privateMember })).status).toBe(200);
    const member = `/parties/forum-room/${privateTalk}?password=${PASSWORD}&token=${privateMember}`;
    expect((await connect(member)).status).toBe(101);
  });
});
