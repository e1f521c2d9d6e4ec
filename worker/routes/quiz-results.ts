import { DomainError, ErrorCode } from "@core/errors";
import {
  mayReadResults,
  type QuizResultsView,
  type QuizStatusView,
  questionsWithVotes,
  rankPlayers,
} from "@core/quiz/leaderboard-table";
import { canManageQuiz } from "@core/quiz/permissions";
import { quizEntryFacts } from "@core/quiz/quiz-entry";
import { resultsCsv } from "@core/quiz/results-csv";
import { type Context, Hono } from "hono";
import enLabels from "../../locales/en/quiz-results-export.json";
import frLabels from "../../locales/fr/quiz-results-export.json";
import type { AppEnv } from "../app-env";
import { requireSession, type SessionEnv } from "../auth/session";
import type { Database } from "../db/client";
import { findQuizSession } from "../db/queries/quiz";
import {
  countOptionVotes,
  countQuestionPlayers,
  findQuizContent,
  listAnswerRecords,
  listLivePlayerTotals,
  listSelfPacedPlayerTotals,
} from "../db/queries/quiz-results";
import { listVisibleQuestions, loadQuizActivity } from "../db/queries/quiz-self-paced";
import { requestLocale } from "../errors";
import { valid } from "../validation";
import { QuizPasswordQuery } from "./quiz-password-query";
import { openRouteManagedQuiz, openRouteQuiz, QuizPresentationParam, type QuizRouteInput } from "./quiz-route-context";

const CSV_LABELS = { fr: frLabels, en: enLabels };

/**
 * The presentation, once the caller may read its results: whoever manages the quiz, always;
 * other members of the event once the results window is open or the live quiz has ended.
 */
async function readableResults<E extends AppEnv & SessionEnv, I extends QuizRouteInput>(c: Context<E, string, I>) {
  const { db, session } = c.var;
  const presentation = await openRouteQuiz(c);
  const [quiz, liveQuiz] = await Promise.all([
    loadQuizActivity(db, presentation.id, Date.now()),
    findQuizSession(db, presentation.id),
  ]);
  const access = {
    managesQuiz: canManageQuiz(session.member, presentation.speakerId),
    resultsWindowOpen: quiz.activity.non_live_results_active,
    liveQuizFinished: liveQuiz?.status === "finished",
  };
  if (!mayReadResults(access)) throw new DomainError(ErrorCode.ResultsNotOpen);
  return presentation;
}

/** Live players and self-paced users in one ranking. */
async function mergedLeaderboard(db: Database, presentationId: number) {
  const [live, selfPaced] = await Promise.all([
    listLivePlayerTotals(db, presentationId),
    listSelfPacedPlayerTotals(db, presentationId),
  ]);
  return rankPlayers([...live, ...selfPaced]);
}

/**
 * The results page (spec §2 quiz-results), its leaderboard sidebar, the export, and the status
 * the quiz entries read (public, like the questions' words).
 */
export const quizResultRoutes = new Hono<AppEnv & SessionEnv>()
  .get(
    "/quiz/:presentationId/results",
    requireSession,
    valid("param", QuizPresentationParam),
    valid("query", QuizPasswordQuery),
    async (c) => {
      const { db } = c.var;
      const presentation = await readableResults(c);
      const [leaderboard, questions, votes, players] = await Promise.all([
        mergedLeaderboard(db, presentation.id),
        listVisibleQuestions(db, presentation.id),
        countOptionVotes(db, presentation.id),
        countQuestionPlayers(db, presentation.id),
      ]);
      const data: QuizResultsView = { leaderboard, questions: questionsWithVotes(questions, votes, players) };
      return c.json({ data }, 200);
    },
  )
  .get(
    "/quiz/:presentationId/leaderboard",
    requireSession,
    valid("param", QuizPresentationParam),
    valid("query", QuizPasswordQuery),
    async (c) => {
      const { db } = c.var;
      const presentation = await readableResults(c);
      return c.json({ data: { leaderboard: await mergedLeaderboard(db, presentation.id) } }, 200);
    },
  )
  // Downloaded with fetch and the bearer header: a token never travels in a URL (the event's
  // password does, as on every call of a protected event).
  .get(
    "/quiz/:presentationId/results.csv",
    requireSession,
    valid("param", QuizPresentationParam),
    valid("query", QuizPasswordQuery),
    async (c) => {
      const { db } = c.var;
      const presentation = await openRouteManagedQuiz(c);
      const [leaderboard, questions, answers] = await Promise.all([
        mergedLeaderboard(db, presentation.id),
        listVisibleQuestions(db, presentation.id),
        listAnswerRecords(db, presentation.id),
      ]);
      const csv = resultsCsv({ labels: CSV_LABELS[requestLocale(c)], leaderboard, questions, answers });
      return c.body(csv, 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="quiz-results-${presentation.id}.csv"`,
      });
    },
  )
  .get(
    "/quiz/:presentationId/status",
    valid("param", QuizPresentationParam),
    valid("query", QuizPasswordQuery),
    async (c) => {
      const { db } = c.var;
      const presentation = await openRouteQuiz(c);
      const now = Date.now();
      const [quiz, content, liveQuiz] = await Promise.all([
        loadQuizActivity(db, presentation.id, now),
        findQuizContent(db, presentation.id),
        findQuizSession(db, presentation.id),
      ]);
      const facts = quizEntryFacts(
        {
          live: quiz.live,
          windows: quiz.windows,
          hasQuestions: content.hasQuestions,
          liveStatus: liveQuiz?.status ?? "none",
        },
        now,
      );
      const data: QuizStatusView = { ...facts, has_results: content.hasResults };
      return c.json({ data }, 200);
    },
  );
