import { routePartykitRequest } from "partyserver";
import { app } from "./app";
import type { Env } from "./env";
import { authorizeRoomRequest } from "./rooms/authorize-connection";

export { ForumRoom } from "../party/forum-room";
export { QuizActivityRoom } from "../party/quiz-activity-room";
export { QuizRoom } from "../party/quiz-room";
export type { AppType } from "./app";

export default {
  async fetch(request, env, context) {
    if (new URL(request.url).pathname.startsWith("/parties/")) {
      // Every request to a room is checked here first: rooms trust the identity the Worker forwards.
      const routed = await routePartykitRequest(request, env, {
        onBeforeRequest: (plain, lobby) => authorizeRoomRequest(plain, env, lobby.className, lobby.name, false),
        onBeforeConnect: (upgrade, lobby) => authorizeRoomRequest(upgrade, env, lobby.className, lobby.name, true),
      });
      return routed ?? app.fetch(request, env, context);
    }
    return app.fetch(request, env, context);
  },
} satisfies ExportedHandler<Env>;
