import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import schedule2 from "../fixtures/c3voc-schedule2.schedule.json";
import frab from "../fixtures/frab-small.schedule.json";
import { ADMIN_TOKEN, getJson, importOk, putSchedule } from "./admin-client";

const clone = () => structuredClone(frab) as typeof frab;

describe("importing a frab schedule through the admin API", () => {
  it("creates the event with its presentations, rooms and days", async () => {
    const report = await importOk("ccc", frab);
    expect(report.event).toBe("created");
    expect(report.presentations).toEqual({ created: 9, updated: 0, unchanged: 0, archived: 0 });
    expect(report.rooms.created).toBe(3);
    expect(report.days).toBe(2);

    const { body } = await getJson("/api/public/schedule/ccc");
    expect(body.data.event.name).toBe("36th Chaos Communication Congress");
    expect(body.data.presentations).toHaveLength(9);
    expect(body.data.aggregates.rooms.map((room: { name: string }) => room.name)).toEqual([
      "Saal 1",
      "Saal Ada",
      "Saal Borg",
    ]);
  });

  it("changes nothing when the same file is imported twice", async () => {
    const first = await importOk("ccc-twice", frab);
    const before = await getJson("/api/public/schedule/ccc-twice");
    const second = await importOk("ccc-twice", frab);
    expect(second.event).toBe("unchanged");
    expect(second.presentations).toEqual({ created: 0, updated: 0, unchanged: 9, archived: 0 });
    expect(second.speakers.created + second.speakers.updated).toBe(0);
    expect(second.revision).toBe(first.revision);
    expect((await getJson("/api/public/schedule/ccc-twice")).body).toEqual(before.body);
  });

  it("updates a changed file in place and archives talks that left it", async () => {
    await importOk("ccc-changed", frab);
    const ids = new Map(
      (await getJson("/api/public/schedule/ccc-changed")).body.data.presentations.map(
        (p: { _id: number; name: string }) => [p.name, p._id],
      ),
    );
    const changed = clone();
    const day = changed.schedule.conference.days[0];
    if (!day) throw new Error("fixture has no day");
    const saal1 = day.rooms["Saal 1"];
    if (!saal1?.[0] || !saal1[1]) throw new Error("fixture changed");
    saal1[0].title = "Opening Ceremony (new time)";
    saal1[0].start = "11:15";
    saal1[0].date = "2019-12-27T11:15:00+01:00";
    saal1.splice(1, 1);

    const report = await importOk("ccc-changed", changed);
    expect(report.presentations).toEqual({ created: 0, updated: 1, unchanged: 7, archived: 1 });
    expect(report.revision).toBeGreaterThan(1);

    const { body } = await getJson("/api/public/schedule/ccc-changed");
    const renamed = body.data.presentations.find((p: { name: string }) => p.name === "Opening Ceremony (new time)");
    expect(renamed._id).toBe(ids.get("Opening Ceremony"));
    expect(renamed.time).toBe(11 * 60 + 15);
    expect(body.data.presentations).toHaveLength(8);
  });

  it("brings an archived talk back under the same id when it returns", async () => {
    await importOk("ccc-return", frab);
    const original = (await getJson("/api/public/schedule/ccc-return")).body.data.presentations;
    const without = clone();
    without.schedule.conference.days[1]?.rooms["Saal 1"]?.splice(0, 1);
    await importOk("ccc-return", without);
    const report = await importOk("ccc-return", frab);
    expect(report.presentations.updated).toBe(1);
    expect((await getJson("/api/public/schedule/ccc-return")).body.data.presentations).toEqual(original);
  });

  it("refuses an invalid schedule with the JSON path of the problem and changes nothing", async () => {
    const broken = clone();
    const talk = broken.schedule.conference.days[0]?.rooms["Saal 1"]?.[0];
    if (!talk) throw new Error("fixture changed");
    talk.start = "25:99";
    const response = await putSchedule("ccc-broken", broken);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; issues: { path: string }[] } };
    expect(body.error.code).toBe("validation-failed");
    expect(body.error.issues.map((issue) => issue.path)).toContainEqual(
      expect.stringContaining("body.schedule.conference.days[0]"),
    );
    expect((await getJson("/api/public/schedule/ccc-broken")).status).toBe(404);
  });

  it("tells the issues in the caller's language: French by default, English when asked", async () => {
    const broken = clone();
    const talk = broken.schedule.conference.days[0]?.rooms["Saal 1"]?.[0];
    if (!talk) throw new Error("fixture changed");
    Object.assign(talk, { duration: "1h30", title: 42 });
    Object.assign(broken, { engagement: { colour: "#fff" } });
    const issuesIn = async (headers: Record<string, string>) => {
      const response = await SELF.fetch("http://localhost/api/admin/events/ccc-languages/schedule", {
        method: "PUT",
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json", ...headers },
        body: JSON.stringify(broken),
      });
      expect(response.status).toBe(400);
      return ((await response.json()) as { error: { issues: { path: string; message: string }[] } }).error.issues;
    };
    const path = 'body.schedule.conference.days[0].rooms["Saal 1"][0]';
    expect(await issuesIn({ "accept-language": "fr-FR,fr;q=0.9" })).toEqual([
      { path: `${path}.duration`, message: 'durée "HH:MM" ou "HH:MM:SS" attendue, reçu "1h30"' },
      { path: `${path}.title`, message: "string | object attendu, 42 reçu" },
      { path: "body.engagement.colour", message: "clé inconnue" },
    ]);
    expect(await issuesIn({ "x-locale": "en" })).toEqual([
      { path: `${path}.duration`, message: 'expected a duration "HH:MM" or "HH:MM:SS", got "1h30"' },
      { path: `${path}.title`, message: "expected string | object, got 42" },
      { path: "body.engagement.colour", message: "unknown key" },
    ]);
  });

  it("lists 50 issues, then how many more, in French", async () => {
    const broken = clone();
    const saal1 = broken.schedule.conference.days[0]?.rooms["Saal 1"];
    const talk = saal1?.[0];
    if (!saal1 || !talk) throw new Error("fixture changed");
    saal1.splice(
      0,
      saal1.length,
      ...Array.from({ length: 60 }, (_, id) => ({ ...talk, id, guid: `g${id}`, start: "9h" })),
    );
    const response = await putSchedule("ccc-many", broken);
    const { issues } = ((await response.json()) as { error: { issues: { path: string; message: string }[] } }).error;
    expect(issues).toHaveLength(51);
    expect(issues[50]).toEqual({ path: "body", message: "… et 10 de plus" });
  });

  it("answers malformed JSON with 400 invalid-json", async () => {
    const response = await putSchedule("ccc-json", "{ not json");
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("invalid-json");
  });

  it("refuses a missing admin token with 401 and a wrong one with 403", async () => {
    expect((await putSchedule("ccc-auth", frab, "")).status).toBe(401);
    expect((await putSchedule("ccc-auth", frab, "not-the-token")).status).toBe(403);
    expect((await getJson("/api/public/schedule/ccc-auth")).status).toBe(404);
  });

  it("stores event ads and presentation information without scripts, handlers or javascript links", async () => {
    const withHtml = {
      ...clone(),
      engagement: {
        adHtml:
          '<p onclick="steal()">Sponsor <a href="javascript:alert(1)">here</a><script>alert(1)</script> <a href="https://example.org">site</a></p>',
      },
    };
    const talk = withHtml.schedule.conference.days[0]?.rooms["Saal 1"]?.[0] as { description?: string };
    talk.description = '<img src=x onerror="alert(1)"><b>Bold</b><iframe src="https://evil.test"></iframe>';
    await importOk("ccc-html", withHtml);
    const { body } = await getJson("/api/public/schedule/ccc-html");
    const ad: string = body.data.event.ad;
    expect(ad).toContain("Sponsor");
    expect(ad).toContain('href="https://example.org"');
    expect(ad).not.toMatch(/script|onclick|javascript:/i);
    const information: string = body.data.presentations.find(
      (p: { name: string }) => p.name === "Opening Ceremony",
    ).information;
    expect(information).toContain("<b>Bold</b>");
    expect(information).not.toMatch(/onerror|iframe/i);
  });

  it("imports a c3voc schedule 2 export (schedule.events) with its talks, speakers and described paragraphs", async () => {
    const report = await importOk("hub-38c3", schedule2);
    expect(report.presentations.created).toBe(2);
    expect(report.days).toBe(2);
    const { body } = await getJson("/api/public/schedule/hub-38c3");
    const talks = body.data.presentations.map((p: { name: string; date: string; time: number; day: number }) => [
      p.name,
      p.date,
      p.time,
      p.day,
    ]);
    expect(talks).toEqual([
      ["38C3: Opening Ceremony", "2024-12-27", 630, 1],
      ["A Competitive Time-Trial AI for Need for Speed:", "2024-12-28", 15, 2],
    ]);
    expect(body.data.presentations[0].speakers).toHaveLength(3);
    expect(body.data.presentations[1].information).toMatch(/^<p>15 years ago.*<\/p>\n<p>This talk will present/s);
  });

  it("serves each talk's subtitle beside its abstract, in the schedule and the talk's own answer", async () => {
    await importOk("hub-subtitle", schedule2);
    const { body } = await getJson("/api/public/schedule/hub-subtitle");
    const [opening, racing] = body.data.presentations;
    expect(opening).toMatchObject({ name: "38C3: Opening Ceremony", subtitle: null });
    expect(racing).toMatchObject({
      name: "A Competitive Time-Trial AI for Need for Speed:",
      subtitle: "Most Wanted Using Deep Reinforcement Learning",
      abstract: "All challenges and achievements in creating a competitive time-trial AI in NFS:MW.",
    });
    const single = await getJson(`/api/public/schedule/hub-subtitle/${racing._id}`);
    expect(single.body.data.presentation.subtitle).toBe("Most Wanted Using Deep Reinforcement Learning");

    // A subtitle alone is no abstract; a changed subtitle is a change the import writes.
    const changed = clone();
    const talk = changed.schedule.conference.days[0]?.rooms["Saal 1"]?.[1];
    if (!talk) throw new Error("fixture changed");
    talk.subtitle = "Trusting your silicon, again";
    await importOk("ccc-subtitle", frab);
    const report = await importOk("ccc-subtitle", changed);
    expect(report.presentations).toMatchObject({ created: 0, updated: 1 });
    const after = (await getJson("/api/public/schedule/ccc-subtitle")).body.data.presentations;
    expect(after.find((p: { name: string }) => p.name === talk.title)).toMatchObject({
      subtitle: "Trusting your silicon, again",
      abstract: null,
    });
  });
});
