import { publicQuizQuestions } from "@core/quiz/public-questions";
import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { listQuestions } from "../db/queries/quiz-authoring";
import { valid } from "../validation";
import { QuizPasswordQuery } from "./quiz-password-query";
import { openRouteQuiz, QuizPresentationParam } from "./quiz-route-context";

/**
 * The texts of a live quiz for the big screen and the players: the quiz room holds only ids.
 * Anyone who can see the event may read them (`?password=` for a protected event); correct
 * options stay with the moderator, who gets them in the room's state.
 */
export const quizQuestionRoutes = new Hono<AppEnv>().get(
  "/quiz/:presentationId/questions/public",
  valid("param", QuizPresentationParam),
  valid("query", QuizPasswordQuery),
  async (c) => {
    const presentation = await openRouteQuiz(c);
    const questions = publicQuizQuestions(await listQuestions(c.var.db, presentation.id));
    return c.json({ data: { questions } }, 200);
  },
);
