import PartySocket from "partysocket";
import * as v from "valibot";
import { QuizActivityServerMessage } from "../../../../core/protocol/quiz-activity";
import type { ActiveQuiz } from "../../../../core/quiz/active-quizzes";

/**
 * Follows the event's quiz activity room (docs/protocol.md): `onList` receives the whole list on
 * every connection, reconnections included, and whenever it changes.
 */
export function connectQuizActivityRoom(
  eventId: number,
  password: string | null,
  onList: (presentations: ActiveQuiz[]) => void,
): () => void {
  const socket = new PartySocket({
    host: window.location.host,
    protocol: window.location.protocol === "https:" ? "wss" : "ws",
    party: "quiz-activity-room",
    room: String(eventId),
    query: { password: password ?? undefined },
  });
  socket.addEventListener("message", (event: MessageEvent) => {
    if (typeof event.data !== "string") return;
    let json: unknown;
    try {
      json = JSON.parse(event.data);
    } catch {
      return;
    }
    const message = v.safeParse(QuizActivityServerMessage, json);
    if (message.success && message.output.type === "active-quizzes") onList(message.output.presentations);
  });
  return () => socket.close(1000);
}
