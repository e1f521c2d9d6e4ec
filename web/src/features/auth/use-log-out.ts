import { useNavigate } from "@tanstack/react-router";
import { useStore } from "jotai";
import { useCallback } from "react";
import { sessionAtom } from "../../app-state/session";
import { logOut } from "./auth-api";

/**
 * Spec §4 logout: the server revokes the user's tokens, the stored session goes, and the login
 * overlay shows (forced where the event lets nobody in anonymously, closable elsewhere).
 */
export function useLogOut(slug: string): () => void {
  const store = useStore();
  const navigate = useNavigate();
  return useCallback(() => {
    const session = store.get(sessionAtom(slug));
    // Sent before the session is forgotten, and not waited for: leaving must not hang on the network.
    if (session) void logOut(session.token).catch(() => undefined);
    store.set(sessionAtom(slug), null);
    void navigate({ to: ".", search: (current) => ({ ...current, login: "true" }) });
  }, [slug, store, navigate]);
}
