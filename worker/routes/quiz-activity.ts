import { quizActivity } from "@core/quiz/active-quizzes";
import { quizEntryFacts } from "@core/quiz/quiz-entry";
import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { assertEventMemberUnlessOpen } from "../auth/event-access";
import { findEventBySlug } from "../db/queries/events";
import { listEventQuizStates, loadSelfPacedQuizSettings } from "../db/queries/quiz-activity";
import { assertQuizActivityVisible } from "../room-access/quiz-activity-access";
import { CALLER_ANSWER_CACHE_CONTROL } from "../security-headers";
import { SlugParam, valid } from "../validation";

const EventQuizQuery = v.object({ slug: SlugParam, password: v.optional(v.pipe(v.string(), v.maxLength(200))) });

/**
 * Event-wide quiz reads, as open as the public schedule: the presentations with self-paced
 * questions or results open now (the first paint of the synopsis' 'active quizzes only' filter,
 * and the fallback of its activity room), and every presentation's public quiz status (what the
 * schedule's QUIZ entries read, in one call rather than one per card).
 */
export const quizActivityRoutes = new Hono<AppEnv>()
  .get("/quiz/active", valid("query", EventQuizQuery), async (c) => {
    const { slug, password } = c.req.valid("query");
    const event = await assertQuizActivityVisible(await findEventBySlug(c.var.db, slug), password);
    await assertEventMemberUnlessOpen(c, event);
    const { presentations } = quizActivity(await loadSelfPacedQuizSettings(c.var.db, event.id), Date.now());
    return c.json({ data: { presentations } }, 200);
  })
  .get("/quiz/statuses", valid("query", EventQuizQuery), async (c) => {
    const { slug, password } = c.req.valid("query");
    const event = await assertQuizActivityVisible(await findEventBySlug(c.var.db, slug), password);
    await assertEventMemberUnlessOpen(c, event);
    const now = Date.now();
    const presentations = (await listEventQuizStates(c.var.db, event.id)).map(({ id, ...quiz }) => ({
      id,
      ...quizEntryFacts(quiz, now),
    }));
    // A lobby opens at any moment: no cache keeps an answer, an anonymous caller's included.
    c.header("cache-control", CALLER_ANSWER_CACHE_CONTROL);
    return c.json({ data: { presentations } }, 200);
  });
