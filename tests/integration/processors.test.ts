import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../worker/db/client";
import { versions } from "../../worker/db/schema";
import { ADMIN_TOKEN, getJson } from "./admin-client";
import { PROCESSOR_TOKEN, processing, queueVersion } from "./processing-client";
import { buildEventWorld, type EventWorld } from "./route-world";

const db = openDatabase(env.DB);
const admin = { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } };

let world: EventWorld;
beforeAll(async () => {
  world = await buildEventWorld("procs", {});
});

describe("the processors the Worker has seen", () => {
  it("lists a processor once it asks for work, with its version and its leased jobs, and the queue", async () => {
    const before = await getJson("/api/admin/processors", admin);
    expect(before.status).toBe(200);
    expect(before.body.data.served).toBe(false);

    await queueVersion(world.talk);
    const lease = await processing("POST", "/lease", {
      body: { processorId: "worker-a:1", version: "1.4.0+abc123" },
      token: PROCESSOR_TOKEN,
    });
    expect(lease.status).toBe(200);
    const after = await getJson("/api/admin/processors", admin);
    expect(after.body.data.served).toBe(true);
    expect(after.body.data.processors).toContainEqual(
      expect.objectContaining({ id: "worker-a:1", version: "1.4.0+abc123", leasedJobs: 1 }),
    );
    expect(after.body.data.jobs.leased).toBeGreaterThanOrEqual(1);
  });

  it("refuses a lease whose version is not a release name", async () => {
    const lease = await processing("POST", "/lease", {
      body: { processorId: "worker-b:1", version: "<script>" },
      token: PROCESSOR_TOKEN,
    });
    expect(lease.status).toBe(400);
  });
});

describe("a version nobody processes", () => {
  it("tells its speaker it waits for a processor after 10 minutes with none seen", async () => {
    const { versionId } = await queueVersion(world.talk);
    const answer = async () =>
      (
        await getJson(`/api/speaker-data/presentation/${world.talk}`, {
          headers: { authorization: `Bearer ${world.accounts.speaker.token}` },
        })
      ).body.data.versions.find((version: { versionId: string }) => version.versionId === versionId);
    // Just queued, and a processor was seen a moment ago (the test above): processing as usual.
    expect((await answer()).waitingForProcessor).toBe(false);
    await db
      .update(versions)
      .set({ createdAt: Date.now() - 11 * 60_000 })
      .where(eq(versions.id, versionId));
    await env.DB.prepare("update processors set last_seen_at = ?")
      .bind(Date.now() - 3 * 60_000)
      .run();
    expect((await answer()).waitingForProcessor).toBe(true);
  });
});
