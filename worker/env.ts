import type { ForumRoom } from "../party/forum-room";
import type { QuizActivityRoom } from "../party/quiz-activity-room";
import type { QuizRoom } from "../party/quiz-room";

/** Bindings and variables of the Worker (wrangler.toml; secrets in .dev.vars locally). */
export interface Env {
  DB: D1Database;
  FILES: R2Bucket;
  ASSETS: Fetcher;
  ForumRoom: DurableObjectNamespace<ForumRoom>;
  QuizRoom: DurableObjectNamespace<QuizRoom>;
  QuizActivityRoom: DurableObjectNamespace<QuizActivityRoom>;
  /** "development" enables the dev mailbox; anything else is production. */
  ENVIRONMENT: string;
  /** Bearer secret of the admin API (schedule import, accounts). Unset: the admin API is closed. */
  ADMIN_TOKEN?: string;
  /** Secret signing the users' session tokens (HS256). */
  JWT_SECRET: string;
  /** Public origin used in e-mailed links; defaults to the origin of the request. */
  PUBLIC_URL?: string;
}

type WorkerEnv = Env;

// partyserver and the test pool read the bindings from the global `Cloudflare.Env`.
declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {}
  }
}
