import { useStore } from "jotai";
import { useCallback, useEffect, useState } from "react";
import { ErrorCode } from "../../../../core/errors";
import type { PublicSchedule } from "../../../../core/schedule/public-schedule";
import { ApiError, fetchPublicSchedule } from "../../lib/api";
import { eventPasswordAtom } from "./event-password";

export type ScheduleAccess =
  | { status: "loading" }
  | { status: "ready"; schedule: PublicSchedule }
  /** The event wants a password (spec §4 `error.prompt-password`). */
  | { status: "locked" }
  | { status: "not-found" }
  | { status: "failed"; error: ApiError };

/** What a password attempt gave: in, a wrong password, or a failure that deserves a retry. */
export type UnlockResult = { outcome: "opened" } | { outcome: "invalid" } | { outcome: "failed"; error: ApiError };

function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, "network", String(error));
}

/**
 * Loads an event's public schedule with the password remembered for it, and says what the page
 * should show. A remembered password that stopped working is forgotten, and the prompt shows.
 */
export function useScheduleAccess(slug: string) {
  const store = useStore();
  const passwordAtom = eventPasswordAtom(slug);
  const [access, setAccess] = useState<ScheduleAccess>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    const controller = new AbortController();
    setAccess({ status: "loading" });
    // Read, not subscribed: storing the password after a successful prompt must not reload.
    const password = store.get(passwordAtom) ?? undefined;
    fetchPublicSchedule(slug, password, controller.signal).then(
      (schedule) => setAccess({ status: "ready", schedule }),
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
  }, [slug, attempt, store, passwordAtom]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);

  const unlock = useCallback(
    async (password: string): Promise<UnlockResult> => {
      try {
        const schedule = await fetchPublicSchedule(slug, password);
        store.set(passwordAtom, password);
        setAccess({ status: "ready", schedule });
        return { outcome: "opened" };
      } catch (reason) {
        const error = asApiError(reason);
        if (error.code === ErrorCode.InvalidPassword) return { outcome: "invalid" };
        return { outcome: "failed", error };
      }
    },
    [slug, store, passwordAtom],
  );

  return { access, retry, unlock };
}
