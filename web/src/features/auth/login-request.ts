import { useLocation } from "@tanstack/react-router";
import type { useStore } from "jotai";
import { useCallback } from "react";
import { redirectPathAtom, useRequestLogin } from "../../lib/login-request";

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
