import { Workbox } from "workbox-window";

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
