import { DomainError, ErrorCode } from "@core/errors";
import { assertEventPassword } from "../auth/event-access";
import type { EventRow } from "../db/queries/events";
import { assertEventHasQuiz } from "./quiz-access";

/**
 * The list of active quizzes is as open as the public schedule it filters: anyone may read it,
 * behind the event's password when the event has one (401 without it, 403 with a wrong one), and
 * only for an event with a quiz (403 quiz-off).
 */
export async function assertQuizActivityVisible(event: EventRow | undefined, password: string | undefined) {
  if (!event) throw new DomainError(ErrorCode.EventNotFound);
  await assertEventPassword(event.passwordHash, password);
  assertEventHasQuiz(event);
  return event;
}
