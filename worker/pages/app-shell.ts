import type { Env } from "../env";

/**
 * The built documents of web/dist, read through the assets binding. A missing document would come
 * back as index.html (the single-page fallback), so each is recognised by a mark it must carry.
 */
export async function readBuiltDocument(
  env: Env,
  request: Request,
  path: string,
  mark: string,
): Promise<string | null> {
  const response = await env.ASSETS.fetch(new URL(path, request.url));
  if (!response.ok) return null;
  const html = await response.text();
  return html.includes(mark) ? html : null;
}

/** The app's own scripts and styles that index.html loads first: what a page can fetch ahead of it. */
export function appEntryFiles(indexHtml: string): string[] {
  const files = [...indexHtml.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? "");
  return [...new Set(files)].filter(Boolean);
}

/**
 * The answer for a page the Worker wrote: no longer the stored file, so none of its validators,
 * and revalidated on every visit (the event's branding or access may change). No body for HEAD.
 */
export function writtenPage(html: string, request: Request): Response {
  return new Response(request.method === "HEAD" ? null : html, {
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" },
  });
}
