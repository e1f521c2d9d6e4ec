/**
 * Messages of a change-feed room (the forum room): the server pushes every change with its
 * sequence number, batched when several come within 50 ms; a client that reconnects with `?since=<last seq>` receives what it missed,
 * or `reset` when too much was missed and it should reload through the REST API.
 */
import * as v from "valibot";

export const MAX_REPLAYED_CHANGES = 500;

export const ChangeSchema = v.object({
  type: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  data: v.unknown(),
});
export type Change = v.InferOutput<typeof ChangeSchema>;

const ChangeMessage = v.object({ type: v.literal("change"), seq: v.number(), at: v.number(), change: ChangeSchema });

export const ChangeFeedServerMessage = v.variant("type", [
  v.object({ type: v.literal("hello"), seq: v.number() }),
  ChangeMessage,
  /** Changes made within the same short window, sent together: one message per client, not one per change. */
  v.object({ type: v.literal("changes"), changes: v.array(v.omit(ChangeMessage, ["type"])) }),
  v.object({ type: v.literal("reset"), seq: v.number() }),
  v.object({ type: v.literal("error"), code: v.string() }),
]);
export type ChangeFeedServerMessage = v.InferOutput<typeof ChangeFeedServerMessage>;

/** `since` query parameter of the connection: a sequence number, 0 when absent or invalid. */
export function parseSince(value: string | null): number {
  const since = Number(value);
  return Number.isSafeInteger(since) && since > 0 ? since : 0;
}
