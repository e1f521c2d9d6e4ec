import { DomainError, ErrorCode } from "../../core/errors";
import { openSession } from "../auth/session";
import { openDatabase } from "../db/client";
import type { Env } from "../env";
import { errorStatus } from "../errors";
import { assertForumReadable } from "./forum-access";

/**
 * Checks a WebSocket upgrade to a room before it reaches the room. Browsers cannot set headers
 * on a WebSocket, so the session token and the event password come as query parameters.
 * Answers a refusal, or undefined to let the connection through.
 */
export async function authorizeRoomConnection(request: Request, env: Env, party: string, room: string) {
  try {
    const query = new URL(request.url).searchParams;
    const db = openDatabase(env.DB);
    if (party !== "forum-room" || !/^[1-9][0-9]{0,15}$/.test(room)) throw new DomainError(ErrorCode.NotFound);
    const token = query.get("token");
    const session = token ? await openSession(db, env.JWT_SECRET, token) : undefined;
    await assertForumReadable(db, Number(room), { session, password: query.get("password") ?? undefined });
    return undefined;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return new Response(JSON.stringify({ error: { code: error.code } }), {
      status: errorStatus(error.code),
      headers: { "content-type": "application/json" },
    });
  }
}
