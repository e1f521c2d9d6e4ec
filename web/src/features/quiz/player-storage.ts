/**
 * What this browser keeps of the quiz login, without any library: the app's player session
 * (player-session.ts) and the light join page (src/join/) read and write the same entries.
 */

/** The local-storage entry of the event's quiz player: `{ token, playerId, name, presentationId }` as JSON. */
export const playerStorageKey = (slug: string) => `quiz-player:${slug}`;

const DEVICE_KEY = "quiz-device";

/**
 * A random id kept by this browser: logging in again with the same nickname from it gives back
 * the same player and points. Not from `crypto.randomUUID`, which plain-http venues lack.
 */
export function quizDeviceId(): string {
  try {
    const stored = localStorage.getItem(DEVICE_KEY);
    if (stored && /^[0-9a-f]{32}$/.test(stored)) return stored;
    const fresh = [...crypto.getRandomValues(new Uint8Array(16))]
      .map((byte) => byte.toString(16).padStart(2, "0"))
      .join("");
    localStorage.setItem(DEVICE_KEY, fresh);
    return fresh;
  } catch {
    return "";
  }
}
