import { QuestionsInput } from "@core/quiz/authoring";
import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { requireSession, type SessionEnv } from "../auth/session";
import { listQuestions, replaceQuestions } from "../db/queries/quiz-authoring";
import { assertQuestionMedia } from "../files/quiz-media";
import { refreshQuizActivity } from "../room-feeds/quiz-activity-feed";
import { valid } from "../validation";
import { QuizPasswordQuery } from "./quiz-password-query";
import { openRouteManagedQuiz, QuizPresentationParam } from "./quiz-route-context";

/** The question editor's API: moderators and the presentation's own speaker. */
export const quizAuthoringRoutes = new Hono<AppEnv & SessionEnv>()
  .get(
    "/quiz/:presentationId/questions",
    requireSession,
    valid("param", QuizPresentationParam),
    valid("query", QuizPasswordQuery),
    async (c) => {
      const presentation = await openRouteManagedQuiz(c);
      return c.json({ data: { questions: await listQuestions(c.var.db, presentation.id) } }, 200);
    },
  )
  .put(
    "/quiz/:presentationId/questions",
    requireSession,
    valid("param", QuizPresentationParam),
    valid("query", QuizPasswordQuery),
    valid("json", QuestionsInput),
    async (c) => {
      const presentation = await openRouteManagedQuiz(c);
      const input = c.req.valid("json").questions;
      await assertQuestionMedia(c.var.db, c.env.FILES, presentation.id, input);
      const questions = await replaceQuestions(c.var.db, presentation.id, input);
      // A self-paced quiz is listed as active only with a visible question to answer.
      if (!presentation.live) await refreshQuizActivity(c.env, presentation.eventId);
      return c.json({ data: { questions } }, 200);
    },
  );
