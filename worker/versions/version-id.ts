import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { retiredVersionIds, versions } from "../db/schema";

/**
 * A new versionId: the spec's hash of the current Unix time (ms), with a random salt so two
 * versions created in the same millisecond differ; hex SHA-256, 64 characters.
 */
export async function newVersionId(now = Date.now()): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const bytes = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${now}:${salt.join(",")}`)),
  );
  return [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Whether a version ever had the id `versionId`: one that exists, or one deleted since (the
 * trigger of migrations/0006_retired_version_ids.sql keeps their ids). The id names the folder of
 * a version's files, so a new version never takes a deleted one's, whoever proposes it.
 */
export async function versionIdEverUsed(db: Database, versionId: string): Promise<boolean> {
  const [existing, retired] = await db.batch([
    db.select({ id: versions.id }).from(versions).where(eq(versions.id, versionId)).limit(1),
    db.select({ id: retiredVersionIds.id }).from(retiredVersionIds).where(eq(retiredVersionIds.id, versionId)).limit(1),
  ]);
  return existing.length > 0 || retired.length > 0;
}

/**
 * A version undone within its own creation (an upload taken by another meanwhile) never had
 * files: its id is not kept, so the refused request leaves nothing behind and may be sent again.
 */
export async function forgetUndoneVersionId(db: Database, versionId: string): Promise<void> {
  await db.delete(retiredVersionIds).where(eq(retiredVersionIds.id, versionId));
}
