/// <reference lib="webworker" />
/**
 * The service worker: once an attendee has opened an event, its pages keep working when the
 * conference Wi-Fi fails. The app shell (the hashed JavaScript and CSS, index.html) is precached
 * at install; pages and the public reads (the schedule, its branding, the personal schedule's
 * ids, play counts) go to the network first and fall back to their last copy when it does not
 * answer in time. Everything else (writes, rooms, files) is left to the network untouched.
 */
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** A crowded network that takes longer than this to answer is as good as none. */
const NETWORK_TIMEOUT_SECONDS = 4;

/**
 * Marks an answer served from the last copy: the app then knows it is offline
 * (web/src/lib/network-status.ts), whatever navigator.onLine says.
 */
const markOfflineCopy = {
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }) => {
    if (!cachedResponse) return cachedResponse;
    const headers = new Headers(cachedResponse.headers);
    headers.set("x-offline-copy", "1");
    return new Response(cachedResponse.body, {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
};

/**
 * A page's last copy is good only with the code it names. Once the app is updated (a new build:
 * its worker replaces the precache), or while the new worker is still installing, a copy may name
 * built files that the precache does not hold: offline it would load none of its code and stay
 * blank. Such a copy counts as none, and the precached app shell is served instead.
 */
const onlyWithItsCode = {
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }) => {
    if (!cachedResponse) return cachedResponse;
    const html = await cachedResponse.clone().text();
    const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1] ?? "");
    const held = await Promise.all(files.map(async (file) => (await matchPrecache(file)) !== undefined));
    return held.every(Boolean) ? cachedResponse : null;
  },
};

self.addEventListener("install", () => {
  void self.skipWaiting();
});
self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Pages: the network's copy carries the headers of its route (the embedding rules of ?iframe);
// offline, the last copy of that page when the precache holds its code, else the app shell,
// which routes in the browser.
registerRoute(
  ({ request, url }) =>
    request.mode === "navigate" && !url.pathname.startsWith("/api/") && !url.pathname.startsWith("/parties/"),
  new NetworkFirst({
    cacheName: "pages",
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [
      new ExpirationPlugin({ maxEntries: 50 }),
      onlyWithItsCode,
      { handlerDidError: async () => (await matchPrecache("/index.html")) ?? Response.error() },
    ],
  }),
);

/** The reads an attendee needs to browse an event offline. */
const OFFLINE_READS = [/^\/api\/public\/schedule(-basic)?\//, /^\/api\/me\/schedule$/, /^\/api\/presentation\/plays$/];

registerRoute(
  ({ request, url }) => request.method === "GET" && OFFLINE_READS.some((path) => path.test(url.pathname)),
  new NetworkFirst({
    cacheName: "event-reads",
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [new ExpirationPlugin({ maxEntries: 40 }), markOfflineCopy],
  }),
);
