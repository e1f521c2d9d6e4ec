import { useStore } from "jotai";
import { useEffect } from "react";
import { ApiError, answerOf, api, callOptions } from "../lib/api";
import { sessionAtom } from "./session";

/**
 * Once when the event `slug` opens: a stored token the server refuses (logged out elsewhere,
 * password changed, expired, of another event) is dropped, so the page shows the visitor as
 * anonymous; an accepted one brings the user's current name, picture and roles.
 */
export function useSessionCheck(slug: string) {
  const store = useStore();
  useEffect(() => {
    const atom = sessionAtom(slug);
    const checked = store.get(atom);
    if (!checked) return;
    const controller = new AbortController();
    answerOf(api.me.$get({ query: { event: slug } }, callOptions(checked.token, controller.signal))).then(
      ({ data }) => {
        const current = store.get(atom);
        if (current?.token === checked.token) store.set(atom, { ...current, user: data.user });
      },
      (error: unknown) => {
        // Only a refusal ends the session; a network failure says nothing about the token.
        if (!(error instanceof ApiError) || error.status !== 401) return;
        if (store.get(atom)?.token === checked.token) store.set(atom, null);
      },
    );
    return () => controller.abort();
  }, [slug, store]);
}
