import { useCallback, useEffect, useState } from "react";
import { answerOf, api, callOptions } from "../../lib/api";

/** Spec §7: the plays call has an 8 s timeout; on failure the counters read 0. */
const PLAYS_TIMEOUT_MS = 8_000;

/**
 * The video plays of an event's presentations, for the cards' counters (spec §2: shown when the
 * event has show_video_views). One call for the whole schedule rather than one per card; null
 * when the event does not show them, so no counter appears.
 */
export function useEventPlays(
  slug: string,
  password: string | null,
  enabled: boolean,
): ((presentationId: number) => number) | null {
  const [plays, setPlays] = useState<Record<string, number>>({});
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    const timeout = setTimeout(() => abort.abort(), PLAYS_TIMEOUT_MS);
    answerOf(
      api.presentation.plays.$get(
        { query: { slug, password: password ?? undefined } },
        callOptions(undefined, abort.signal),
      ),
    )
      .then((answer) => setPlays(answer.data.plays))
      .catch(() => setPlays({}))
      .finally(() => clearTimeout(timeout));
    return () => {
      clearTimeout(timeout);
      abort.abort();
    };
  }, [slug, password, enabled]);
  // The same function until the counts change: the cards drawn from it are memoized.
  const playsOf = useCallback((presentationId: number) => plays[String(presentationId)] ?? 0, [plays]);
  return enabled ? playsOf : null;
}
