import { DomainError, ErrorCode } from "@core/errors";
import { QuizSettingsInput, type QuizWindows, selfPacedActivity } from "@core/quiz/settings";
import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { requireSession, type SessionEnv } from "../auth/session";
import { loadQuizSettings, saveQuizSettings } from "../db/queries/quiz-settings";
import { refreshQuizActivity } from "../room-feeds/quiz-activity-feed";
import { valid } from "../validation";
import { QuizPasswordQuery } from "./quiz-password-query";
import { openRouteManagedQuiz, QuizPresentationParam } from "./quiz-route-context";

const iso = (instant: number) => new Date(instant).toISOString();

function settingsView(settings: { live: boolean; timer: number; windows: QuizWindows }, now = Date.now()) {
  return {
    live: settings.live,
    timer: settings.timer,
    questions_from_time: iso(settings.windows.questionsFrom),
    questions_to_time: iso(settings.windows.questionsTo),
    results_from_time: iso(settings.windows.resultsFrom),
    results_to_time: iso(settings.windows.resultsTo),
    ...selfPacedActivity(settings.live, settings.windows, now),
  };
}

/** The moderator sidebar's quiz settings: moderators and the presentation's own speaker. */
export const quizSettingsRoutes = new Hono<AppEnv & SessionEnv>()
  .get(
    "/quiz/:presentationId/settings",
    requireSession,
    valid("param", QuizPresentationParam),
    valid("query", QuizPasswordQuery),
    async (c) => {
      const presentation = await openRouteManagedQuiz(c);
      const settings = await loadQuizSettings(c.var.db, presentation.id);
      if (!settings) throw new DomainError(ErrorCode.PresentationNotFound);
      return c.json({ data: settingsView(settings) }, 200);
    },
  )
  .put(
    "/quiz/:presentationId/settings",
    requireSession,
    valid("param", QuizPresentationParam),
    valid("query", QuizPasswordQuery),
    valid("json", QuizSettingsInput),
    async (c) => {
      const presentation = await openRouteManagedQuiz(c);
      await saveQuizSettings(c.var.db, presentation.id, c.req.valid("json"));
      await refreshQuizActivity(c.env, presentation.eventId);
      const settings = await loadQuizSettings(c.var.db, presentation.id);
      if (!settings) throw new DomainError(ErrorCode.PresentationNotFound);
      return c.json({ data: settingsView(settings) }, 200);
    },
  );
