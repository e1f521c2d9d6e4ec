import { createRouter } from "@tanstack/react-router";
import { AppErrorScreen } from "./components/app-error-screen";
import { routeTree } from "./routeTree.gen";

/** Query values stay plain strings (`?viewmode=virtual&resetcode=123`), as links from e-mails write them. */
function parseSearch(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}

function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

export const router = createRouter({
  routeTree,
  parseSearch,
  stringifySearch,
  // Any path of no known shape, at any depth, is the root's whole-page Invalid link screen (spec §2).
  notFoundMode: "root",
  // A page that throws while rendering shows a way back instead of a blank screen; the error is
  // reported by the root's onCaughtError (main.tsx).
  defaultErrorComponent: AppErrorScreen,
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
