import { atomWithStorage } from "jotai/utils";

/** Whether the desktop sidebar is folded to its icon rail; remembered across visits and events. */
export const sidebarCollapsedAtom = atomWithStorage("sidebar-collapsed", false, undefined, { getOnInit: true });
