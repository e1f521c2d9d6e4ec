import type { Env } from "../env";

/** The build's list of each route's code-split files (web/build/page-files-plugin.ts). */
const PAGE_FILES_PATH = "/page-files.json";

/**
 * The JavaScript and CSS files of `routes` (route files of web/src/routes, like `$slug/index`)
 * that the app's entry does not load itself, as `<link>` tags the page's head can carry. Empty
 * when the build has no list (a development server). With `stylesheets`, their CSS is applied
 * from the start (a page drawn before the app runs needs it), not only fetched ahead.
 */
export async function routePreloadTags(
  env: Env,
  request: Request,
  routes: string[],
  options: { stylesheets: boolean } = { stylesheets: false },
): Promise<string> {
  const response = await env.ASSETS.fetch(new URL(PAGE_FILES_PATH, request.url));
  if (!response.ok || !response.headers.get("content-type")?.includes("json")) return "";
  const pages = (await response.json().catch(() => ({}))) as Record<string, string[] | undefined>;
  const files = new Set(routes.flatMap((route) => pages[route] ?? []));
  return [...files]
    .filter((file) => /^\/assets\/[\w.-]+\.(?:js|css)$/.test(file))
    .map((file) =>
      file.endsWith(".css")
        ? options.stylesheets
          ? `<link rel="stylesheet" href="${file}" crossorigin />`
          : `<link rel="preload" href="${file}" as="style" crossorigin />`
        : `<link rel="modulepreload" href="${file}" crossorigin />`,
    )
    .join("");
}
