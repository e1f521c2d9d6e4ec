import type { ComponentType, SVGProps } from "react";
import { CalendarIcon, LoginIcon } from "../../components/icons";

/** Who is looking, as far as the menu cares (spec §2 Sidebar, §6 roles). */
export interface MenuViewer {
  loggedIn: boolean;
  isSpeaker: boolean;
  isModerator: boolean;
}

export interface MenuEntry {
  id: string;
  label: "menu.schedule" | "menu.login";
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  to: "/$slug";
  /** Set on top of the current query, which is kept (viewmode, iframe). */
  search: { login?: "true" };
}

interface MenuEntryDefinition extends MenuEntry {
  visibleTo: (viewer: MenuViewer) => boolean;
}

/**
 * The sidebar menu in the spec's order: schedule, synopsis (logged in), my-presentations
 * (speakers), my-schedule (logged in), profile, logout, login (anonymous). Entries whose pages
 * do not exist yet join this table when they do.
 */
const MENU: MenuEntryDefinition[] = [
  { id: "schedule", label: "menu.schedule", icon: CalendarIcon, to: "/$slug", search: {}, visibleTo: () => true },
  {
    id: "login",
    label: "menu.login",
    icon: LoginIcon,
    to: "/$slug",
    // Asks for the login overlay (spec §2: "the login screen is also shown when login is requested").
    search: { login: "true" },
    visibleTo: (viewer) => !viewer.loggedIn,
  },
];

export function menuEntriesFor(viewer: MenuViewer): MenuEntry[] {
  return MENU.filter((entry) => entry.visibleTo(viewer));
}
