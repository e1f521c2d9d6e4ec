import { routePartykitRequest } from "partyserver";
import { app } from "./app";
import type { Env } from "./env";
import { servePage } from "./pages/serve-page";
import { authorizeRoomRequest } from "./room-access/authorize-connection";
import { runScheduledTasks } from "./scheduled-tasks";
import { withSecurityHeaders } from "./security-headers";
import { dropUnreadBody } from "./unread-body";

export { ForumRoom } from "../party/forum-room";
export { QuizActivityRoom } from "../party/quiz-activity-room";
export { QuizRelayRoom } from "../party/quiz-relay-room";
export { QuizRoom } from "../party/quiz-room";
export { VersionStreamRoom } from "../party/version-stream-room";
export type { AppType } from "./app";

async function route(request: Request, env: Env, context: ExecutionContext): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (pathname.startsWith("/parties/")) {
    // Every request to a room is checked here first: rooms trust the identity the Worker forwards.
    const routed = await routePartykitRequest(request, env, {
      onBeforeRequest: (plain, lobby) => authorizeRoomRequest(plain, env, lobby.className, lobby.name, false),
      onBeforeConnect: (upgrade, lobby) => authorizeRoomRequest(upgrade, env, lobby.className, lobby.name, true),
    });
    return routed ?? app.fetch(request, env, context);
  }
  if (pathname === "/api" || pathname.startsWith("/api/")) return app.fetch(request, env, context);
  // Pages and public files, when wrangler.toml's run_worker_first sends them here: the Worker
  // gives the page its frame-ancestors, which depends on the `?iframe` query no _headers rule sees.
  return servePage(request, env);
}

export default {
  async fetch(request, env, context) {
    const response = await route(request, env, context);
    // Before the answer goes out: a body left unread would break the connection under it.
    await dropUnreadBody(request);
    return withSecurityHeaders(request, response);
  },
  scheduled: (controller, env, context) => runScheduledTasks(controller.cron, env, context),
} satisfies ExportedHandler<Env>;
