/** The admin API's account upsert (`PUT /api/admin/events/{slug}/members`), as the seed and scripts use it. */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import frab from "../fixtures/frab-small.schedule.json";
import { ADMIN_TOKEN, importOk } from "./admin-client";

const SLUG = "admin-members";
const SPEAKER = "7001:Jane Doe";

async function putMember(member: Record<string, unknown>, locale: "fr" | "en" = "fr") {
  const response = await SELF.fetch(`http://localhost/api/admin/events/${SLUG}/members`, {
    method: "PUT",
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json", "x-locale": locale },
    body: JSON.stringify(member),
  });
  return { status: response.status, body: (await response.json()) as any };
}

const account = { email: "jane@admin-members.example.org", name: "Jane", password: "secret-pass" };

beforeAll(async () => {
  await importOk(SLUG, frab);
});

describe("the admin members upsert", () => {
  it("refuses a speakerExternalId the event's schedule does not have, naming the field, and writes nothing", async () => {
    const unknown = { ...account, email: "nope@admin-members.example.org", isSpeaker: true, speakerExternalId: "x" };
    const fr = await putMember(unknown);
    expect(fr.status).toBe(400);
    expect(fr.body.error).toMatchObject({
      code: "validation-failed",
      issues: [
        {
          path: "body.speakerExternalId",
          message: "aucun intervenant du programme de l'événement n'a cet identifiant (importez d'abord le programme)",
        },
      ],
    });
    const en = await putMember(unknown, "en");
    expect(en.body.error.issues).toEqual([
      {
        path: "body.speakerExternalId",
        message: "no speaker of the event's schedule has this id (import the schedule first)",
      },
    ]);
    const login = await SELF.fetch(`http://localhost/api/event-engagement/${SLUG}/user-login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: unknown.email, password: unknown.password }),
    });
    expect(login.status).toBe(401);
  });

  it("keeps the roles and links an update leaves out, and removes the speaker link on null", async () => {
    const created = await putMember({ ...account, isSpeaker: true, isModerator: true, speakerExternalId: SPEAKER });
    expect(created.status).toBe(200);
    const speakerId = created.body.data.speakerId;
    expect(speakerId).toEqual(expect.any(Number));
    expect(created.body.data).toMatchObject({ isSpeaker: true, isModerator: true, associationId: null });

    const renamed = await putMember({ ...account, name: "Jane D." });
    expect(renamed.body.data).toMatchObject({ isSpeaker: true, isModerator: true, speakerId });

    const demoted = await putMember({ ...account, isModerator: false, speakerExternalId: null });
    expect(demoted.body.data).toMatchObject({ isSpeaker: true, isModerator: false, speakerId: null });
  });
});

describe("a new password given by the admin API", () => {
  const login = async (password: string) => {
    const response = await SELF.fetch(`http://localhost/api/event-engagement/${SLUG}/user-login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "renew@admin-members.example.org", password }),
    });
    return ((await response.json()) as { data: { token: string } }).data.token;
  };
  const me = async (token: string) =>
    (await SELF.fetch(`http://localhost/api/me?event=${SLUG}`, { headers: { authorization: `Bearer ${token}` } }))
      .status;

  it("ends the sessions opened with the old one; the same password again ends nothing", async () => {
    const member = { email: "renew@admin-members.example.org", name: "Renée", password: "first-pass-1" };
    expect((await putMember(member)).status).toBe(200);
    const old = await login("first-pass-1");
    expect(await me(old)).toBe(200);
    expect((await putMember(member)).status).toBe(200);
    expect(await me(old)).toBe(200);
    expect((await putMember({ ...member, password: "second-pass-2" })).status).toBe(200);
    expect(await me(old)).toBe(401);
    expect(await me(await login("second-pass-2"))).toBe(200);
  });
});
