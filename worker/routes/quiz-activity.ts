import { quizActivity } from "@core/quiz/active-quizzes";
import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { assertEventMemberUnlessOpen } from "../auth/event-access";
import { findEventBySlug } from "../db/queries/events";
import { loadSelfPacedQuizSettings } from "../db/queries/quiz-activity";
import { assertQuizActivityVisible } from "../room-access/quiz-activity-access";
import { SlugParam, valid } from "../validation";

/**
 * The presentations of an event with self-paced questions or results open now: the first paint of
 * the synopsis' 'active quizzes only' filter, and the fallback of its activity room.
 */
export const quizActivityRoutes = new Hono<AppEnv>().get(
  "/quiz/active",
  valid("query", v.object({ slug: SlugParam, password: v.optional(v.pipe(v.string(), v.maxLength(200))) })),
  async (c) => {
    const { slug, password } = c.req.valid("query");
    const event = await assertQuizActivityVisible(await findEventBySlug(c.var.db, slug), password);
    await assertEventMemberUnlessOpen(c, event);
    const { presentations } = quizActivity(await loadSelfPacedQuizSettings(c.var.db, event.id), Date.now());
    return c.json({ data: { presentations } }, 200);
  },
);
