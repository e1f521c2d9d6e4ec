/** The class of `name` in the CSS module `module` (a path under web/src), as the app's build named it. */
export type ClassOf = (module: string, name: string) => string;

/**
 * The app's CSS modules a first screen draws with, by short name: the build writes their class
 * names for the Worker (web/build/first-screen-classes-plugin.ts reads this list).
 */
export const FIRST_SCREEN_CSS_MODULES = {
  avatar: "components/avatar.module.css",
  button: "components/button.module.css",
  panel: "components/card.module.css",
  emptyState: "components/empty-state.module.css",
  logo: "components/event-logo.module.css",
  locale: "components/locale-switcher.module.css",
  filters: "components/multi-select.module.css",
  searchField: "components/search-field.module.css",
  brand: "features/event-shell/event-brand.module.css",
  shell: "features/event-shell/event-shell.module.css",
  sidebar: "features/event-shell/sidebar-content.module.css",
  menu: "features/event-shell/sidebar-menu.module.css",
  card: "features/schedule/presentation-card.module.css",
  list: "features/schedule/schedule-list.module.css",
  toolbar: "features/schedule/schedule-toolbar.module.css",
  speakers: "features/speakers/speaker-directory.module.css",
  synopsis: "features/synopsis/synopsis.module.css",
  synopsisCard: "features/synopsis/synopsis-card.module.css",
  synopsisGroup: "features/synopsis/synopsis-group-bar.module.css",
  synopsisToolbar: "features/synopsis/synopsis-toolbar.module.css",
} as const;

/** `class` attribute values by module and local names: `classes("card", "tag", "association")`. */
export type Classes = (module: keyof typeof FIRST_SCREEN_CSS_MODULES, ...names: string[]) => string;

export function moduleClasses(classOf: ClassOf): Classes {
  return (module, ...names) =>
    names
      .map((name) => classOf(FIRST_SCREEN_CSS_MODULES[module], name))
      .filter(Boolean)
      .join(" ");
}
