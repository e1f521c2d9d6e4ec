import { CLIENT_ERROR_LIMITS } from "@core/client-errors/client-error-report";
import { router } from "../router";

type Kind = "error" | "unhandledrejection" | "react";

/** Reports one page load may send: an error in a loop must not flood the server (it limits too). */
const MAX_REPORTS_PER_PAGE = 10;
let reportsSent = 0;
const reported = new Set<string>();

function describe(error: unknown): { message: string; stack: string | undefined } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, stack: error.stack };
  return { message: typeof error === "string" ? error : (JSON.stringify(error) ?? String(error)), stack: undefined };
}

/**
 * The page's route pattern (`/$slug/$presentationId/forum`), not its address: some addresses carry
 * a token in their path (`/screen_link/$token`) or their query.
 */
function currentRoute(): string {
  return router.state.matches.at(-1)?.routeId ?? "unknown";
}

/**
 * Sends what went wrong to `POST /api/logger/add` (docs/operations.md "Client error reports"): the
 * error's message and stack, the route pattern and the build. Never a token or a form's values:
 * nothing but the error itself is read. Each distinct error once per page load.
 */
export function reportClientError(kind: Kind, error: unknown): void {
  if (reportsSent >= MAX_REPORTS_PER_PAGE) return;
  const { message, stack } = describe(error);
  const key = `${kind}:${message}`;
  if (reported.has(key)) return;
  reported.add(key);
  reportsSent++;
  const body = JSON.stringify({
    kind,
    message: message.trim().slice(0, CLIENT_ERROR_LIMITS.message) || "(no message)",
    stack: stack?.slice(0, CLIENT_ERROR_LIMITS.stack),
    route: currentRoute().slice(0, CLIENT_ERROR_LIMITS.route),
    release: __APP_RELEASE__,
  });
  // keepalive: the report still leaves when the error makes the user reload or close the page.
  void fetch("/api/logger/add", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    keepalive: true,
  }).catch(() => {});
}

/** Reports uncaught errors and unhandled rejections of the page. */
export function installErrorReports(): void {
  window.addEventListener("error", (event) => reportClientError("error", event.error ?? event.message));
  window.addEventListener("unhandledrejection", (event) => reportClientError("unhandledrejection", event.reason));
}
