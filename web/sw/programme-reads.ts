/**
 * The offline copies of an event's programme (its schedule, its talks' answers and calendar
 * files), kept with the public reads for every reader of the phone (sw.ts). An event that lets
 * nobody in anonymously, or asks for a password, has its copies deleted at log-out
 * (web/src/features/auth/use-log-out.ts): the next person on the phone must not read them offline.
 * A session can also end without a log-out here (it expired, the password was changed or the
 * account logged out elsewhere, the membership was removed): the server then refuses the next
 * programme read, and the service worker deletes that event's copies on the refusal.
 * Used by the service worker and the app.
 */

/** The cache of the public reads' last copies, shared by every reader of the phone. */
export const EVENT_READS_CACHE = "event-reads";

/** `/api/public/schedule/{slug}`, `…/{presentationId}`, `…/{presentationId}/calendar.ics`. */
function isProgrammeRead(pathname: string, slug: string): boolean {
  const base = `/api/public/schedule/${slug}`;
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** The branding read: given without the programme to anyone, the login overlay needs it offline. */
function isBasicsRead(pathname: string, slug: string): boolean {
  return pathname === `/api/public/schedule-basic/${slug}`;
}

/**
 * Whether the copies say the event is closed (members only, or behind a password). The smallest
 * reads are asked first; a copy that is not JSON (a calendar file) says nothing. With no copy to
 * say so, it counts as closed: a copy too many deleted costs a download, one kept could be read.
 */
async function isClosedEvent(cache: Cache, copies: readonly Request[]): Promise<boolean> {
  for (const request of copies) {
    try {
      const answer = await cache.match(request);
      const event = ((await answer?.json()) as { data?: { event?: Record<string, unknown> } } | undefined)?.data?.event;
      if (event && typeof event.allowAnonymousAccess === "boolean")
        return event.allowAnonymousAccess === false || event.protected === true;
    } catch {
      // Not JSON, or gone meanwhile: the next copy tells.
    }
  }
  return true;
}

/** The event whose programme `url` reads (`/api/public/schedule/{slug}…`), or null. */
export function programmeSlugOf(url: string): string | null {
  return /^\/api\/public\/schedule\/([a-z0-9][a-z0-9-]{0,63})(?:\/|$)/.exec(new URL(url).pathname)?.[1] ?? null;
}

/**
 * Whether an answer to a programme read says its reader may no longer read it: 401 (no session,
 * or one that ended) or 403 (a wrong password, the event's changed one).
 */
export function refusesProgramme(status: number): boolean {
  return status === 401 || status === 403;
}

/**
 * Deletes every offline copy of the programme of `slug`, open event or not: for a read the server
 * refused, what it no longer grants must not be read offline.
 */
export async function forgetProgramme(slug: string): Promise<void> {
  if (typeof caches === "undefined" || !(await caches.has(EVENT_READS_CACHE))) return;
  const cache = await caches.open(EVENT_READS_CACHE);
  const programme = (await cache.keys()).filter((request) => isProgrammeRead(new URL(request.url).pathname, slug));
  await Promise.all(programme.map((request) => cache.delete(request, { ignoreVary: true })));
}

/** Deletes the offline copies of the programme of `slug` when the event is closed to anonymous readers. */
export async function forgetClosedProgramme(slug: string): Promise<void> {
  if (typeof caches === "undefined" || !(await caches.has(EVENT_READS_CACHE))) return;
  const cache = await caches.open(EVENT_READS_CACHE);
  const requests = await cache.keys();
  const pathOf = (request: Request) => new URL(request.url).pathname;
  const programme = requests.filter((request) => isProgrammeRead(pathOf(request), slug));
  if (programme.length === 0) return;
  const basics = requests.filter((request) => isBasicsRead(pathOf(request), slug));
  // The whole schedule last: it may weigh megabytes, a talk's answer or the branding a few hundred bytes.
  const byWeight = [...basics, ...programme.filter((request) => pathOf(request) !== `/api/public/schedule/${slug}`)];
  const whole = programme.filter((request) => pathOf(request) === `/api/public/schedule/${slug}`);
  if (!(await isClosedEvent(cache, [...byWeight, ...whole]))) return;
  await Promise.all(programme.map((request) => cache.delete(request, { ignoreVary: true })));
}
