import { RouterProvider } from "@tanstack/react-router";
import { StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import "./styles/base.css";
import { i18nReady } from "./lib/i18n";
import { registerServiceWorker } from "./lib/service-worker";
import { router } from "./router";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// The first render waits for the texts of the first paint (a small file per namespace, fetched
// while the page's own code is still downloading), so no key or other language ever shows.
// A page whose namespace is not loaded yet suspends until it is; outside an event's frame
// (which has a boundary of its own around its page) nothing shows meanwhile.
void i18nReady.finally(() => {
  createRoot(root).render(
    <StrictMode>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </StrictMode>,
  );
});

registerServiceWorker();
