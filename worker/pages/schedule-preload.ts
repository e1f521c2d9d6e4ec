import type { PublicEvent } from "@core/schedule/public-schedule";
import type { Env } from "../env";

/**
 * The app's shell with the event's programme already requested: a `<link rel="preload">` starts
 * `GET /api/public/schedule/{slug}` with the page, beside the app's scripts, instead of after
 * they have loaded and run (on a phone, the difference between a 4 s and a 2 s first screen for a
 * large programme). Only for an event anyone may read: the app then reads the programme with that
 * very request (web/src/lib/api.ts), no session or password needed. Null when the app must
 * answer alone.
 */
export async function renderWithSchedulePreload(
  request: Request,
  env: Env,
  event: PublicEvent,
): Promise<Response | null> {
  if (event.protected || !event.allowAnonymousAccess) return null;
  const shell = await env.ASSETS.fetch(new URL("/", request.url));
  if (!shell.ok || !shell.headers.get("content-type")?.includes("text/html")) return null;
  const href = `/api/public/schedule/${encodeURIComponent(event.slug)}`;
  const page = new HTMLRewriter()
    .on("head", {
      element: (head) =>
        void head.prepend(`<link rel="preload" href="${href}" as="fetch" crossorigin="anonymous" />`, { html: true }),
    })
    .transform(shell);
  // The page is no longer the stored file: its validators do not describe it.
  const headers = new Headers(page.headers);
  headers.delete("etag");
  headers.set("cache-control", "no-cache");
  return new Response(request.method === "HEAD" ? null : page.body, { status: 200, headers });
}
