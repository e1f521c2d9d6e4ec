import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "./account-client";
import { processing } from "./processing-client";
import { buildEventWorld, type EventWorld } from "./route-world";
import { completeUpload, type Owner } from "./version-client";

let world: EventWorld;
let owner: Owner;

beforeAll(async () => {
  world = await buildEventWorld("version-stream", { allowAnonymousAccess: false });
  owner = { userId: world.accounts.speaker.userId, eventId: world.eventId, presentationId: world.talk };
});

const roomPath = (token?: string) =>
  `/parties/version-stream-room/${world.talk}${token ? `?token=${encodeURIComponent(token)}` : ""}`;

/** A connection to the talk's room, its texts kept as sent (`empty` is not JSON). */
async function connect(token: string) {
  const response = await SELF.fetch(`http://localhost${roomPath(token)}`, { headers: { Upgrade: "websocket" } });
  const socket = response.webSocket;
  if (!socket) throw new Error(`no upgrade: ${response.status}`);
  socket.accept();
  const texts: string[] = [];
  socket.addEventListener("message", (event) => {
    texts.push(event.data as string);
  });
  return {
    /** The next text not read yet, within a few seconds. */
    async next(): Promise<string> {
      for (let waited = 0; texts.length === 0; waited += 10) {
        if (waited > 5_000) throw new Error("no message");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return texts.shift() as string;
    },
    send: (text: string) => socket.send(text),
    close: () => socket.close(1000, "done"),
  };
}

const upgradeStatus = async (token?: string) =>
  (await SELF.fetch(`http://localhost${roomPath(token)}`, { headers: { Upgrade: "websocket" } })).status;

async function newVersion(): Promise<string> {
  const video = await completeUpload(owner, "video");
  const answer = await call("PATCH", `/api/speaker-data/${world.talk}/versions`, {
    token: world.accounts.speaker.token,
    body: { option: "two", video: { id: video.id } },
  });
  expect(answer.status).toBe(200);
  return answer.body.data[0].versionId;
}

describe("version-stream room", () => {
  it("lets in the talk's speaker and the event's moderators only", async () => {
    const { accounts } = world;
    expect(await upgradeStatus(accounts.speaker.token)).toBe(101);
    expect(await upgradeStatus(accounts.moderator.token)).toBe(101);
    expect(await upgradeStatus(accounts.otherSpeaker.token)).toBe(403);
    expect(await upgradeStatus(accounts.attendee.token)).toBe(403);
    expect(await upgradeStatus()).toBe(401);
    expect(await upgradeStatus("not-a-token")).toBe(401);
    const plain = await SELF.fetch(`http://localhost${roomPath(accounts.speaker.token)}`);
    expect(plain.status).toBe(405);
  });

  it("says empty, then pushes a new version's progress to its end, and stops repeating it once acknowledged", async () => {
    const speaker = await connect(world.accounts.speaker.token);
    expect(await speaker.next()).toBe("empty");

    const versionId = await newVersion();
    expect(JSON.parse(await speaker.next())).toEqual({ versionId, percent: 0, status: "pending" });
    // A media processor takes the job and reports through the processing API.
    const leased = await processing("POST", "/lease", { body: { processorId: "stream-test" } });
    expect(leased.body.data.versionId).toBe(versionId);
    const { jobId } = leased.body.data;
    expect(JSON.parse(await speaker.next())).toEqual({ versionId, percent: 0, status: "processing" });
    const body = { processorId: "stream-test", percent: 35, stage: "chapters" };
    expect((await processing("POST", `/jobs/${jobId}/progress`, { body })).status).toBe(204);
    expect(JSON.parse(await speaker.next())).toEqual({ versionId, percent: 35, status: "processing" });

    // A connection opened now gets the state of every version under way, and no empty.
    const moderator = await connect(world.accounts.moderator.token);
    expect(JSON.parse(await moderator.next())).toEqual({ versionId, percent: 35, status: "processing" });

    const ended = {
      processorId: "stream-test",
      durationMs: 1_000,
      pageCount: null,
      pdf: null,
      video: null,
      webcam: null,
      chapters: [],
    };
    expect((await processing("POST", `/jobs/${jobId}/complete`, { body: ended })).status).toBe(204);
    for (const peer of [speaker, moderator]) {
      expect(JSON.parse(await peer.next())).toEqual({ versionId, percent: 100, status: "success" });
      expect(await peer.next()).toBe("empty");
    }
    const late = await connect(world.accounts.speaker.token);
    expect(JSON.parse(await late.next())).toMatchObject({ versionId, status: "success" });
    expect(await late.next()).toBe("empty");

    speaker.send(versionId);
    // The acknowledgement is handled in order with the connection below.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = await connect(world.accounts.speaker.token);
    expect(await after.next()).toBe("empty");
    for (const peer of [speaker, moderator, late, after]) peer.close();
  });

  it("a deleted version leaves the room, and a frame that is no versionId gets an error", async () => {
    const speaker = await connect(world.accounts.speaker.token);
    expect(await speaker.next()).toBe("empty");
    const versionId = await newVersion();
    expect(JSON.parse(await speaker.next())).toMatchObject({ versionId, status: "pending" });
    const deleted = await call("DELETE", `/api/speaker-data/${world.talk}/version/${versionId}`, {
      token: world.accounts.speaker.token,
    });
    expect(deleted.status).toBe(200);
    expect(await speaker.next()).toBe("empty");
    speaker.send("{ not a version id }");
    expect(JSON.parse(await speaker.next())).toEqual({ type: "error", code: "bad-request" });
    speaker.close();
  });
});
