import { type ComponentType, createContext, type SVGProps } from "react";
import {
  BookmarkIcon,
  CalendarIcon,
  LoginIcon,
  LogoutIcon,
  PresentationIcon,
  QuestionCircleIcon,
  TimetableIcon,
  UserIcon,
  UsersIcon,
} from "../../components/icons";

/** Who is looking, as far as the menu cares (spec §2 Sidebar, §6 roles). */
export interface MenuViewer {
  loggedIn: boolean;
  isSpeaker: boolean;
  isModerator: boolean;
}

type MenuLabel =
  | "menu.schedule"
  | "menu.synopsis"
  | "menu.speakers"
  | "menu.my-presentations"
  | "menu.my-schedule"
  | "menu.tutorial"
  | "menu.profile"
  | "menu.logout"
  | "menu.login";

interface MenuEntryBase {
  id: string;
  label: MenuLabel;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** An entry that is a page of the event. */
interface MenuLink extends MenuEntryBase {
  kind: "link";
  to:
    | "/$slug"
    | "/$slug/synopsis"
    | "/$slug/speakers"
    | "/$slug/my-presentations"
    | "/$slug/my-schedule"
    | "/$slug/tutorial";
  /** Set on top of the current query, which is kept (viewmode, iframe). */
  search: { login?: "true" };
  /** The entry is current on the pages under it too (a speaker's page is under the speakers). */
  coversChildren?: true;
}

/** An entry that does something where the user is (spec §2: profile opens a modal). */
interface MenuAction extends MenuEntryBase {
  kind: "action";
  action: keyof Pick<AccountMenu, "openProfile" | "logOut">;
}

export type MenuEntry = MenuLink | MenuAction;

type MenuEntryDefinition = MenuEntry & { visibleTo: (viewer: MenuViewer) => boolean };

const loggedIn = (viewer: MenuViewer) => viewer.loggedIn;

/**
 * The sidebar menu in the spec's order: schedule, synopsis (logged in), my-presentations
 * (speakers), my-schedule (logged in), profile, logout, login (anonymous); the tutorial (spec §1),
 * which the menu does not list, for everyone after the pages of the event. The speakers pages
 * (which the spec does not have; Sched and pretalx do) come after the synopsis, for everyone.
 */
const MENU: MenuEntryDefinition[] = [
  {
    id: "schedule",
    kind: "link",
    label: "menu.schedule",
    icon: CalendarIcon,
    to: "/$slug",
    search: {},
    visibleTo: () => true,
  },
  {
    id: "synopsis",
    kind: "link",
    label: "menu.synopsis",
    icon: TimetableIcon,
    to: "/$slug/synopsis",
    search: {},
    visibleTo: loggedIn,
  },
  {
    id: "speakers",
    kind: "link",
    label: "menu.speakers",
    icon: UsersIcon,
    to: "/$slug/speakers",
    search: {},
    coversChildren: true,
    visibleTo: () => true,
  },
  {
    id: "my-presentations",
    kind: "link",
    label: "menu.my-presentations",
    icon: PresentationIcon,
    to: "/$slug/my-presentations",
    search: {},
    visibleTo: (viewer) => viewer.loggedIn && viewer.isSpeaker,
  },
  {
    id: "my-schedule",
    kind: "link",
    label: "menu.my-schedule",
    icon: BookmarkIcon,
    to: "/$slug/my-schedule",
    search: {},
    visibleTo: loggedIn,
  },
  {
    id: "tutorial",
    kind: "link",
    label: "menu.tutorial",
    icon: QuestionCircleIcon,
    to: "/$slug/tutorial",
    search: {},
    visibleTo: () => true,
  },
  { id: "profile", kind: "action", label: "menu.profile", icon: UserIcon, action: "openProfile", visibleTo: loggedIn },
  { id: "logout", kind: "action", label: "menu.logout", icon: LogoutIcon, action: "logOut", visibleTo: loggedIn },
  {
    id: "login",
    kind: "link",
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

/**
 * The account side of the sidebar, given by the event layout: whose name and picture it shows and
 * what the profile and logout entries do. Null where no layout gives it: those entries are left out.
 */
interface AccountMenu {
  user: { name: string; picture: string | null } | null;
  openProfile: () => void;
  logOut: () => void;
}

export const AccountMenuContext = createContext<AccountMenu | null>(null);
