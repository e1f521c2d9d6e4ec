import { Hono } from "hono";
import * as v from "valibot";
import { QuestionsInput } from "../../core/quiz/authoring";
import type { AppEnv } from "../app-env";
import { requireSession, type SessionEnv } from "../auth/session";
import { listQuestions, replaceQuestions } from "../db/queries/quiz-authoring";
import { assertQuestionMedia } from "../files/quiz-media";
import { openManagedQuiz } from "../rooms/quiz-access";
import { refreshQuizActivity } from "../rooms/quiz-activity-feed";
import { IdParam, valid } from "../validation";
import { QuizPasswordQuery } from "./quiz-password-query";

const PresentationParam = v.object({ presentationId: IdParam });

/** The question editor's API: moderators and the presentation's own speaker. */
export const quizAuthoringRoutes = new Hono<AppEnv & SessionEnv>()
  .get(
    "/quiz/:presentationId/questions",
    requireSession,
    valid("param", PresentationParam),
    valid("query", QuizPasswordQuery),
    async (c) => {
      const presentation = await openManagedQuiz(c.var.db, c.req.valid("param").presentationId, {
        session: c.var.session,
        password: c.req.valid("query").password,
      });
      return c.json({ data: { questions: await listQuestions(c.var.db, presentation.id) } }, 200);
    },
  )
  .put(
    "/quiz/:presentationId/questions",
    requireSession,
    valid("param", PresentationParam),
    valid("query", QuizPasswordQuery),
    valid("json", QuestionsInput),
    async (c) => {
      const presentation = await openManagedQuiz(c.var.db, c.req.valid("param").presentationId, {
        session: c.var.session,
        password: c.req.valid("query").password,
      });
      const input = c.req.valid("json").questions;
      await assertQuestionMedia(c.env.FILES, presentation.id, input);
      const questions = await replaceQuestions(c.var.db, presentation.id, input);
      // A self-paced quiz is listed as active only with a visible question to answer.
      if (!presentation.live) await refreshQuizActivity(c.env, presentation.eventId);
      return c.json({ data: { questions } }, 200);
    },
  );
