import { openDatabase } from "../db/client";
import { findEventBySlug, toPublicEvent } from "../db/queries/events";
import type { Env } from "../env";
import { renderProgrammePage } from "./programme-page";
import { renderQuizJoinPage } from "./quiz-join-page";

const SLUG = "([a-z0-9][a-z0-9-]{0,63})";
/** `/{slug}/quiz-live`, the address the big screen's QR code opens. */
const QUIZ_JOIN_PATH = new RegExp(`^/${SLUG}/quiz-live/?$`);
/**
 * The pages that show the event's programme, by the route files the app's router renders for
 * them (web/src/routes): schedule, synopsis, my schedule, a presentation, the speakers and a speaker.
 */
const PROGRAMME_PAGES: [RegExp, string[]][] = [
  [new RegExp(`^/${SLUG}/?$`), ["$slug/route", "$slug/index"]],
  [new RegExp(`^/${SLUG}/synopsis/?$`), ["$slug/route", "$slug/synopsis"]],
  [new RegExp(`^/${SLUG}/my-schedule/?$`), ["$slug/route", "$slug/my-schedule"]],
  [new RegExp(`^/${SLUG}/\\d+/?$`), ["$slug/route", "$slug/$presentationId/route", "$slug/$presentationId/index"]],
  [new RegExp(`^/${SLUG}/speakers/?$`), ["$slug/route", "$slug/speakers/index"]],
  [new RegExp(`^/${SLUG}/speakers/\\d+/?$`), ["$slug/route", "$slug/speakers/$speakerId"]],
];
const JOIN_CODE = /^\d{6}$/;
/** web/join.html as the assets serve it: filled in only by the Worker, never shown bare. */
const TEMPLATE_PATHS = new Set(["/join", "/join.html", "/join/"]);

/**
 * A page request. The quiz join page is written here, light enough for a room of phones opening
 * one QR code at once; the pages of an event's programme get the app's shell with the programme
 * already on its way; every other page is the app's shell, which routes in the browser.
 */
export async function servePage(request: Request, env: Env): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") return env.ASSETS.fetch(request);
  const url = new URL(request.url);
  // The join page's template is no page of its own: the app answers its address (an unknown page).
  if (TEMPLATE_PATHS.has(url.pathname)) return env.ASSETS.fetch(new Request(new URL("/", url), request));
  try {
    return await servePageOfEvent(request, env, url);
  } catch (error) {
    // The app's shell needs no database: a page must not fail because a lookup did.
    console.error("page: serving the app's shell after", error instanceof Error ? error.message : error);
    return env.ASSETS.fetch(request);
  }
}

async function servePageOfEvent(request: Request, env: Env, url: URL): Promise<Response> {
  const joinSlug = QUIZ_JOIN_PATH.exec(url.pathname)?.[1];
  const programme = joinSlug ? undefined : programmePage(url.pathname);
  const slug = joinSlug ?? programme?.slug;
  const row = slug ? await findEventBySlug(openDatabase(env.DB), slug) : undefined;
  if (!row) return env.ASSETS.fetch(request);
  const event = toPublicEvent(row);
  const code = url.searchParams.get("code");
  const page = programme
    ? await renderProgrammePage(request, env, event, row.revision, programme.routes)
    : await renderQuizJoinPage(request, env, event, JOIN_CODE.test(code ?? "") ? code : null);
  return page ?? env.ASSETS.fetch(request);
}

function programmePage(path: string): { slug: string; routes: string[] } | undefined {
  for (const [pattern, routes] of PROGRAMME_PAGES) {
    const slug = pattern.exec(path)?.[1];
    if (slug) return { slug, routes };
  }
  return undefined;
}
