import { SIDEBAR_BREAKPOINT_PX } from "@core/schedule/synopsis-constants";
import { useSyncExternalStore } from "react";

/** Whether a CSS media query matches now; re-renders when that changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Spec §9 mobile layout: at 991 px and below the sidebar is a drawer and cards shorten long names. */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${SIDEBAR_BREAKPOINT_PX}px)`);
}
