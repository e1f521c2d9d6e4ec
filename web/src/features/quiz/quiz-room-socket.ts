import type { QuizClientMessage } from "@core/protocol/quiz";
import { openPartySocket } from "../../lib/party-socket";
import { parseQuizMessage, type QuizServerMessage } from "./quiz-messages";

/**
 * How a connection enters the room (worker/rooms/quiz-access.ts): the moderator and the big
 * screen with the event's password when it has one; a player with the quiz token it got behind it.
 * The big screen needs no session, except in an event closed to anonymous visitors, where it
 * enters with the signed-in member's.
 */
export type QuizRoomAccess =
  | { role: "moderator"; token: string; password: string | null }
  | { role: "screen"; token: string | null; password: string | null }
  /** The big screen on the moderator's read-only screen link: the link is its only credential. */
  | { role: "screen"; screenLink: string }
  | { role: "player"; token: string };

export interface QuizRoomConnection {
  /** False when the socket is not open: the message is dropped, never replayed later. */
  send(message: QuizClientMessage): boolean;
  close(): void;
}

/**
 * A socket to the quiz room of a presentation that reconnects by itself; the room answers every
 * (re)connection with the whole state (watchers) or view (players), so nothing is missed.
 */
export function connectQuizRoom(
  presentationId: number,
  access: QuizRoomAccess,
  handlers: { onMessage(message: QuizServerMessage): void; onOpen(): void; onClose(): void },
): QuizRoomConnection {
  const socket = openPartySocket({
    party: "quiz-room",
    room: String(presentationId),
    // A command or an answer queued while offline could land long after it made sense.
    maxEnqueuedMessages: 0,
    // The moderator and the big screen are two connections: they come back at once. Players keep
    // PartySocket's random 1–5 s first delay, so that thousands of them do not return together.
    ...(access.role === "player" ? {} : { minReconnectionDelay: 250, maxReconnectionDelay: 4_000 }),
    query:
      "screenLink" in access
        ? { role: access.role, screen: access.screenLink }
        : {
            role: access.role,
            token: access.token ?? undefined,
            password: access.role === "player" ? undefined : (access.password ?? undefined),
          },
  });
  socket.addEventListener("open", () => handlers.onOpen());
  socket.addEventListener("close", () => handlers.onClose());
  socket.addEventListener("message", (event: MessageEvent) => {
    const message = parseQuizMessage(event.data);
    if (message) handlers.onMessage(message);
  });
  return {
    send: (message) => {
      if (socket.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
    close: () => socket.close(1000),
  };
}
