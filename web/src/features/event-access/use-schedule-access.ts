import { ErrorCode } from "@core/errors";
import type { PublicSchedule } from "@core/schedule/public-schedule";
import { useAtomValue, useStore } from "jotai";
import { useCallback, useEffect, useState } from "react";
import { eventPasswordAtom } from "../../app-state/event-password";
import { sessionAtom } from "../../app-state/session";
import { type ApiError, asApiError, readEventAs } from "../../lib/api";
import { openSchedule } from "./open-schedule";

type ScheduleAccess =
  | { status: "loading" }
  /** `readWith`: the session token the schedule was read with (null: anonymously). */
  | { status: "ready"; schedule: PublicSchedule; readWith: string | null }
  /** The event wants a password (spec §4 `error.prompt-password`). */
  | { status: "locked" }
  | { status: "not-found" }
  | { status: "failed"; error: ApiError };

/** What a password attempt gave: in, a wrong password, or a failure that deserves a retry. */
export type UnlockResult = { outcome: "opened" } | { outcome: "invalid" } | { outcome: "failed"; error: ApiError };

/**
 * Loads an event's public schedule with the password remembered for it and the session of the
 * event, and says what the page should show. A remembered password that stopped working is
 * forgotten, and the prompt shows. While the event is open, its API reads carry the session.
 */
export function useScheduleAccess(slug: string) {
  const store = useStore();
  const passwordAtom = eventPasswordAtom(slug);
  const token = useAtomValue(sessionAtom(slug))?.token ?? null;
  const currentToken = useCallback(() => store.get(sessionAtom(slug))?.token ?? null, [store, slug]);
  const [access, setAccess] = useState<ScheduleAccess>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => readEventAs(currentToken), [currentToken]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    const controller = new AbortController();
    setAccess({ status: "loading" });
    // Read, not subscribed: storing the password after a successful prompt must not reload.
    const caller = { password: store.get(passwordAtom) ?? undefined, token: currentToken() };
    openSchedule(slug, caller, controller.signal).then(
      (schedule) => setAccess({ status: "ready", schedule, readWith: caller.token }),
      (reason: unknown) => {
        if (controller.signal.aborted) return;
        const error = asApiError(reason);
        if (error.code === ErrorCode.InvalidPassword) store.set(passwordAtom, null);
        if (error.code === ErrorCode.PromptPassword || error.code === ErrorCode.InvalidPassword) {
          setAccess({ status: "locked" });
        } else if (error.status === 404) {
          setAccess({ status: "not-found" });
        } else {
          setAccess({ status: "failed", error });
        }
      },
    );
    return () => controller.abort();
  }, [slug, attempt, store, passwordAtom, currentToken]);

  // An event for members only is read again when its session changes, in place (the pages stay):
  // a login brings its programme, a logout takes it away.
  const stale = access.status === "ready" && !access.schedule.event.allowAnonymousAccess && access.readWith !== token;
  useEffect(() => {
    if (!stale) return;
    const controller = new AbortController();
    const caller = { password: store.get(passwordAtom) ?? undefined, token };
    openSchedule(slug, caller, controller.signal).then(
      (schedule) => setAccess({ status: "ready", schedule, readWith: token }),
      (reason: unknown) => {
        if (!controller.signal.aborted) setAccess({ status: "failed", error: asApiError(reason) });
      },
    );
    return () => controller.abort();
  }, [stale, slug, token, store, passwordAtom]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);

  const unlock = useCallback(
    async (password: string): Promise<UnlockResult> => {
      try {
        const caller = { password, token: currentToken() };
        const schedule = await openSchedule(slug, caller);
        store.set(passwordAtom, password);
        setAccess({ status: "ready", schedule, readWith: caller.token });
        return { outcome: "opened" };
      } catch (reason) {
        const error = asApiError(reason);
        if (error.code === ErrorCode.InvalidPassword) return { outcome: "invalid" };
        return { outcome: "failed", error };
      }
    },
    [slug, store, passwordAtom, currentToken],
  );

  return { access, retry, unlock };
}
