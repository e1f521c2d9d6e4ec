import { errorStatus } from "@core/error-status";
import { DomainError, ErrorCode } from "@core/errors";
import { assertMemberUnlessOpen } from "../auth/event-access";
import { readerSession } from "../auth/session";
import { openDatabase } from "../db/client";
import { findEventById } from "../db/queries/events";
import type { Env } from "../env";
import { dropUnreadBody } from "../unread-body";
import { admitToForum } from "./forum-access";
import { authorizeQuizRequest } from "./quiz-access";
import { assertQuizActivityVisible } from "./quiz-activity-access";
import { forwardToRelay } from "./quiz-relay-forward";
import { assertVersionStreamReadable } from "./version-stream-access";

const ROOM_NAME = /^[1-9][0-9]{0,15}$/;
/**
 * partyserver keeps a connection's URL in its WebSocket attachment, which workerd caps at 16 KiB:
 * a longer URL would be accepted and then break the room. Real room URLs are far shorter.
 */
export const MAX_ROOM_URL_LENGTH = 4096;

function refusal(error: unknown): Response {
  if (!(error instanceof DomainError)) throw error;
  return new Response(JSON.stringify({ error: { code: error.code } }), {
    status: errorStatus(error.code),
    headers: { "content-type": "application/json" },
  });
}

/**
 * Checks a request to a room before it reaches the room: a refusal, or the request to forward
 * (carrying the checked identity), or undefined to let it through as is. Browsers cannot set
 * headers on a WebSocket, so session tokens and the event password come as query parameters.
 */
export async function authorizeRoomRequest(
  request: Request,
  env: Env,
  /** The room's Durable Object class: "QuizRoom", "ForumRoom", "QuizActivityRoom" or "VersionStreamRoom". */
  roomClass: string,
  room: string,
  upgrade: boolean,
): Promise<Request | Response | undefined> {
  const checked = await checkRoomRequest(request, env, roomClass, room, upgrade);
  // partyserver handed this request a body of its own, out of worker/index.ts's reach.
  if (checked instanceof Response) await dropUnreadBody(request);
  return checked;
}

async function checkRoomRequest(
  request: Request,
  env: Env,
  roomClass: string,
  room: string,
  upgrade: boolean,
): Promise<Request | Response | undefined> {
  try {
    if (request.url.length > MAX_ROOM_URL_LENGTH) throw new DomainError(ErrorCode.BadRequest);
    if (!ROOM_NAME.test(room)) throw new DomainError(ErrorCode.NotFound);
    const db = openDatabase(env.DB);
    if (roomClass === "QuizRoom") {
      // The quiz takes moderator commands over HTTP too (the spec's quiz-moderator-action-change).
      if (!upgrade && request.method !== "POST") throw new DomainError(ErrorCode.BadRequest);
      const checked = await authorizeQuizRequest(request, db, env.JWT_SECRET, Number(room));
      // A sharded quiz's player socket goes to the player's relay room instead.
      return (upgrade && (await forwardToRelay(env, Number(room), checked))) || checked;
    }
    if (roomClass === "ForumRoom" && upgrade) {
      const query = new URL(request.url).searchParams;
      const session = await readerSession(db, env.JWT_SECRET, query.get("token"));
      await admitToForum(db, Number(room), { session, password: query.get("password") ?? undefined });
      return undefined;
    }
    if (roomClass === "QuizActivityRoom" && upgrade) {
      const query = new URL(request.url).searchParams;
      const event = await assertQuizActivityVisible(
        await findEventById(db, Number(room)),
        query.get("password") ?? undefined,
      );
      assertMemberUnlessOpen(event, await readerSession(db, env.JWT_SECRET, query.get("token")));
      return undefined;
    }
    if (roomClass === "VersionStreamRoom" && upgrade) {
      const token = new URL(request.url).searchParams.get("token");
      await assertVersionStreamReadable(db, env.JWT_SECRET, Number(room), token);
      return undefined;
    }
    return new Response("Rooms accept WebSocket connections only", { status: 405 });
  } catch (error) {
    return refusal(error);
  }
}
