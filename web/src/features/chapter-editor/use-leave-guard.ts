import { useBlocker } from "@tanstack/react-router";

/**
 * Leaving with unsaved edits asks first (spec 2 §5): in the app through the router's blocker
 * (the caller shows the question while `status` is "blocked"), on tab close through the
 * browser's own beforeunload prompt.
 */
export function useLeaveGuard(modified: boolean) {
  return useBlocker({
    shouldBlockFn: () => modified,
    enableBeforeUnload: () => modified,
    withResolver: true,
  });
}
