/**
 * The element ids the Worker's first screen is written with and the app hands it over by
 * (worker/pages/first-screen/, web/src/lib/first-screen.ts).
 */
export const FIRST_SCREEN_ID = "first-screen";
/** Its search box, whose text the app's search starts with. */
export const FIRST_SCREEN_SEARCH_ID = `${FIRST_SCREEN_ID}-search`;
