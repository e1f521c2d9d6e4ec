import { FIRST_SCREEN_ID, FIRST_SCREEN_SEARCH_ID } from "@core/html/first-screen-ids";
import { useLayoutEffect } from "react";

/**
 * The first screen the Worker writes into the schedule and synopsis pages (worker/pages/first-screen/): the
 * programme drawn before the app's code has loaded, shown while the app renders out of sight
 * (web/src/styles/base.css).
 */

/** What the reader has already typed into the first screen's search box, for the app's to start with. */
export function firstScreenSearch(): string {
  const input = document.getElementById(FIRST_SCREEN_SEARCH_ID);
  return input instanceof HTMLInputElement ? input.value : "";
}

/**
 * Removes the first screen, showing the app in its place; the reader typing in its search box
 * goes on typing in the app's. Before the browser paints (a layout effect), so no frame shows
 * both or neither.
 */
function handOverFirstScreen() {
  const firstScreen = document.getElementById(FIRST_SCREEN_ID);
  if (!firstScreen) return;
  const wasTyping = document.activeElement?.id === FIRST_SCREEN_SEARCH_ID;
  firstScreen.remove();
  if (wasTyping) document.querySelector<HTMLInputElement>('#root input[type="search"]')?.focus();
}

/**
 * Rendered where a page of the app is complete (its code, texts and data in): its first commit
 * hands the page over from the first screen. Also where the app shows something else instead
 * (a password prompt, an error), which the first screen must not hide.
 */
export function FirstScreenHandOver() {
  useLayoutEffect(handOverFirstScreen, []);
  return null;
}
