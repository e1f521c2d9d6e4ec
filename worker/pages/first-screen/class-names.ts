import type { Env } from "../../env";
import type { ClassOf } from "./module-classes";

/** Written by the build (web/build/first-screen-classes-plugin.ts): CSS module → local name → class. */
const CLASSES_PATH = "/first-screen-classes.json";

type ModuleClasses = Record<string, Record<string, string> | undefined>;

/** Kept once read: the assets of a deployment never change under its isolates. */
let classNames: ModuleClasses | undefined;

async function fetchClassNames(env: Env, request: Request): Promise<ModuleClasses | null> {
  const response = await env.ASSETS.fetch(new URL(CLASSES_PATH, request.url));
  if (!response.ok || !response.headers.get("content-type")?.includes("json")) return null;
  return (await response.json().catch(() => null)) as ModuleClasses | null;
}

/**
 * The app's class names for the first screen, or null when the build left none (a development
 * server): the page is then served without a first screen, never with an unstyled one.
 */
export async function readClassNames(env: Env, request: Request): Promise<ClassOf | null> {
  const modules = classNames ?? (await fetchClassNames(env, request));
  if (!modules) return null;
  classNames = modules;
  return (module, name) => modules[module]?.[name] ?? "";
}
