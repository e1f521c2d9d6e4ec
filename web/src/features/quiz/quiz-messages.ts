import { type QuizServerFrame, QuizServerMessageSchema } from "@core/protocol/quiz";
import { parseRoomFrame } from "../../lib/party-socket";

/** What the quiz room sends (core/protocol/quiz.ts), as this client reads it. */
export type QuizServerMessage = QuizServerFrame;

/** A frame of the room as a checked message, or null for anything else. */
export function parseQuizMessage(data: unknown): QuizServerMessage | null {
  return parseRoomFrame(QuizServerMessageSchema, data);
}
