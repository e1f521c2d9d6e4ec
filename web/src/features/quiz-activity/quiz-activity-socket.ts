import { QuizActivityServerMessage } from "@core/protocol/quiz-activity";
import type { ActiveQuiz } from "@core/quiz/active-quizzes";
import { openPartySocket, parseRoomFrame } from "../../lib/party-socket";

/**
 * Follows the event's quiz activity room (docs/protocol.md): `onList` receives the whole list on
 * every connection, reconnections included, and whenever it changes.
 */
export function connectQuizActivityRoom(
  eventId: number,
  access: { password: string | null; token: string | null },
  onList: (presentations: ActiveQuiz[]) => void,
): () => void {
  const socket = openPartySocket({
    party: "quiz-activity-room",
    room: String(eventId),
    // The member's session opens the room of an event that lets no one in anonymously.
    query: { password: access.password ?? undefined, token: access.token ?? undefined },
  });
  socket.addEventListener("message", (event: MessageEvent) => {
    const message = parseRoomFrame(QuizActivityServerMessage, event.data);
    if (message?.type === "active-quizzes") onList(message.presentations);
  });
  return () => socket.close(1000);
}
