import { DomainError, ErrorCode } from "@core/errors";
import type { Database } from "../db/client";
import { findEventBySlug } from "../db/queries/events";
import { loadPublicSchedule } from "../db/queries/public-schedule";
import { type CachedSchedule, readCachedSchedule, storeCachedSchedule } from "./schedule-cache";

/** The event's public schedule at its current revision, built from D1 only when not cached. */
export async function currentSchedule(db: Database, slug: string, revision: number): Promise<CachedSchedule> {
  const cached = readCachedSchedule(slug, revision);
  if (cached) return cached;
  const event = await findEventBySlug(db, slug);
  if (!event) throw new DomainError(ErrorCode.EventNotFound);
  return storeCachedSchedule(slug, event.revision, await loadPublicSchedule(db, event));
}
