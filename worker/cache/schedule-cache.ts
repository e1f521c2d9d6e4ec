/**
 * The serialized public schedule of each event, kept per isolate and keyed by the event's
 * revision: every import or schedule change bumps the revision, so a stale copy is never served,
 * whichever isolate or process made the change.
 */
export interface CachedSchedule {
  revision: number;
  etag: string;
  body: string;
}

const MAX_EVENTS = 64;
const entries = new Map<string, CachedSchedule>();

export function readCachedSchedule(slug: string, revision: number): CachedSchedule | undefined {
  const entry = entries.get(slug);
  return entry?.revision === revision ? entry : undefined;
}

export function storeCachedSchedule(slug: string, revision: number, body: string): CachedSchedule {
  if (entries.size >= MAX_EVENTS && !entries.has(slug)) {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  const entry = { revision, etag: `"${slug}-r${revision}-${body.length}"`, body };
  entries.set(slug, entry);
  return entry;
}
