import { MAX_PICTURE_BYTES } from "@core/auth/schemas";
import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { requireSession, type SessionEnv } from "../auth/session";
import { limitBody } from "../body-limit";
import { storeQuizImage } from "../files/quiz-media";
import { valid } from "../validation";
import { QuizPasswordQuery } from "./quiz-password-query";
import { openRouteManagedQuiz, QuizPresentationParam } from "./quiz-route-context";

/**
 * Question images (live quiz spec §5): moderators and the presentation's own speaker. Question
 * videos go through the tus uploads (`kind: quiz-video`, docs/uploads.md).
 */
export const quizMediaRoutes = new Hono<AppEnv & SessionEnv>().put(
  "/quiz/:presentationId/media/image",
  requireSession,
  limitBody(MAX_PICTURE_BYTES),
  valid("param", QuizPresentationParam),
  valid("query", QuizPasswordQuery),
  async (c) => {
    const presentation = await openRouteManagedQuiz(c);
    return c.json({ data: { image: await storeQuizImage(c.env.FILES, presentation.id, c.req.raw) } }, 201);
  },
);
