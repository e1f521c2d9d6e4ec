import type { PublicPresentation } from "@core/schedule/public-schedule";
import { filterPresentations } from "@core/schedule/schedule-search";
import { useEffect, useMemo, useState } from "react";
import { answerOf, api, callOptions } from "../../lib/api";

/** Keystrokes closer together than this make one call: about one pause in typing, not one per letter. */
export const SEARCH_DEBOUNCE_MS = 500;

/** Where a search looks: the whole programme, or the user's own schedule. */
export type SearchScope = "all" | "my-schedule";

/** What the filter call needs to reach the event as this visitor. */
export interface SearchAccess {
  slug: string;
  password: string | null;
  token: string | null;
  userId: number | null;
}

/**
 * The ids of the presentations matching a search text, or null when the text is blank. The
 * answer comes at once from core's accent-insensitive search over the loaded schedule, then from
 * `GET /api/presentation/filter` (spec §7: called only when a text is set), which the visitor's
 * typing debounces. A failed call keeps the local answer and is only logged (spec §8).
 * `text` is what the list shows (it may lag behind the typing); `typed` is the search box's own
 * text: the call follows it, so a call for a text typed over is cancelled at once instead of
 * answering in the middle of the typing (a short text's answer is most of the programme: on a
 * slow phone, 0.4 s to read).
 */
export function useSearchMatches(
  presentations: readonly PublicPresentation[],
  text: string,
  typed: string,
  scope: SearchScope,
  access: SearchAccess,
): ReadonlySet<number> | null {
  const search = text.trim();
  const typedSearch = typed.trim();
  const { slug, password, token, userId } = access;
  const local = useMemo(
    () => (search ? new Set(filterPresentations(presentations, { search }).map((p) => p._id)) : null),
    [presentations, search],
  );
  const [remote, setRemote] = useState<{ search: string; ids: ReadonlySet<number> } | null>(null);

  useEffect(() => {
    if (!typedSearch) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const search = typedSearch;
      const query = {
        slug,
        search,
        type: scope,
        password: password ?? undefined,
        userId: scope === "my-schedule" && userId !== null ? String(userId) : undefined,
      };
      answerOf(api.presentation.filter.$get({ query }, callOptions(token, controller.signal))).then(
        (body) => setRemote({ search, ids: new Set(body.data.presentations.map((p) => p._id)) }),
        (error: unknown) => {
          if (!controller.signal.aborted)
            console.warn("The presentation filter failed; showing the local search", error);
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [typedSearch, scope, slug, password, token, userId]);

  return remote?.search === search ? remote.ids : local;
}
