import { useNavigate } from "@tanstack/react-router";
import { useSetAtom } from "jotai";
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
