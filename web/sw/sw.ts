/// <reference lib="webworker" />
/**
 * The service worker: once an attendee has opened an event, its pages keep working when the
 * conference Wi-Fi fails. The app shell (the hashed JavaScript and CSS, index.html) is precached
 * at install; pages and the public reads (the schedule, its branding, play counts) go to the
 * network first and fall back to their last copy when it does not answer in time. The personal
 * schedule's ids do too, but each copy is kept under the session that read it and goes with its
 * log-out (personal-reads.ts); the programme of an event closed to anonymous readers goes at
 * log-out too, and whenever the server refuses a read of it (programme-reads.ts). Everything else (writes, rooms, files) is left to the network untouched.
 */
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";
import { bearerTokenOf, isPersonalRead, PERSONAL_READS_CACHE, personalCopyKey, sessionDigest } from "./personal-reads";
import { EVENT_READS_CACHE, forgetProgramme, programmeSlugOf, refusesProgramme } from "./programme-reads";

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
  event.waitUntil(Promise.all([self.clients.claim(), forgetSharedPersonalCopies()]));
});

/**
 * Earlier builds kept the personal schedule with the public reads, under its address alone,
 * where the next person on the phone could get it: such a copy is deleted.
 */
async function forgetSharedPersonalCopies(): Promise<void> {
  if (!(await caches.has(EVENT_READS_CACHE))) return;
  await (await caches.open(EVENT_READS_CACHE)).delete("/api/me/schedule", { ignoreSearch: true, ignoreVary: true });
}

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

/** The public reads an attendee needs to browse an event offline: the same for every reader. */
const OFFLINE_READS = [/^\/api\/public\/schedule(-basic)?\//, /^\/api\/presentation\/plays$/];

/**
 * A programme read the server refuses (the session ended other than by a log-out on this phone:
 * it expired, the password changed elsewhere, the membership was removed) deletes that event's
 * copies, before the refusal reaches the page: offline, what the server no longer grants is gone.
 */
const forgetRefusedProgramme = {
  fetchDidSucceed: async ({ request, response }: { request: Request; response: Response }) => {
    const slug = programmeSlugOf(request.url);
    if (slug && refusesProgramme(response.status)) await forgetProgramme(slug);
    return response;
  },
};

// A member's calendar file of a talk is theirs (their reminder): kept with the personal reads below.
registerRoute(
  ({ request, url }) =>
    request.method === "GET" && !isPersonalRead(request) && OFFLINE_READS.some((path) => path.test(url.pathname)),
  new NetworkFirst({
    cacheName: EVENT_READS_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [new ExpirationPlugin({ maxEntries: 40 }), markOfflineCopy, forgetRefusedProgramme],
  }),
);

/** A personal read's copy is kept and looked up under the session that sends it. */
const keyedBySession = {
  cacheKeyWillBeUsed: async ({ request }: { request: Request }) =>
    personalCopyKey(request.url, await sessionDigest(bearerTokenOf(request) ?? "")),
};

// Personal reads without a session are refused by the server: nothing to keep.
registerRoute(
  ({ request }) => isPersonalRead(request),
  new NetworkFirst({
    cacheName: PERSONAL_READS_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [new ExpirationPlugin({ maxEntries: 20 }), keyedBySession, markOfflineCopy],
  }),
);
