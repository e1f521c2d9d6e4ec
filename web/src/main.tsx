import { RouterProvider } from "@tanstack/react-router";
import { StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import "./styles/tokens.css";
import "./styles/base.css";
import "./lib/i18n";
import { installErrorReports, reportClientError } from "./lib/error-reports";
import { registerServiceWorker } from "./lib/service-worker";
import { router } from "./router";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// Rendered at once, so the router loads the page's code while the texts of the first paint (a
// small file per namespace, web/src/lib/i18n.ts) are still on their way; every component asking
// for texts suspends until its namespaces are in, so no key or other language ever shows.
// Outside an event's frame (which has a boundary of its own around its page) nothing shows meanwhile.
installErrorReports();
createRoot(root, {
  // What an error boundary caught (the router's shows AppErrorScreen) and what none caught.
  onCaughtError: (error) => reportClientError("react", error),
  onUncaughtError: (error) => reportClientError("react", error),
}).render(
  <StrictMode>
    <Suspense fallback={null}>
      <RouterProvider router={router} />
    </Suspense>
  </StrictMode>,
);

registerServiceWorker();
