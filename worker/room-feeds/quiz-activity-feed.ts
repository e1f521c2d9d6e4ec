import { getServerByName } from "partyserver";
import type { Env } from "../env";

/**
 * Asks the event's activity room to read the list of active quizzes again and push it if it
 * changed. The change is already in D1, so a failure here loses nothing: the room reads the list
 * again at its next alarm, and clients get it on their next connection.
 */
export async function refreshQuizActivity(env: Env, eventId: number): Promise<void> {
  try {
    const room = await getServerByName(env.QuizActivityRoom, String(eventId));
    await room.refresh();
  } catch (error) {
    console.error("quiz activity not pushed", eventId, error instanceof Error ? error.message : error);
  }
}
