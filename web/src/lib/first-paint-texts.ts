/**
 * The namespaces of texts the app asks for as it starts, whatever the page: what the pages of an
 * event show around their content and the schedule itself (web/src/lib/i18n.ts). The build lists
 * their default-language files with every page's files (web/build/page-files-plugin.ts), so the
 * Worker's pages can start them with the HTML instead of after the app's entry has run.
 */
export const FIRST_PAINT_NAMESPACES = ["common", "errors", "event-access", "event-shell", "schedule"] as const;

/** Namespaces an opening page's first paint needs beyond those, by route file of web/src/routes. */
export const OPENING_PAGE_NAMESPACES: Readonly<Record<string, readonly string[]>> = {
  "$slug/synopsis": ["synopsis"],
};
