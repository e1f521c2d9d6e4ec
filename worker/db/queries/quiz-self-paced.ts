import { and, eq } from "drizzle-orm";
import { DomainError, ErrorCode } from "../../../core/errors";
import type { SelfPacedAnswer, SelfPacedSourceQuestion } from "../../../core/quiz/self-paced";
import { selfPacedActivity } from "../../../core/quiz/settings";
import { fileUrl } from "../../files/pictures";
import type { Database } from "../client";
import { quizAnswers, quizQuestionViews } from "../schema";
import { listQuestions } from "./quiz-authoring";
import { loadQuizSettings } from "./quiz-settings";

/** Live or self-paced, the timer, and which self-paced windows are open at `now`. */
export async function loadQuizActivity(db: Database, presentationId: number, now: number) {
  const settings = await loadQuizSettings(db, presentationId);
  if (!settings) throw new DomainError(ErrorCode.PresentationNotFound);
  return {
    live: settings.live,
    timerSeconds: settings.timer,
    activity: selfPacedActivity(settings.live, settings.windows, now),
  };
}

/** The questions attendees answer: the visible ones, in order, with their video's playable URL. */
export async function listVisibleQuestions(db: Database, presentationId: number): Promise<SelfPacedSourceQuestion[]> {
  const questions = await listQuestions(db, presentationId);
  return questions
    .filter((question) => question.visible)
    .map((question) => ({ ...question, video: question.video_key ? fileUrl(question.video_key) : null }));
}

/** One player's answers to a presentation's questions. */
export function listPlayerAnswers(db: Database, presentationId: number, playerKey: string): Promise<SelfPacedAnswer[]> {
  return db
    .select({
      questionId: quizAnswers.questionId,
      optionIds: quizAnswers.optionIds,
      correct: quizAnswers.correct,
      points: quizAnswers.points,
    })
    .from(quizAnswers)
    .where(and(eq(quizAnswers.presentationId, presentationId), eq(quizAnswers.playerKey, playerKey)));
}

/**
 * Records that the user is being shown the question now, unless they were before, and answers
 * the first moment. One statement: the conflict branch keeps the stored time and returns it.
 */
export async function recordQuestionView(
  db: Database,
  view: { presentationId: number; questionId: number; userId: number; now: number },
): Promise<number> {
  const row = await db
    .insert(quizQuestionViews)
    .values({
      presentationId: view.presentationId,
      questionId: view.questionId,
      userId: view.userId,
      shownAt: view.now,
    })
    .onConflictDoUpdate({
      target: [quizQuestionViews.questionId, quizQuestionViews.userId],
      set: { shownAt: quizQuestionViews.shownAt },
    })
    .returning({ shownAt: quizQuestionViews.shownAt })
    .get();
  return row?.shownAt ?? view.now;
}

export async function findQuestionShownAt(db: Database, questionId: number, userId: number) {
  const row = await db
    .select({ shownAt: quizQuestionViews.shownAt })
    .from(quizQuestionViews)
    .where(and(eq(quizQuestionViews.questionId, questionId), eq(quizQuestionViews.userId, userId)))
    .get();
  return row?.shownAt;
}

/**
 * Stores a self-paced answer unless the player answered this question already. The unique index
 * on (question, player) decides, so two concurrent submissions cannot both count.
 * Answers whether it was stored.
 */
export async function insertSelfPacedAnswer(
  db: Database,
  answer: {
    presentationId: number;
    questionId: number;
    playerKey: string;
    optionIds: number[];
    elapsedMs: number;
    correct: boolean;
    points: number;
  },
): Promise<boolean> {
  const inserted = await db
    .insert(quizAnswers)
    .values({ ...answer, mode: "self" })
    .onConflictDoNothing({ target: [quizAnswers.questionId, quizAnswers.playerKey] })
    .returning({ id: quizAnswers.id });
  return inserted.length > 0;
}
