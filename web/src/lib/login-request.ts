import { useLocation, useNavigate } from "@tanstack/react-router";
import { useSetAtom, type useStore } from "jotai";
import { atomWithStorage } from "jotai/utils";
import { useCallback } from "react";
import { plainStringStorage } from "./local-storage";

/**
 * Spec §3 "redirect path": where the login overlay sends the user after a successful login, kept
 * as the bare path and query (`/demo/1001/quiz?iframe=1`).
 */
export const redirectPathAtom = atomWithStorage<string | null>(
  "redirect-path",
  null,
  plainStringStorage((stored) => (stored ? stored : null)),
  { getOnInit: true },
);

/**
 * For an action that needs a login (spec §4 quiz button, §6 forum, quiz, livestream): saves where
 * to go after the login, then opens the login overlay on the current page (`?login=true`).
 */
export function useRequestLogin(): (redirectPath: string) => void {
  const navigate = useNavigate();
  const setRedirectPath = useSetAtom(redirectPathAtom);
  return useCallback(
    (redirectPath: string) => {
      setRedirectPath(redirectPath);
      void navigate({ to: ".", search: (current) => ({ ...current, login: "true" as const }) });
    },
    [navigate, setRedirectPath],
  );
}

/** Query parameters that belong to the login overlay, not to the page to come back to. */
const OVERLAY_PARAMETERS = ["login", "resettoken", "resetcode"];

/** `path` (path, query and hash) without the overlay's own query parameters; never another site. */
function withoutOverlayParameters(path: string): string {
  const url = new URL(path, "http://local");
  for (const name of OVERLAY_PARAMETERS) url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The saved redirect path (spec §3) if it is a page of the event `slug`, and forgets it: it
 * serves once. Only its path, query and hash are kept, so it cannot lead to another site.
 */
export function takeRedirectPath(store: ReturnType<typeof useStore>, slug: string): string | null {
  const saved = store.get(redirectPathAtom);
  store.set(redirectPathAtom, null);
  if (!saved) return null;
  const path = withoutOverlayParameters(saved);
  const eventRoot = `/${slug}`;
  const ofThisEvent = path.startsWith(eventRoot) && /^([/?#]|$)/.test(path.slice(eventRoot.length));
  return ofThisEvent ? path : null;
}

/** This page's path, query and hash, without the overlay's parameters: where mailed links lead back to. */
export function useReturnPath(): string {
  return withoutOverlayParameters(useLocation({ select: (location) => location.href }));
}

/**
 * For an action that needs a logged-in user (forum, quiz, my schedule): `requestLogin()` remembers
 * this page (or `redirectPath`) and opens the login overlay; a successful login comes back there.
 */
export function useRequireLogin(): (redirectPath?: string) => void {
  const requestLogin = useRequestLogin();
  const here = useReturnPath();
  return useCallback(
    (redirectPath?: string) => requestLogin(withoutOverlayParameters(redirectPath ?? here)),
    [requestLogin, here],
  );
}
