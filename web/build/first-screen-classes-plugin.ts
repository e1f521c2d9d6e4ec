import { relative } from "node:path";
import type { Plugin } from "vite";
import { FIRST_SCREEN_CSS_MODULES } from "../../worker/pages/first-screen/module-classes";

/** Where the build leaves the class names, read by worker/pages/first-screen/class-names.ts. */
export const FIRST_SCREEN_CLASSES_NAME = "first-screen-classes.json";

/** The CSS modules (paths under web/src) whose class names the Worker's first screens use. */
const MODULE_PATHS: readonly string[] = Object.values(FIRST_SCREEN_CSS_MODULES);

/**
 * The build's class names of those CSS modules, written to `first-screen-classes.json`, so that
 * the first screen the Worker writes into a schedule page is drawn by the app's own stylesheets
 * and looks like the app that replaces it. `getJSON` goes to Vite's `css.modules`, which calls it
 * for every module it compiles; a build without one of the modules fails, as a renamed file
 * would otherwise leave the first screen unstyled.
 */
export function firstScreenClasses(sourceDirectory: string): {
  getJSON: (cssFileName: string, classes: Record<string, string>) => void;
  plugin: Plugin;
} {
  const seen = new Map<string, Record<string, string>>();
  const wanted = new Set(MODULE_PATHS);
  return {
    getJSON: (cssFileName, classes) => {
      const path = relative(sourceDirectory, cssFileName.split("?")[0] ?? "");
      if (wanted.has(path)) seen.set(path, classes);
    },
    plugin: {
      name: "first-screen-classes",
      apply: "build",
      generateBundle() {
        const missing = MODULE_PATHS.filter((path) => !seen.has(path));
        if (missing.length > 0) this.error(`first screen: no CSS module compiled for ${missing.join(", ")}`);
        const classes = Object.fromEntries(MODULE_PATHS.map((path) => [path, seen.get(path)]));
        this.emitFile({ type: "asset", fileName: FIRST_SCREEN_CLASSES_NAME, source: JSON.stringify(classes) });
      },
    },
  };
}
