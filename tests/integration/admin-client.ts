import { SELF } from "cloudflare:test";

export const ADMIN_TOKEN = "test-admin-token";

/** Imports a schedule through the admin API, as `npm run import` does. */
export function putSchedule(slug: string, schedule: unknown, token = ADMIN_TOKEN) {
  return SELF.fetch(`http://localhost/api/admin/events/${slug}/schedule`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: typeof schedule === "string" ? schedule : JSON.stringify(schedule),
  });
}

export async function importOk(slug: string, schedule: unknown) {
  const response = await putSchedule(slug, schedule);
  if (response.status !== 200) throw new Error(`import failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: import("@core/schedule/imported-schedule").ImportReport }).data;
}

export const getJson = async (path: string, init?: RequestInit) => {
  const response = await SELF.fetch(`http://localhost${path}`, init);
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
};
