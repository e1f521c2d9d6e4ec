import { get, set } from "idb-keyval";

/** A change of the personal schedule made offline: the presentation is to be in it, or not. */
export interface QueuedChange {
  presentationId: number;
  scheduled: boolean;
}

// In IndexedDB, per event and user: a reload or a closed tab keeps what is still to be sent.
const outboxKey = (slug: string, userId: number) => `my-schedule-outbox:${slug}:${userId}`;

export async function queuedChanges(slug: string, userId: number): Promise<QueuedChange[]> {
  return (await get<QueuedChange[]>(outboxKey(slug, userId))) ?? [];
}

/** Queues `change`; a later change of the same presentation replaces an earlier one. */
export async function queueChange(slug: string, userId: number, change: QueuedChange): Promise<void> {
  const changes = await queuedChanges(slug, userId);
  await set(outboxKey(slug, userId), [
    ...changes.filter((queued) => queued.presentationId !== change.presentationId),
    change,
  ]);
}

/** Takes `change` off the queue once sent, unless a newer change of that presentation replaced it. */
export async function forgetChange(slug: string, userId: number, change: QueuedChange): Promise<void> {
  const changes = await queuedChanges(slug, userId);
  await set(
    outboxKey(slug, userId),
    changes.filter(
      (queued) => queued.presentationId !== change.presentationId || queued.scheduled !== change.scheduled,
    ),
  );
}

/** The ids the server gave, with the changes still queued applied on top. */
export function withQueuedChanges(ids: Iterable<number>, changes: readonly QueuedChange[]): Set<number> {
  const result = new Set(ids);
  for (const change of changes) {
    if (change.scheduled) result.add(change.presentationId);
    else result.delete(change.presentationId);
  }
  return result;
}
