import type { PublicPresentation } from "@core/schedule/public-schedule";
import { filterPresentations } from "@core/schedule/schedule-search";
import { useEffect, useMemo, useState } from "react";
import { answerOf, api, callOptions } from "../../lib/api";

/** Keystrokes closer together than this make one call. */
const SEARCH_DEBOUNCE_MS = 300;

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
 */
export function useSearchMatches(
  presentations: readonly PublicPresentation[],
  text: string,
  scope: SearchScope,
  access: SearchAccess,
): ReadonlySet<number> | null {
  const search = text.trim();
  const { slug, password, token, userId } = access;
  const local = useMemo(
    () => (search ? new Set(filterPresentations(presentations, { search }).map((p) => p._id)) : null),
    [presentations, search],
  );
  const [remote, setRemote] = useState<{ search: string; ids: ReadonlySet<number> } | null>(null);

  useEffect(() => {
    if (!search) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
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
  }, [search, scope, slug, password, token, userId]);

  return remote?.search === search ? remote.ids : local;
}
