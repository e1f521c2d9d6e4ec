import { env, SELF } from "cloudflare:test";
import { addressBucket } from "@core/auth/address-bucket";
import { beforeAll, describe, expect, it } from "vitest";
import { PLAYS_PER_ADDRESS_AND_TALK } from "../../worker/routes/video-plays";
import { call } from "./account-client";
import { buildEventWorld, type EventWorld } from "./route-world";
import { allOffline, processedVersion } from "./version-client";

let world: EventWorld;
let versionId: string;

beforeAll(async () => {
  world = await buildEventWorld("watch", { allowAnonymousAccess: false, showVideoViews: true });
});

const attendee = () => world.accounts.attendee.token;
const playCount = async () =>
  (await call("GET", `/api/presentation/${world.talk}/plays`, { token: attendee() })).body.data;
const play = (viewerId: string, token = attendee()) =>
  call("POST", `/api/presentation/${world.talk}/plays`, { token, body: { viewerId } });

describe("the public video of a talk", () => {
  it("is 'No video' (404 not-found) until a successful version is online", async () => {
    await processedVersion({
      userId: world.accounts.speaker.userId,
      eventId: world.eventId,
      presentationId: world.talk,
    });
    const answer = await call("GET", `/api/presentation/${world.talk}/video`, { token: attendee() });
    expect([answer.status, answer.body.error.code]).toEqual([404, "not-found"]);
    expect((await play("viewer-0001")).status).toBe(404);
  });

  it("gives the online version's videos, duration and chapters, as open as the schedule", async () => {
    ({ versionId } = await processedVersion(
      { userId: world.accounts.speaker.userId, eventId: world.eventId, presentationId: world.talk },
      { online: true },
    ));
    const answer = await call("GET", `/api/presentation/${world.talk}/video`, { token: attendee() });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        data: {
          versionId,
          video: `/api/files/versions/${versionId}/video.mp4`,
          webcam: null,
          duration: 90,
          thumbnails: [{ id: `/api/files/versions/${versionId}/chapters/001.jpg`, time: 0, title: "Introduction" }],
        },
      },
    });
    // This event lets no one in anonymously.
    expect((await call("GET", `/api/presentation/${world.talk}/video`)).body.error.code).toBe("login-required");
  });

  it("serves the chapters as a WebVTT chapters file", async () => {
    await env.DB.prepare(
      "insert into version_thumbnails (version_id, image_key, time_ms, title, position) values (?, 'x.jpg', 61500, ?, 1)",
    )
      .bind(versionId, "Threats <& risks>")
      .run();
    const response = await SELF.fetch(`http://localhost/api/presentation/${world.talk}/chapters.vtt`, {
      headers: { authorization: `Bearer ${attendee()}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    expect(await response.text()).toBe(
      "WEBVTT\n\n1\n00:00:00.000 --> 00:01:01.500\nIntroduction\n\n2\n00:01:01.500 --> 00:01:30.000\nThreats &lt;&amp; risks&gt;\n",
    );
  });
});

describe("counting plays", () => {
  it("counts a play once per viewer and version per day, however often it reloads", async () => {
    expect((await play("viewer-aaaa-1")).body).toEqual({ data: { counted: true } });
    expect((await play("viewer-aaaa-1")).body).toEqual({ data: { counted: false } });
    expect((await play("viewer-bbbb-2")).body).toEqual({ data: { counted: true } });
    const plays = await call("GET", `/api/presentation/${world.talk}/plays`, { token: attendee() });
    expect(plays.body).toEqual({ data: 2 });
  });

  it("gives the talk's speaker the plays of each version", async () => {
    const answer = await call("GET", `/api/presentation/${world.talk}/version-plays`, {
      token: world.accounts.speaker.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]).toEqual({ versionId, online: true, plays: 2 });
    expect(answer.body.data[1]).toMatchObject({ online: false, plays: 0 });
    const attendeeAsks = await call("GET", `/api/presentation/${world.talk}/version-plays`, { token: attendee() });
    expect(attendeeAsks.status).toBe(403);
    expect((await call("GET", `/api/presentation/${world.talk}/version-plays`)).status).toBe(401);
  });

  it("the talk's counter sums its versions'; a viewer counts again once another version is online", async () => {
    const speaker = world.accounts.speaker.token;
    const versionPlays = async () =>
      (await call("GET", `/api/presentation/${world.talk}/version-plays`, { token: speaker })).body.data as {
        versionId: string;
        plays: number;
      }[];
    const sum = (rows: { plays: number }[]) => rows.reduce((total, row) => total + row.plays, 0);
    expect((await play("viewer-aaaa-1")).body).toEqual({ data: { counted: false } });
    const next = await processedVersion(
      { userId: world.accounts.speaker.userId, eventId: world.eventId, presentationId: world.talk },
      { online: true },
    );
    expect((await play("viewer-aaaa-1")).body).toEqual({ data: { counted: true } });
    const rows = await versionPlays();
    expect(rows.find((row) => row.versionId === next.versionId)?.plays).toBe(1);
    expect(await playCount()).toBe(sum(rows));
    expect(await playCount()).toBe(3);
    // A deleted version's plays stay in the talk's counter: it never goes down.
    const deleted = await call("DELETE", `/api/speaker-data/${world.talk}/version/${versionId}`, { token: speaker });
    expect(deleted.status).toBe(200);
    expect(sum(await versionPlays())).toBe(1);
    expect(await playCount()).toBe(3);
  });

  it("stops made-up viewer ids from one caller after the day's calls for a talk, in 429 with Retry-After", async () => {
    const before = (await playCount()) as number;
    const { attempts } = PLAYS_PER_ADDRESS_AND_TALK;
    // An IPv6 caller is its /64: walking through its addresses is one caller.
    const address = (i: number) => `2001:db8:77:1::${(i + 1).toString(16)}`;
    const fromOneCaller = (viewerId: string, i: number) =>
      call("POST", `/api/presentation/${world.talk}/plays`, { token: attendee(), body: { viewerId }, ip: address(i) });
    // Three calls counted, the day's count then brought to two short of the limit (the row the
    // calls wrote, under the caller's /64), and the last two counted: 300 calls one by one would
    // test the same rule for 5 to 30 s.
    for (let i = 0; i < 3; i++) expect((await fromOneCaller(`made-up-${i}`, i)).status).toBe(200);
    const counted = await env.DB.prepare("UPDATE rate_limits SET count = ? WHERE key = ? AND count = 3")
      .bind(attempts - 2, `plays:${world.talk}:${addressBucket(address(0))}`)
      .run();
    expect(counted.meta.changes).toBe(1);
    for (let i = 3; i < 5; i++) expect((await fromOneCaller(`made-up-${i}`, i)).status).toBe(200);
    const refused = await SELF.fetch(`http://localhost/api/presentation/${world.talk}/plays`, {
      method: "POST",
      headers: {
        "cf-connecting-ip": "2001:db8:77:1:ffff::9",
        authorization: `Bearer ${attendee()}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ viewerId: "made-up-last" }),
    });
    expect([refused.status, ((await refused.json()) as { error: { code: string } }).error.code]).toEqual([
      429,
      "rate-limited",
    ]);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await play("viewer-elsewhere")).body).toEqual({ data: { counted: true } });
    expect(await playCount()).toBe(before + 5 + 1);
  });

  it("counts nothing toward the limit for a talk that does not exist", async () => {
    for (const id of [9_000_000_001, 9_000_000_002]) {
      const answer = await call("POST", `/api/presentation/${id}/plays`, { body: { viewerId: "viewer-nowhere" } });
      expect(answer.status).toBe(404);
    }
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM rate_limits WHERE key LIKE 'plays:9000000%'").first();
    expect(rows?.n).toBe(0);
  });

  it("refuses a malformed viewer id, and counts nothing for a talk without a public video", async () => {
    const before = await playCount();
    expect((await play("x")).body.error.code).toBe("validation-failed");
    expect((await play("has spaces in it")).status).toBe(400);
    await allOffline(world.talk);
    expect((await play("viewer-cccc-3")).status).toBe(404);
    expect(await playCount()).toBe(before);
  });
});
