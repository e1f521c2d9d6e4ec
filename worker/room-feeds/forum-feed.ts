import type { ForumChange } from "@core/forum/changes";
import type { Env } from "../env";

/**
 * Pushes a committed forum change to the presentation's room. The write is already in D1, so a
 * failure here loses nothing: clients catch up when they reload or reconnect.
 *
 * The room is addressed by name (`idFromName`), so it knows its name from its id: no
 * partyserver `setName` call first, which was one more round trip to the room for every post.
 */
export async function publishForumChange(env: Env, presentationId: number, change: ForumChange): Promise<void> {
  try {
    await env.ForumRoom.getByName(String(presentationId)).publish(change);
  } catch (error) {
    console.error(
      "forum change not pushed",
      presentationId,
      change.type,
      error instanceof Error ? error.message : error,
    );
  }
}
