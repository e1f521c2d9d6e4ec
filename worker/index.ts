import { routePartykitRequest } from "partyserver";
import { app } from "./app";
import type { Env } from "./env";
import { authorizeRoomConnection } from "./rooms/authorize-connection";

export { ForumRoom } from "../party/forum-room";
export type { AppType } from "./app";

export default {
  async fetch(request, env, context) {
    if (new URL(request.url).pathname.startsWith("/parties/")) {
      // Rooms are written to only through the API (RPC); from outside, only WebSocket upgrades.
      const routed = await routePartykitRequest(request, env, {
        onBeforeRequest: () => new Response("Rooms accept WebSocket connections only", { status: 405 }),
        onBeforeConnect: (upgrade, lobby) => authorizeRoomConnection(upgrade, env, lobby.party, lobby.name),
      });
      return routed ?? app.fetch(request, env, context);
    }
    return app.fetch(request, env, context);
  },
} satisfies ExportedHandler<Env>;
