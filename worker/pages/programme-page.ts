import type { PublicEvent } from "@core/schedule/public-schedule";
import { wallClock } from "@core/schedule/time-of-day";
import { currentSchedule } from "../cache/current-schedule";
import { openDatabase } from "../db/client";
import type { Env } from "../env";
import { INLINE_STYLE_HASHES_HEADER, inlineStyleHash } from "../security-headers";
import { readBuiltDocument, writtenPage } from "./app-shell";
import { readClassNames } from "./first-screen/class-names";
import type { FirstScreen } from "./first-screen/event-frame";
import { scheduleFirstScreen } from "./first-screen/schedule-first-screen";
import { speakersFirstScreen } from "./first-screen/speakers-first-screen";
import { synopsisFirstScreen } from "./first-screen/synopsis-first-screen";
import { firstScreenTexts, readerLocale } from "./first-screen/texts";
import { routePreloadTags } from "./route-files";

/** The route files of the pages drawn at once (web/src/routes): the schedule list and the synopsis. */
const SCHEDULE_ROUTE = "$slug/index";
const SYNOPSIS_ROUTE = "$slug/synopsis";
const SPEAKERS_ROUTE = "$slug/speakers/index";

/**
 * The app's shell for a page of an event's programme, with what the page needs already on its
 * way: its route's code (modulepreload of the files the router would otherwise ask for only after
 * the entry has run), and for an event anyone may read, the programme itself: a `<link
 * rel="preload">` starts `GET /api/public/schedule/{slug}` with the page, which the app then
 * reads with that very request (web/src/lib/api.ts), no session or password needed. On a phone
 * this is the difference between a first screen after three round trips of downloads and one.
 *
 * The schedule list of such an event also comes with its first screen already drawn (the frame,
 * the search and the first cards, worker/pages/first-screen/), styled by the app's own
 * stylesheets and shown until the app has drawn the page itself.
 */
export async function renderProgrammePage(
  request: Request,
  env: Env,
  event: PublicEvent,
  revision: number,
  routes: string[],
): Promise<Response | null> {
  const shell = await readBuiltDocument(env, request, "/", 'id="root"');
  if (!shell) return null;
  const readable = !event.protected && event.allowAnonymousAccess;
  const schedule = `/api/public/schedule/${encodeURIComponent(event.slug)}`;
  const page = routes.includes(SCHEDULE_ROUTE)
    ? "schedule"
    : routes.includes(SYNOPSIS_ROUTE)
      ? "synopsis"
      : routes.includes(SPEAKERS_ROUTE)
        ? "speakers"
        : null;
  const firstScreen = readable && page ? await drawFirstScreen(request, env, event, revision, page) : null;
  const code = await routePreloadTags(env, request, routes, { stylesheets: firstScreen !== null });
  const answer = await new HTMLRewriter()
    .on("head", {
      element: (head) => {
        if (readable)
          head.prepend(`<link rel="preload" href="${schedule}" as="fetch" crossorigin="anonymous" />`, { html: true });
        head.append(code, { html: true });
        if (firstScreen) head.append(`<style id="first-screen-style">${firstScreen.css}</style>`, { html: true });
      },
    })
    // The built page says French; a first screen in English says so, for screen readers and translation.
    .on("html", {
      element: (html) => void (firstScreen ? html.setAttribute("lang", readerLocale(request)) : undefined),
    })
    .on("#root", { element: (root) => void (firstScreen ? root.before(firstScreen.html, { html: true }) : undefined) })
    .transform(writtenPage(shell, request));
  if (firstScreen) answer.headers.set(INLINE_STYLE_HASHES_HEADER, await inlineStyleHash(firstScreen.css));
  return answer;
}

/**
 * The schedule's first screen, or null where the app must draw the page alone: the embeddable
 * and virtual layouts (`?iframe`, `?viewmode`), which it draws differently, and a build without
 * the class names of its stylesheets.
 */
async function drawFirstScreen(
  request: Request,
  env: Env,
  event: PublicEvent,
  revision: number,
  page: "schedule" | "synopsis" | "speakers",
): Promise<FirstScreen | null> {
  const query = new URL(request.url).searchParams;
  if (query.has("iframe") || query.has("viewmode")) return null;
  const classOf = await readClassNames(env, request);
  if (!classOf) return null;
  const { schedule } = await currentSchedule(openDatabase(env.DB), event.slug, revision);
  const clock = wallClock(new Date(), event.timeZone);
  const texts = firstScreenTexts(readerLocale(request));
  if (page === "speakers") return speakersFirstScreen(schedule, texts, classOf);
  return page === "schedule"
    ? scheduleFirstScreen(schedule, clock, texts, classOf)
    : synopsisFirstScreen(schedule, clock, texts, classOf);
}
