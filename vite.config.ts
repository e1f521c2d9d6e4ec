import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { firstScreenClasses } from "./web/build/first-screen-classes-plugin";
import { pageFilesPlugin } from "./web/build/page-files-plugin";
import { FIRST_PAINT_NAMESPACES, OPENING_PAGE_NAMESPACES } from "./web/src/lib/first-paint-texts";
import { DEFAULT_LOCALE } from "./web/src/lib/locale-codes";

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** `@core/*` as tsconfig.base.json's `paths` says; Vite does not read tsconfig paths itself. */
export const CORE_ALIAS = { "@core": fromRoot("./core") };

const classesOfFirstScreen = firstScreenClasses(fromRoot("./web/src"));

/** The build's release in client error reports: APP_RELEASE, else the commit, else "dev". */
function release(): string {
  if (process.env.APP_RELEASE) return process.env.APP_RELEASE;
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return "dev";
  }
}

export default defineConfig(({ command }) => ({
  root: fromRoot("./web"),
  css: { modules: { getJSON: classesOfFirstScreen.getJSON } },
  publicDir: fromRoot("./web/public"),
  build: {
    outDir: fromRoot("./web/dist"),
    emptyOutDir: true,
    // The app, and the quiz join page the Worker writes on its own (worker/pages/quiz-join-page.ts).
    rollupOptions: { input: { app: fromRoot("./web/index.html"), join: fromRoot("./web/join.html") } },
  },
  resolve: { alias: CORE_ALIAS },
  define: { __APP_RELEASE__: JSON.stringify(release()) },
  plugins: [
    // Before React: it turns the file routes into code-split chunks.
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: fromRoot("./web/src/routes"),
      generatedRouteTree: fromRoot("./web/src/routeTree.gen.ts"),
      quoteStyle: "double",
    }),
    react(),
    // Each route's code-split files and first texts, for the Worker's preloads (worker/pages/route-files.ts).
    pageFilesPlugin(fromRoot("./web/src/routes"), "app", {
      directory: fromRoot("./locales"),
      language: DEFAULT_LOCALE,
      namespaces: FIRST_PAINT_NAMESPACES,
      byRoute: OPENING_PAGE_NAMESPACES,
    }),
    // The class names the Worker's first screen of the schedule uses (worker/pages/first-screen/).
    classesOfFirstScreen.plugin,
    // The offline service worker (web/sw/sw.ts), with the list of the build's files to precache.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "sw",
      filename: "sw.ts",
      injectRegister: false,
      manifest: false,
      injectManifest: { globPatterns: ["**/*.{js,css,html,svg,woff2}"] },
    }),
    // Dev only: `vite` serves /api/* and /parties/* from the real Worker. A build must not use it,
    // because it writes .wrangler/deploy/config.json, which redirects the `wrangler dev` of `npm start`.
    // Its state lives where `wrangler d1 migrations apply --local` and `wrangler dev` keep theirs,
    // not under the Vite root.
    ...(command === "serve"
      ? [
          cloudflare({
            configPath: fromRoot("./wrangler.toml"),
            persistState: { path: fromRoot("./.wrangler/state") },
            // Vite serves the pages itself in dev, with an inline hot-reload preamble the pages' CSP
            // would refuse: only the API and the rooms go through the Worker (and its headers) here.
            // (Set in place: a returned partial config would be merged, arrays appended.)
            config: (worker) => {
              if (worker.assets) worker.assets.run_worker_first = ["/api/*", "/parties/*"];
            },
          }),
        ]
      : []),
  ],
}));
