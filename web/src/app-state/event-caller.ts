import { useAtomValue } from "jotai";
import { useMemo } from "react";
import { eventPasswordAtom } from "./event-password";
import { useEvent } from "./event-schedule-context";

/**
 * A signed-in call to the opened event's API: the session's token, and the event's password,
 * which a protected event asks of everyone, moderators included (worker/rooms/quiz-access.ts).
 */
export interface EventCaller {
  token: string;
  /** Null when the event has none (or none was needed to open it). */
  password: string | null;
}

/** The query that carries the event's password: `?password=` when there is one. */
export function passwordQuery(caller: { password: string | null }): Record<string, string> {
  return caller.password === null ? {} : { password: caller.password };
}

/** The password that opened the current event (under `EventAccessGate`); null when none. */
export function useOpenedEventPassword(): string | null {
  const event = useEvent();
  return useAtomValue(eventPasswordAtom(event.slug));
}

/** The caller for the session `token` in the opened event; the same object while neither changes. */
export function useEventCaller(token: string): EventCaller {
  const password = useOpenedEventPassword();
  return useMemo(() => ({ token, password }), [token, password]);
}
