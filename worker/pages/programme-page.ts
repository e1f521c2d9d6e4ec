import type { PublicEvent } from "@core/schedule/public-schedule";
import type { Env } from "../env";
import { readBuiltDocument, writtenPage } from "./app-shell";
import { routePreloadTags } from "./route-files";

/**
 * The app's shell for a page of an event's programme, with what the page needs already on its
 * way: its route's code (modulepreload of the files the router would otherwise ask for only after
 * the entry has run), and for an event anyone may read, the programme itself: a `<link
 * rel="preload">` starts `GET /api/public/schedule/{slug}` with the page, which the app then
 * reads with that very request (web/src/lib/api.ts), no session or password needed. On a phone
 * this is the difference between a first screen after three round trips of downloads and one.
 */
export async function renderProgrammePage(
  request: Request,
  env: Env,
  event: PublicEvent,
  routes: string[],
): Promise<Response | null> {
  const shell = await readBuiltDocument(env, request, "/", 'id="root"');
  if (!shell) return null;
  const readable = !event.protected && event.allowAnonymousAccess;
  const schedule = `/api/public/schedule/${encodeURIComponent(event.slug)}`;
  const code = await routePreloadTags(env, request, routes);
  return new HTMLRewriter()
    .on("head", {
      element: (head) => {
        if (readable)
          head.prepend(`<link rel="preload" href="${schedule}" as="fetch" crossorigin="anonymous" />`, { html: true });
        head.append(code, { html: true });
      },
    })
    .transform(writtenPage(shell, request));
}
