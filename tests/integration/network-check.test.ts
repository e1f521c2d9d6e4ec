import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "./account-client";
import { buildEventWorld, type EventWorld } from "./route-world";

let world: EventWorld;

beforeAll(async () => {
  world = await buildEventWorld("network-check", {});
});

const send = (path: string, init: RequestInit & { ip?: string } = {}) =>
  SELF.fetch(`http://localhost${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${world.accounts.speaker.token}`,
      "cf-connecting-ip": init.ip ?? "198.51.100.7",
      ...init.headers,
    },
  });

describe("the test screen's network check", () => {
  it("sends the bytes asked for, random and never cached", async () => {
    const response = await send("/api/network-check/download?bytes=300000", { ip: "198.51.100.1" });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = new Uint8Array(await response.arrayBuffer());
    expect(body.byteLength).toBe(300_000);
    expect(new Set(body.subarray(0, 4096)).size).toBeGreaterThan(200);
  });

  it("counts an upload and answers a round trip", async () => {
    const upload = await send("/api/network-check/upload", {
      method: "POST",
      body: new Uint8Array(1_000_000),
      headers: { "content-type": "application/octet-stream" },
      ip: "198.51.100.2",
    });
    expect(upload.status).toBe(200);
    expect(await upload.json()).toEqual({ data: { bytes: 1_000_000 } });
    const ping = await send("/api/network-check/ping", { ip: "198.51.100.2" });
    expect(ping.status).toBe(200);
  });

  it("keeps its sizes bounded", async () => {
    expect((await send("/api/network-check/download?bytes=999999999", { ip: "198.51.100.3" })).status).toBe(400);
    expect((await send("/api/network-check/download", { ip: "198.51.100.3" })).status).toBe(400);
    const tooLarge = await send("/api/network-check/upload", {
      method: "POST",
      body: new Uint8Array(3 * 1024 * 1024),
      ip: "198.51.100.3",
    });
    expect(tooLarge.status).toBe(413);
  });

  it("is for signed-in members, and limited per address", async () => {
    expect((await call("GET", "/api/network-check/ping")).status).toBe(401);
    const statuses: number[] = [];
    for (let index = 0; index < 125; index++) {
      statuses.push((await send("/api/network-check/ping", { ip: "198.51.100.4" })).status);
    }
    expect(statuses.slice(0, 120).every((status) => status === 200)).toBe(true);
    const refused = await send("/api/network-check/ping", { ip: "198.51.100.4" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
