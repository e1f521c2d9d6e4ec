import { Hono } from "hono";
import * as v from "valibot";
import { publicQuizQuestions } from "../../core/quiz/public-questions";
import type { AppEnv } from "../app-env";
import { assertEventPassword } from "../auth/event-access";
import { findEventById } from "../db/queries/events";
import { listQuestions } from "../db/queries/quiz-authoring";
import { quizPresentationOrFail } from "../rooms/quiz-access";
import { IdParam, valid } from "../validation";

/**
 * The texts of a live quiz for the big screen and the players: the quiz room holds only ids.
 * Anyone who can see the event may read them (`?password=` for a protected event); correct
 * options stay with the moderator, who gets them in the room's state.
 */
export const quizQuestionRoutes = new Hono<AppEnv>().get(
  "/quiz/:presentationId/questions/public",
  valid("param", v.object({ presentationId: IdParam })),
  valid("query", v.object({ password: v.optional(v.pipe(v.string(), v.maxLength(200))) })),
  async (c) => {
    const presentation = await quizPresentationOrFail(c.var.db, c.req.valid("param").presentationId);
    const event = await findEventById(c.var.db, presentation.eventId);
    await assertEventPassword(event?.passwordHash ?? null, c.req.valid("query").password);
    const questions = publicQuizQuestions(await listQuestions(c.var.db, presentation.id));
    return c.json({ data: { questions } }, 200);
  },
);
