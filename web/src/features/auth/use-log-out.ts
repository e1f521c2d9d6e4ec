import { useNavigate } from "@tanstack/react-router";
import { useStore } from "jotai";
import { useCallback } from "react";
import { sessionAtom } from "../../app-state/session";
import { forgetPersonalCopies } from "../../lib/service-worker";
import { logOut } from "./auth-api";

/**
 * Spec §4 logout: the server revokes the user's tokens, the stored session goes, and the login
 * overlay shows (forced where the event lets nobody in anonymously, closable elsewhere). The
 * offline copies of the user's personal reads go too: the next person on the phone must not read them.
 */
export function useLogOut(slug: string): () => void {
  const store = useStore();
  const navigate = useNavigate();
  return useCallback(() => {
    const session = store.get(sessionAtom(slug));
    // Sent before the session is forgotten, and not waited for: leaving must not hang on the network.
    if (session) {
      const forget = () => forgetPersonalCopies(session.token);
      void forget();
      // Again once the server has answered: a read still under way at the log-out may have kept a copy since.
      void logOut(session.token)
        .catch(() => undefined)
        .finally(forget);
    }
    store.set(sessionAtom(slug), null);
    void navigate({ to: ".", search: (current) => ({ ...current, login: "true" }) });
  }, [slug, store, navigate]);
}
