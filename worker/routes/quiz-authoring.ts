import { Hono } from "hono";
import * as v from "valibot";
import { QuestionsInput } from "../../core/quiz/authoring";
import type { AppEnv } from "../app-env";
import { requireSession, type SessionEnv } from "../auth/session";
import { listQuestions, replaceQuestions } from "../db/queries/quiz-authoring";
import { assertQuizModerator, quizPresentationOrFail } from "../rooms/quiz-access";
import { IdParam, valid } from "../validation";

const PresentationParam = v.object({ presentationId: IdParam });

/** The question editor's API: moderators and the presentation's own speaker. */
export const quizAuthoringRoutes = new Hono<AppEnv & SessionEnv>()
  .get("/quiz/:presentationId/questions", requireSession, valid("param", PresentationParam), async (c) => {
    const presentation = await quizPresentationOrFail(c.var.db, c.req.valid("param").presentationId);
    assertQuizModerator(c.var.session, presentation);
    return c.json({ data: { questions: await listQuestions(c.var.db, presentation.id) } }, 200);
  })
  .put(
    "/quiz/:presentationId/questions",
    requireSession,
    valid("param", PresentationParam),
    valid("json", QuestionsInput),
    async (c) => {
      const presentation = await quizPresentationOrFail(c.var.db, c.req.valid("param").presentationId);
      assertQuizModerator(c.var.session, presentation);
      const questions = await replaceQuestions(c.var.db, presentation.id, c.req.valid("json").questions);
      return c.json({ data: { questions } }, 200);
    },
  );
