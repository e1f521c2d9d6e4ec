import { Hono } from "hono";
import * as v from "valibot";
import { publicQuizQuestions } from "../../core/quiz/public-questions";
import type { AppEnv } from "../app-env";
import { listQuestions } from "../db/queries/quiz-authoring";
import { openQuiz } from "../rooms/quiz-access";
import { IdParam, valid } from "../validation";
import { QuizPasswordQuery } from "./quiz-password-query";

/**
 * The texts of a live quiz for the big screen and the players: the quiz room holds only ids.
 * Anyone who can see the event may read them (`?password=` for a protected event); correct
 * options stay with the moderator, who gets them in the room's state.
 */
export const quizQuestionRoutes = new Hono<AppEnv>().get(
  "/quiz/:presentationId/questions/public",
  valid("param", v.object({ presentationId: IdParam })),
  valid("query", QuizPasswordQuery),
  async (c) => {
    const presentation = await openQuiz(c.var.db, c.req.valid("param").presentationId, {
      password: c.req.valid("query").password,
    });
    const questions = publicQuizQuestions(await listQuestions(c.var.db, presentation.id));
    return c.json({ data: { questions } }, 200);
  },
);
