import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import frab from "../fixtures/frab-small.schedule.json";
import { call } from "./account-client";
import { importOk } from "./admin-client";

let played: number;
let unplayed: number;

beforeAll(async () => {
  await importOk("plays", { ...frab, engagement: { showVideoViews: true } });
  await importOk("plays-locked", { ...frab, engagement: { showVideoViews: true, password: "salon2026" } });
  await importOk("plays-hidden", frab);
  const { presentations } = (await call("GET", "/api/public/schedule/plays")).body.data;
  played = presentations[0]._id;
  unplayed = presentations[1]._id;
  await env.DB.prepare("INSERT INTO presentation_plays (presentation_id, count) VALUES (?, 42)").bind(played).run();
});

describe("video plays counters", () => {
  it("gives a presentation's plays, and 0 before its first play", async () => {
    expect(await call("GET", `/api/presentation/${played}/plays`)).toMatchObject({ status: 200, body: { data: 42 } });
    expect(await call("GET", `/api/presentation/${unplayed}/plays`)).toMatchObject({ status: 200, body: { data: 0 } });
  });

  it("gives the schedule's counters in one call, for its cards", async () => {
    const response = await call("GET", "/api/presentation/plays?slug=plays");
    expect(response.status).toBe(200);
    expect(response.body.data.plays).toEqual({ [played]: 42 });
  });

  it("keeps counters hidden where the organiser does not show them", async () => {
    const response = await call("GET", "/api/presentation/plays?slug=plays-hidden");
    expect(response.status).toBe(403);
    const { presentations } = (await call("GET", "/api/public/schedule/plays-hidden")).body.data;
    expect((await call("GET", `/api/presentation/${presentations[0]._id}/plays`)).status).toBe(403);
  });

  it("keeps a protected event's counters behind its password", async () => {
    expect((await call("GET", "/api/presentation/plays?slug=plays-locked")).body.error.code).toBe(
      "error.prompt-password",
    );
    expect((await call("GET", "/api/presentation/plays?slug=plays-locked&password=nope")).status).toBe(403);
    expect((await call("GET", "/api/presentation/plays?slug=plays-locked&password=salon2026")).status).toBe(200);
  });

  it("answers bad addresses with 4xx, never 500", async () => {
    expect((await call("GET", "/api/presentation/plays")).status).toBe(400);
    expect((await call("GET", "/api/presentation/plays?slug=nope")).status).toBe(404);
    expect((await call("GET", "/api/presentation/999999/plays")).status).toBe(404);
    expect((await call("GET", "/api/presentation/abc/plays")).status).toBe(400);
  });
});
