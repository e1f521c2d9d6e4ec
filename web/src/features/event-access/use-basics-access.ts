import type { PublicEvent } from "@core/schedule/public-schedule";
import { useCallback, useEffect, useState } from "react";
import { type ApiError, asApiError, fetchEventBasics } from "../../lib/api";

export type BasicsAccess =
  | { status: "loading" }
  | { status: "ready"; event: PublicEvent }
  | { status: "not-found" }
  | { status: "failed"; error: ApiError };

/**
 * The event's branding alone (`schedule-basic`, a few hundred bytes), for the pages that show no
 * programme: the quiz join page opened from a QR code by a whole room at once must not download
 * every talk of the event first.
 */
export function useBasicsAccess(slug: string) {
  const [access, setAccess] = useState<BasicsAccess>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    const controller = new AbortController();
    setAccess({ status: "loading" });
    fetchEventBasics(slug, controller.signal).then(
      (event) => setAccess({ status: "ready", event }),
      (reason: unknown) => {
        if (controller.signal.aborted) return;
        const error = asApiError(reason);
        setAccess(error.status === 404 ? { status: "not-found" } : { status: "failed", error });
      },
    );
    return () => controller.abort();
  }, [slug, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { access, retry };
}
