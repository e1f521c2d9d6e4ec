import { DomainError, ErrorCode } from "@core/errors";
import { Id } from "@core/ids";
import { scoreAnswer } from "@core/quiz/scoring";
import {
  checkedOptionIds,
  nextUnanswered,
  type SelfPacedAnswerReceipt,
  scoringQuestion,
  selfPacedElapsedMs,
  selfPacedPlayerKey,
  selfPacedView,
} from "@core/quiz/self-paced";
import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { requireSession, type SessionEnv } from "../auth/session";
import { limitBody, SMALL_JSON_BYTES } from "../body-limit";
import {
  findQuestionShownAt,
  insertSelfPacedAnswer,
  listPlayerAnswers,
  listVisibleQuestions,
  loadQuizActivity,
  recordQuestionView,
} from "../db/queries/quiz-self-paced";
import { valid } from "../validation";
import { QuizPasswordQuery } from "./quiz-password-query";
import { openRouteQuiz, QuizPresentationParam } from "./quiz-route-context";

/** Which options are acceptable is the question's business (invalid-options); this only bounds the body. */
const AnswerBody = v.object({ questionId: Id, optionIds: v.pipe(v.array(Id), v.maxLength(100)) });

/** The self-paced quiz of an attendee logged in to the presentation's event (spec §4 non-live view). */
export const quizSelfPacedRoutes = new Hono<AppEnv & SessionEnv>()
  .get(
    "/quiz/:presentationId/self-paced",
    requireSession,
    valid("param", QuizPresentationParam),
    valid("query", QuizPasswordQuery),
    async (c) => {
      const { db, session } = c.var;
      const presentation = await openRouteQuiz(c);
      const now = Date.now();
      const quiz = await loadQuizActivity(db, presentation.id, now);
      const [questions, answers] = await Promise.all([
        listVisibleQuestions(db, presentation.id),
        listPlayerAnswers(db, presentation.id, selfPacedPlayerKey(session.user.id)),
      ]);
      const next =
        !quiz.live && quiz.activity.non_live_questions_active ? nextUnanswered(questions, answers) : undefined;
      // Serving the question starts its clock for this user, once: a reload does not restart it.
      const served = next
        ? {
            question: next,
            shownAt: await recordQuestionView(db, {
              presentationId: presentation.id,
              questionId: next.id,
              userId: session.user.id,
              now,
            }),
          }
        : null;
      return c.json({ data: selfPacedView({ ...quiz, questions, answers, served, now }) }, 200);
    },
  )
  .post(
    "/quiz/:presentationId/answers",
    requireSession,
    limitBody(SMALL_JSON_BYTES),
    valid("param", QuizPresentationParam),
    valid("query", QuizPasswordQuery),
    valid("json", AnswerBody),
    async (c) => {
      const { db, session } = c.var;
      const presentation = await openRouteQuiz(c);
      const now = Date.now();
      const quiz = await loadQuizActivity(db, presentation.id, now);
      if (quiz.live) throw new DomainError(ErrorCode.QuizIsLive);
      if (!quiz.activity.non_live_questions_active) throw new DomainError(ErrorCode.QuizNotOpen);
      const body = c.req.valid("json");
      const question = (await listVisibleQuestions(db, presentation.id)).find((q) => q.id === body.questionId);
      if (!question) throw new DomainError(ErrorCode.NoSuchQuestion);
      const optionIds = checkedOptionIds(question, body.optionIds);
      const shownAt = await findQuestionShownAt(db, question.id, session.user.id);
      const elapsedMs = selfPacedElapsedMs(shownAt, now, quiz.timerSeconds * 1000);
      const score = scoreAnswer(scoringQuestion(question, quiz.timerSeconds), optionIds, elapsedMs);
      await insertSelfPacedAnswer(db, {
        presentationId: presentation.id,
        questionId: question.id,
        playerKey: selfPacedPlayerKey(session.user.id),
        optionIds,
        elapsedMs,
        correct: score.correct === true,
        points: score.points,
      });
      const receipt: SelfPacedAnswerReceipt = { correct: score.correct, points: score.points, elapsed_ms: elapsedMs };
      return c.json({ data: receipt }, 201);
    },
  );
