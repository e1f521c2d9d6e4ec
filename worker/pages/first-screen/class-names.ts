import type { Env } from "../../env";
import type { ClassOf } from "./module-classes";

/** Written by the build (web/build/first-screen-classes-plugin.ts): CSS module → local name → class. */
const CLASSES_PATH = "/first-screen-classes.json";

type ModuleClasses = Record<string, Record<string, string> | undefined>;

/**
 * The app's class names for the first screen, or null when the build left none (a development
 * server): the page is then served without a first screen, never with an unstyled one.
 */
export async function readClassNames(env: Env, request: Request): Promise<ClassOf | null> {
  const response = await env.ASSETS.fetch(new URL(CLASSES_PATH, request.url));
  if (!response.ok || !response.headers.get("content-type")?.includes("json")) return null;
  const modules = (await response.json().catch(() => null)) as ModuleClasses | null;
  if (!modules) return null;
  return (module, name) => modules[module]?.[name] ?? "";
}
