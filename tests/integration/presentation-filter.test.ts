import { beforeAll, describe, expect, it } from "vitest";
import frab from "../fixtures/frab-small.schedule.json";
import { addMember, call, signUpAndLogIn } from "./account-client";
import { importOk } from "./admin-client";

const names = (response: { body: { data: { presentations: { name: string }[] } } }) =>
  response.body.data.presentations.map((p) => p.name);

beforeAll(async () => {
  const accented = structuredClone(frab);
  const first = accented.schedule.conference.days[0]?.rooms["Saal 1"]?.[0];
  if (!first) throw new Error("fixture changed");
  first.title = "Sécurité des élections";
  await importOk("filter", accented);
  await importOk("filter-locked", { ...frab, engagement: { password: "salon2026" } });
});

describe("GET /api/presentation/filter", () => {
  it("finds 'Sécurité' when searching 'securite', case- and accent-insensitively", async () => {
    const response = await call("GET", "/api/presentation/filter?slug=filter&search=SECURITE");
    expect(response.status).toBe(200);
    expect(names(response)).toEqual(["Sécurité des élections"]);
  });

  it("searches speaker names, rooms and tracks' types", async () => {
    expect(names(await call("GET", "/api/presentation/filter?slug=filter&search=beethoven"))).toEqual([
      "Verified hardware from the ground up",
    ]);
    const inRoom = names(await call("GET", "/api/presentation/filter?slug=filter&search=borg"));
    expect(inRoom.length).toBeGreaterThanOrEqual(2);
  });

  it("filters the user's own schedule, and only for the user themself", async () => {
    const { token, id } = await signUpAndLogIn("filter", "flt@example.org");
    const all = (await call("GET", "/api/public/schedule/filter")).body.data;
    const chosen = all.presentations[2];
    await call("PATCH", `/api/speaker-data/${chosen._id}/my-schedule/${all.event._id}`, { token, body: { id } });
    const mine = await call("GET", `/api/presentation/filter?eventId=${all.event._id}&type=my-schedule&userId=${id}`, {
      token,
    });
    expect(names(mine)).toEqual([chosen.name]);
    expect((await call("GET", "/api/presentation/filter?slug=filter&type=my-schedule")).status).toBe(401);
    const other = await signUpAndLogIn("filter", "flt2@example.org");
    expect(
      (await call("GET", `/api/presentation/filter?slug=filter&userId=${id}`, { token: other.token })).status,
    ).toBe(403);
  });

  it("filters a speaker's own presentations", async () => {
    await addMember("filter", {
      email: "fspk@example.org",
      name: "Jane",
      password: "secret-pass",
      isSpeaker: true,
      speakerExternalId: "7001:Jane Doe",
    });
    const login = await call("POST", "/api/event-engagement/filter/user-login", {
      body: { email: "fspk@example.org", password: "secret-pass" },
    });
    const mine = await call("GET", "/api/presentation/filter?slug=filter&type=my-presentations", {
      token: login.body.data.token,
    });
    expect(mine.status).toBe(200);
    expect(names(mine)).toEqual(["Sécurité des élections", "Threat models for everyone"]);
    for (const presentation of mine.body.data.presentations) expect(presentation.speaker_info.firstName).toBe("Jane");
  });

  it("keeps a protected event behind its password and refuses bad queries", async () => {
    const locked = await call("GET", "/api/presentation/filter?slug=filter-locked&search=a");
    expect(locked.status).toBe(401);
    expect(locked.body.error.code).toBe("error.prompt-password");
    expect((await call("GET", "/api/presentation/filter?slug=filter-locked&search=a&password=salon2026")).status).toBe(
      200,
    );
    expect((await call("GET", "/api/presentation/filter?search=a")).status).toBe(400);
    expect((await call("GET", `/api/presentation/filter?slug=filter&search=${"a".repeat(300)}`)).status).toBe(400);
    expect((await call("GET", "/api/presentation/filter?slug=filter&type=everything")).status).toBe(400);
    expect((await call("GET", "/api/presentation/filter?slug=nope")).status).toBe(404);
  });
});
