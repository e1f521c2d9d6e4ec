import { useNavigate } from "@tanstack/react-router";
import { useStore } from "jotai";
import { useCallback } from "react";
import { forgetClosedProgramme } from "../../../sw/programme-reads";
import { sessionAtom } from "../../app-state/session";
import { forgetPersonalCopies } from "../../lib/service-worker";
import { logOut } from "./auth-api";

/** Deleting offline copies is local and quick; a browser that stalls on it must not keep the session. */
const FORGET_WAIT_MS = 1000;

/**
 * The offline copies the session leaves behind: the user's personal reads, and the programme of
 * an event for members only or behind a password. Never throws.
 */
function forgetOfflineCopies(token: string, slug: string): Promise<unknown> {
  const programme = forgetClosedProgramme(slug).catch((error: unknown) => {
    console.warn("The offline copies of the event's programme could not be deleted", error);
  });
  return Promise.all([forgetPersonalCopies(token), programme]);
}

/**
 * Spec §4 logout: the server revokes the user's tokens, the stored session goes, and the login
 * overlay shows (forced where the event lets nobody in anonymously, closable elsewhere). The
 * offline copies of the user's personal reads go too, and those of the programme of an event
 * closed to anonymous readers: the next person on the phone must not read them.
 */
export function useLogOut(slug: string): () => void {
  const store = useStore();
  const navigate = useNavigate();
  return useCallback(() => {
    const session = store.get(sessionAtom(slug));
    const leave = () => {
      store.set(sessionAtom(slug), null);
      void navigate({ to: ".", search: (current) => ({ ...current, login: "true" }) });
    };
    if (!session) {
      leave();
      return;
    }
    const forget = () => forgetOfflineCopies(session.token, slug);
    const forgotten = forget();
    // Sent before the session is forgotten, and not waited for: leaving must not hang on the network.
    // Again once the server has answered: a read still under way at the log-out may have kept a copy since.
    void logOut(session.token)
      .catch(() => undefined)
      .finally(forget);
    // The session goes once the copies have: a members-only programme is read again at once
    // without it, and offline that read must find no copy.
    void Promise.race([forgotten, new Promise((resolve) => setTimeout(resolve, FORGET_WAIT_MS))]).then(leave);
  }, [slug, store, navigate]);
}
