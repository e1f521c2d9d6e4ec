import type { QaChange } from "@core/qa/changes";
import { getServerByName } from "partyserver";
import type { Env } from "../env";

/**
 * Pushes a committed Q&A change to the talk's forum room, which batches it with the forum's own
 * (party/forum-session.ts). The write is already in D1: a failure loses nothing, clients catch
 * up when they reconnect or read the list again.
 */
export async function publishQaChange(env: Env, presentationId: number, change: QaChange): Promise<void> {
  try {
    const room = await getServerByName(env.ForumRoom, String(presentationId));
    await room.publish(change);
  } catch (error) {
    console.error("qa change not pushed", presentationId, change.type, error instanceof Error ? error.message : error);
  }
}
