import type { Database } from "./db/client";
import type { Env } from "./env";

/** What every route sees: the bindings and the request's database handle. */
export interface AppEnv {
  Bindings: Env;
  Variables: { db: Database };
}
