import * as v from "valibot";

const SESSION_PREFIX = "session:";
const StoredToken = v.object({ token: v.pipe(v.string(), v.minLength(1)), user: v.object({ id: v.number() }) });

/**
 * The session token of user `userId` among those this browser keeps (one per event, under
 * `session:<slug>`): the live-stream address names the talk and the user, not the event.
 */
export function storedTokenOf(userId: number): string | null {
  try {
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index);
      if (!key?.startsWith(SESSION_PREFIX)) continue;
      const parsed = v.safeParse(StoredToken, JSON.parse(localStorage.getItem(key) ?? "null"));
      if (parsed.success && parsed.output.user.id === userId) return parsed.output.token;
    }
  } catch {
    // Storage blocked or an entry not JSON: as if not logged in.
  }
  return null;
}
