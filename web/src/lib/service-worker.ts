import { Workbox } from "workbox-window";
import { forgetPersonalReads } from "../../sw/personal-reads";

/**
 * Registers the offline service worker (web/sw/sw.ts) in a production build. Not under browser
 * automation (navigator.webdriver): a test that changes the server or intercepts requests must
 * see the network, not a cached copy; the offline e2e turns the flag off to test the worker.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator) || navigator.webdriver) return;
  new Workbox("/sw.js").register().catch((error: unknown) => {
    // The app works without it, only not offline.
    console.warn("The offline service worker could not be registered", error);
  });
}

/**
 * Deletes the offline copies of the personal reads made with the session `token` (its log-out):
 * never throws, a browser without the Cache API has none.
 */
export function forgetPersonalCopies(token: string): Promise<void> {
  return forgetPersonalReads(token).catch((error: unknown) => {
    console.warn("The offline copies of the personal schedule could not be deleted", error);
  });
}
