/**
 * Messages of the quiz activity room (`/parties/quiz-activity-room/{eventId}`): the server pushes
 * the whole list of presentations with self-paced questions or results open, on connect and
 * whenever it changes. Clients only listen.
 */
import * as v from "valibot";
import { Id } from "../ids";
import type { ActiveQuiz } from "../quiz/active-quizzes";

export const ActiveQuizSchema = v.object({
  id: Id,
  non_live_questions_active: v.boolean(),
  non_live_results_active: v.boolean(),
}) satisfies v.GenericSchema<unknown, ActiveQuiz>;

export const QuizActivityServerMessage = v.variant("type", [
  v.object({ type: v.literal("active-quizzes"), presentations: v.array(ActiveQuizSchema) }),
  v.object({ type: v.literal("error"), code: v.string() }),
]);
export type QuizActivityServerMessage = v.InferOutput<typeof QuizActivityServerMessage>;
