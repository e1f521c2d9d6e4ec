import { DomainError, ErrorCode } from "@core/errors";
import { publicQuizQuestions } from "@core/quiz/public-questions";
import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { requireSession, type SessionEnv } from "../auth/session";
import { listQuestions } from "../db/queries/quiz-authoring";
import { ensureScreenLink, findScreenLink, replaceScreenLink } from "../db/queries/quiz-screen-links";
import { IdParam, valid } from "../validation";
import { QuizPasswordQuery } from "./quiz-password-query";
import { openRouteManagedQuiz, QuizPresentationParam } from "./quiz-route-context";

/** 32 random bytes in base64url: a screen link cannot be guessed. */
function newScreenToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export const ScreenToken = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/));

/**
 * The big screen's read-only link (`/screen/{token}`): the moderator copies it onto the
 * projector's computer, which then shows the quiz without anyone logging in there, even for an
 * event closed to anonymous visitors. Revoking gives a new link; screens on the old one are refused.
 */
export const quizScreenRoutes = new Hono<AppEnv & Partial<SessionEnv>>()
  .get(
    "/quiz/:presentationId/screen-link",
    requireSession,
    valid("param", QuizPresentationParam),
    valid("query", QuizPasswordQuery),
    async (c) => {
      const presentation = await openRouteManagedQuiz(c);
      return c.json({ token: await ensureScreenLink(c.var.db, presentation.id, newScreenToken()) }, 200);
    },
  )
  .post(
    "/quiz/:presentationId/screen-link/revoke",
    requireSession,
    valid("param", QuizPresentationParam),
    valid("query", QuizPasswordQuery),
    async (c) => {
      const presentation = await openRouteManagedQuiz(c);
      const token = newScreenToken();
      await replaceScreenLink(c.var.db, presentation.id, token);
      return c.json({ token }, 200);
    },
  )
  // What the screen link's page shows besides the room: the talk, the event, the join code, the texts.
  .get(
    "/quiz/screen/:token",
    valid("param", v.object({ token: ScreenToken })),
    // `run`: the run the screen is on, read by no one: it only keys caches, so a rerun's new code is
    // never answered from the previous run's copy.
    valid("query", v.object({ run: v.optional(IdParam) })),
    async (c) => {
      const link = await findScreenLink(c.var.db, c.req.valid("param").token);
      if (!link || link.archived) throw new DomainError(ErrorCode.NotFound);
      if (!link.eventHasQuiz) throw new DomainError(ErrorCode.QuizOff);
      const questions = publicQuizQuestions(await listQuestions(c.var.db, link.presentationId));
      return c.json(
        {
          event: {
            slug: link.eventSlug,
            name: link.eventName,
            logo: link.eventLogo,
            schedule_background_color: link.eventBackground,
            schedule_text_color: link.eventText,
          },
          presentation: { _id: link.presentationId, name: link.presentationName },
          code: link.code,
          questions,
        },
        200,
      );
    },
  );
