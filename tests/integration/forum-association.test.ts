import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import frab from "../fixtures/frab-small.schedule.json";
import { call } from "./account-client";
import { ADMIN_TOKEN, getJson, importOk } from "./admin-client";

/** The admin API's account upsert, answer as it came. */
async function addMember(slug: string, member: Record<string, unknown>) {
  const response = await SELF.fetch(`http://localhost/api/admin/events/${slug}/members`, {
    method: "PUT",
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify(member),
  });
  return { status: response.status, body: (await response.json()) as any };
}

let talk: number;

async function logIn(email: string) {
  const login = await call("POST", "/api/event-engagement/forum-assoc/user-login", {
    body: { email, password: "secret-pass" },
  });
  return login.body.data.token as string;
}

beforeAll(async () => {
  await importOk("forum-assoc", frab);
  talk = (await getJson("/api/public/schedule/forum-assoc")).body.data.presentations[0]._id;
});

describe("the forum's Association badge", () => {
  it("badges the posts of an account given an association by the admin API, and no longer once it is removed", async () => {
    const member = { email: "asso@example.org", name: "Camille", password: "secret-pass" };
    const added = await addMember("forum-assoc", { ...member, association: "  Collectif Numérique  " });
    expect(added.status).toBe(200);
    const token = await logIn(member.email);
    const posted = await call("POST", `/api/forum/${talk}/posts`, { body: { post: "Bonjour" }, token });
    expect(posted.status).toBe(201);
    expect(posted.body.data.user.association).toBe("Collectif Numérique");
    const plain = await addMember("forum-assoc", { email: "plain@example.org", name: "Lou", password: "secret-pass" });
    expect(plain.status).toBe(200);
    const other = await call("POST", `/api/forum/${talk}/posts`, {
      body: { post: "Salut" },
      token: await logIn("plain@example.org"),
    });
    expect(other.body.data.user.association).toBeNull();

    // Updating the account without the field keeps its association; null removes it.
    await addMember("forum-assoc", member);
    let listed = await call("GET", `/api/forum/${talk}/posts`, { token });
    expect(
      listed.body.data.posts.find((post: { id: number }) => post.id === posted.body.data.id).user.association,
    ).toBe("Collectif Numérique");
    await addMember("forum-assoc", { ...member, association: null });
    listed = await call("GET", `/api/forum/${talk}/posts`, { token });
    expect(
      listed.body.data.posts.find((post: { id: number }) => post.id === posted.body.data.id).user.association,
    ).toBeNull();
  });

  it("refuses an empty or overlong association name field by field", async () => {
    for (const association of ["   ", "x".repeat(201), 12]) {
      const refused = await addMember("forum-assoc", {
        email: "asso@example.org",
        name: "Camille",
        password: "secret-pass",
        association,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.issues[0].path).toBe("body.association");
    }
  });
});
