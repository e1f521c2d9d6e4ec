import type { ForumChange } from "@core/forum/changes";
import { getServerByName } from "partyserver";
import type { Env } from "../env";

/**
 * Pushes a committed forum change to the presentation's room. The write is already in D1, so a
 * failure here loses nothing: clients catch up when they reload or reconnect.
 */
export async function publishForumChange(env: Env, presentationId: number, change: ForumChange): Promise<void> {
  try {
    const room = await getServerByName(env.ForumRoom, String(presentationId));
    await room.publish(change);
  } catch (error) {
    console.error(
      "forum change not pushed",
      presentationId,
      change.type,
      error instanceof Error ? error.message : error,
    );
  }
}
