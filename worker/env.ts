import type { ForumRoom } from "../party/forum-room";
import type { QuizActivityRoom } from "../party/quiz-activity-room";
import type { QuizRelayRoom } from "../party/quiz-relay-room";
import type { QuizRoom } from "../party/quiz-room";
import type { VersionStreamRoom } from "../party/version-stream-room";
import type { MailEnv } from "./mail/mail-settings";

/** Bindings and variables of the Worker (wrangler.toml; secrets in .dev.vars locally). */
export interface Env extends MailEnv {
  DB: D1Database;
  FILES: R2Bucket;
  ASSETS: Fetcher;
  ForumRoom: DurableObjectNamespace<ForumRoom>;
  QuizRoom: DurableObjectNamespace<QuizRoom>;
  /** Relays of a sharded live quiz, named `<presentationId>:<n>` (docs/scale.md). */
  QuizRelayRoom: DurableObjectNamespace<QuizRelayRoom>;
  QuizActivityRoom: DurableObjectNamespace<QuizActivityRoom>;
  VersionStreamRoom: DurableObjectNamespace<VersionStreamRoom>;
  /**
   * "development" (only from .dev.vars, written by `npm start`) enables the dev mailbox; unset or
   * anything else is production, so a plain `wrangler deploy` is production.
   */
  ENVIRONMENT?: string;
  /** Bearer secret of the admin API (schedule import, accounts). Unset: the admin API is closed. */
  ADMIN_TOKEN?: string;
  /** Secret signing the users' session tokens (HS256). */
  JWT_SECRET: string;
  /**
   * The site's public origin (https://events.example.org), the only origin of e-mailed links: the
   * request's Host header is the caller's to choose. Required; `npm start` sets its own URL.
   */
  PUBLIC_URL?: string;
  /** Upload limits in bytes (docs/uploads.md); unset, the defaults of core/uploads/limits.ts. */
  UPLOAD_PART_BYTES?: string;
  UPLOAD_MAX_VIDEO_BYTES?: string;
  UPLOAD_MAX_SLIDES_BYTES?: string;
  /**
   * Players per relay room of a live quiz (docs/operations.md, "Live quiz sharding"): set, each
   * player's socket goes to relay `floor(join order / QUIZ_RELAY_PLAYERS)` instead of the quiz's
   * room. Unset or 0: one room holds every socket.
   */
  QUIZ_RELAY_PLAYERS?: string;
  /** Benchmarks only: "1" makes quiz rooms log the time spent on each frame (party/lib/room-timing.ts). */
  QUIZ_ROOM_TIMINGS?: string;
}

type WorkerEnv = Env;

// partyserver and the test pool read the bindings from the global `Cloudflare.Env`.
declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {}
  }
}
