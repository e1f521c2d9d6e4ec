import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import frab from "../fixtures/frab-small.schedule.json";
import { getJson, importOk } from "./admin-client";

beforeAll(async () => {
  await importOk("open-event", frab);
  // Behind a password only: tests/integration/anonymous-access.test.ts covers events that want a login.
  await importOk("locked-event", { ...frab, engagement: { password: "salon2026", adHtml: "<p>Sponsor</p>" } });
});

describe("GET /api/public/schedule/{slug}", () => {
  it("lists presentations by date then time with their rooms, speakers and aggregates", async () => {
    const { status, body } = await getJson("/api/public/schedule/open-event");
    expect(status).toBe(200);
    const list = body.data.presentations as { date: string; time: number; speakers: unknown[] }[];
    const order = list.map((p) => `${p.date} ${String(p.time).padStart(4, "0")}`);
    expect(order).toEqual([...order].sort());
    expect(body.data.aggregates.dates).toEqual(["2019-12-27", "2019-12-28"]);
    expect(body.data.aggregates.speakers.length).toBeGreaterThan(3);
    const hardware = body.data.presentations.find((p: { name: string }) => p.name.startsWith("Verified hardware"));
    const names = hardware.speakers.map((s: { firstName: string; lastName: string }) =>
      `${s.firstName} ${s.lastName}`.trim(),
    );
    expect(names).toEqual(["Ludwig van Beethoven", "bunnie"]);
    expect(hardware.room_info.name).toBe("Saal 1");
    expect(hardware.color_info).toMatchObject({ name: "Hardware & Making" });
    expect(body.data.event.protected).toBe(false);
  });

  it("answers plain JSON to a client that asked for no compression, as curl without --compressed", async () => {
    const asked: Record<string, string>[] = [
      {},
      { "accept-encoding": "identity" },
      { "accept-encoding": "gzip;q=0, br" },
    ];
    for (const headers of asked) {
      const response = await SELF.fetch("http://localhost/api/public/schedule/open-event", { headers });
      expect(response.headers.get("content-encoding")).toBeNull();
      expect(response.headers.get("vary")).toBe("accept-encoding");
      const body = (await response.json()) as { data: { presentations: unknown[] } };
      expect(body.data.presentations.length).toBeGreaterThan(0);
    }
  });

  it("gzips the schedule for a client that asks for it", async () => {
    for (const acceptEncoding of ["gzip", "gzip, deflate, br", "br;q=1, gzip;q=0.5", "*"]) {
      const response = await SELF.fetch("http://localhost/api/public/schedule/open-event", {
        headers: { "accept-encoding": acceptEncoding },
      });
      expect(response.headers.get("content-encoding")).toBe("gzip");
      // The test client decompresses what it asked for: the body is the same JSON.
      const body = (await response.json()) as { data: { presentations: unknown[] } };
      expect(body.data.presentations.length).toBeGreaterThan(0);
    }
  });

  it("answers an unchanged schedule with 304 when the client sends its ETag", async () => {
    const first = await SELF.fetch("http://localhost/api/public/schedule/open-event");
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    await first.arrayBuffer();
    const second = await SELF.fetch("http://localhost/api/public/schedule/open-event", {
      headers: { "if-none-match": etag ?? "" },
    });
    expect(second.status).toBe(304);
  });

  it("asks for the password of a protected event, refuses a wrong one and opens with the right one", async () => {
    const missing = await getJson("/api/public/schedule/locked-event");
    expect(missing.status).toBe(401);
    expect(missing.body.error.code).toBe("error.prompt-password");
    const wrong = await getJson("/api/public/schedule/locked-event?password=nope");
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.code).toBe("error.invalid-password");
    const right = await getJson("/api/public/schedule/locked-event?password=salon2026");
    expect(right.status).toBe(200);
    expect(right.body.data.event.protected).toBe(true);
    expect(right.body.data.presentations).toHaveLength(9);
  });

  it("speaks English to a client that prefers it", async () => {
    const { body } = await getJson("/api/public/schedule/locked-event?password=nope", {
      headers: { "accept-language": "en-GB,en;q=0.9" },
    });
    expect(body.error.message).toBe("Invalid password");
    // x-locale wins over Accept-Language, in any case.
    const asked = await getJson("/api/public/schedule/locked-event?password=nope", {
      headers: { "accept-language": "fr-FR", "x-locale": "EN" },
    });
    expect(asked.body.error.message).toBe("Invalid password");
  });

  it("answers an unknown event with 404", async () => {
    const { status, body } = await getJson("/api/public/schedule/no-such-event");
    expect(status).toBe(404);
    expect(body.error.code).toBe("event-not-found");
  });

  it.each([
    ["control characters", "/api/public/schedule/%00%01demo"],
    ["3,000 characters", `/api/public/schedule/${"a".repeat(3000)}`],
    ["an encoded path trick", "/api/public/schedule/..%2F..%2Fetc%2Fpasswd"],
    ["upper case and spaces", "/api/public/schedule/My%20Event"],
    ["unicode", "/api/public/schedule/%C3%A9v%C3%A9nement"],
    ["a malformed escape", "/api/public/schedule/%E0%A4%A"],
  ])("answers a slug with %s with a 4xx, never a 500", async (_label, path) => {
    const response = await SELF.fetch(`http://localhost${path}`);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    await response.arrayBuffer();
  });

  it("refuses an over-long password with 400", async () => {
    const { status } = await getJson(`/api/public/schedule/locked-event?password=${"x".repeat(500)}`);
    expect(status).toBe(400);
  });
});

describe("GET /api/public/schedule-basic/{slug}", () => {
  it("gives the branding of a protected event without its programme or ad", async () => {
    const { status, body } = await getJson("/api/public/schedule-basic/locked-event");
    expect(status).toBe(200);
    expect(body.data.event).toMatchObject({
      slug: "locked-event",
      protected: true,
      allowAnonymousAccess: true,
      ad: null,
    });
    expect(body.data.presentations).toBeUndefined();
  });
});

describe("GET /api/public/schedule/{slug}/{presentation_id}", () => {
  it("returns one presentation of the event, and 404 for another event's", async () => {
    const schedule = (await getJson("/api/public/schedule/open-event")).body.data;
    const id = schedule.presentations[0]._id;
    const one = await getJson(`/api/public/schedule/open-event/${id}`);
    expect(one.status).toBe(200);
    expect(one.body.data.presentation).toEqual(schedule.presentations[0]);
    const other = await getJson(`/api/public/schedule/locked-event/${id}?password=salon2026`);
    expect(other.status).toBe(404);
    expect((await getJson("/api/public/schedule/open-event/abc")).status).toBe(400);
  });

  it("keeps a protected event's presentation behind its password", async () => {
    const schedule = (await getJson("/api/public/schedule/locked-event?password=salon2026")).body.data;
    const id = schedule.presentations[0]._id;
    expect((await getJson(`/api/public/schedule/locked-event/${id}`)).status).toBe(401);
  });
});
