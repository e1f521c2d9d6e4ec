import type { SlideHit } from "@core/schedule/slide-search";
import { useEffect, useState } from "react";
import { answerOf, api, callOptions } from "../../lib/api";
import { SEARCH_DEBOUNCE_MS, type SearchAccess } from "./use-schedule-search";

/** A search inside talks' answer: its hits by presentation id, and whether every matching page was read. */
export interface SlideHits {
  hits: ReadonlyMap<number, SlideHit>;
  /** False when the word was on more pages than a search reads (api.md#search-inside-talks). */
  complete: boolean;
}

/**
 * The talks whose slides hold a search's words (`GET /api/presentation/slide-search`), by
 * presentation id, for the text the list shows; null while there is no answer for it (a blank
 * text, the call on its way, a failed call: the schedule's own search still answers). Like the
 * filter call, it follows the typing (`typed`), debounced, and a call for a text typed over is
 * cancelled.
 */
export function useSlideHits(text: string, typed: string, access: SearchAccess): SlideHits | null {
  const search = text.trim();
  const typedSearch = typed.trim();
  const { slug, password, token } = access;
  const [answer, setAnswer] = useState<(SlideHits & { search: string }) | null>(null);

  useEffect(() => {
    if (!typedSearch) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const search = typedSearch;
      const query = { slug, search, password: password ?? undefined };
      answerOf(api.presentation["slide-search"].$get({ query }, callOptions(token, controller.signal))).then(
        (body) =>
          setAnswer({
            search,
            hits: new Map(body.data.hits.map((hit) => [hit.presentationId, hit])),
            complete: body.data.complete,
          }),
        (error: unknown) => {
          if (!controller.signal.aborted) console.warn("The search inside talks failed", error);
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [typedSearch, slug, password, token]);

  return search && answer?.search === search ? answer : null;
}
