import { DomainError, ErrorCode } from "@core/errors";
import type { SelfPacedAnswer, SelfPacedSourceQuestion } from "@core/quiz/self-paced";
import { selfPacedActivity } from "@core/quiz/settings";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { fileUrl } from "../../files/pictures";
import type { Database } from "../client";
import { everyListed } from "../owned-ids";
import { quizAnswers, quizOptions, quizQuestions, quizQuestionViews } from "../schema";
import { listQuestions } from "./quiz-authoring";
import { loadQuizSettings } from "./quiz-settings";

/** Live or self-paced, the timer, and which self-paced windows are open at `now`. */
export async function loadQuizActivity(db: Database, presentationId: number, now: number) {
  const settings = await loadQuizSettings(db, presentationId);
  if (!settings) throw new DomainError(ErrorCode.PresentationNotFound);
  return {
    live: settings.live,
    timerSeconds: settings.timer,
    windows: settings.windows,
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

/** The question is still a visible one of the presentation: checked in the statement that writes. */
const stillVisible = (presentationId: number, questionId: number) => sql`exists (
  select 1 from ${quizQuestions}
  where ${quizQuestions.id} = ${questionId} and ${quizQuestions.presentationId} = ${presentationId}
    and ${quizQuestions.visible} = 1)`;

const optionOf = (questionId: number, id: SQL) =>
  sql`exists (select 1 from ${quizOptions} where ${quizOptions.id} = ${id} and ${quizOptions.questionId} = ${questionId})`;

/**
 * Records that the user is being shown the question now, unless they were before, and answers
 * the first moment. One statement: the conflict branch keeps the stored time and returns it. A
 * question removed meanwhile by the editor records nothing (its answer will be refused).
 */
export async function recordQuestionView(
  db: Database,
  view: { presentationId: number; questionId: number; userId: number; now: number },
): Promise<number> {
  const [row] = await db.all<{ shownAt: number }>(sql`
    insert into ${quizQuestionViews} (presentation_id, question_id, user_id, shown_at)
    select ${view.presentationId}, ${view.questionId}, ${view.userId}, ${view.now}
    where ${stillVisible(view.presentationId, view.questionId)}
    on conflict (question_id, user_id) do update set shown_at = shown_at
    returning shown_at as shownAt`);
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
 * Stores a self-paced answer, in one statement that also decides the races: the unique index on
 * (question, player) lets only one of two concurrent submissions count (the other is
 * `already-answered`), a question the editor removed or hid since it was read is
 * `no-such-question`, never a broken reference, and an option id that is not (or no longer) one
 * of the question's is `invalid-options`.
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
): Promise<void> {
  const inserted = await db.all<{ id: number }>(sql`
    insert into ${quizAnswers}
      (presentation_id, question_id, player_key, option_ids, elapsed_ms, correct, points, mode)
    select ${answer.presentationId}, ${answer.questionId}, ${answer.playerKey}, ${JSON.stringify(answer.optionIds)},
           ${answer.elapsedMs}, ${answer.correct ? 1 : 0}, ${answer.points}, 'self'
    where ${stillVisible(answer.presentationId, answer.questionId)}
      and ${everyListed(answer.optionIds, (id) => optionOf(answer.questionId, id))}
    on conflict (question_id, player_key) do nothing
    returning id`);
  if (inserted.length > 0) return;
  const existing = await db
    .select({ id: quizAnswers.id })
    .from(quizAnswers)
    .where(and(eq(quizAnswers.questionId, answer.questionId), eq(quizAnswers.playerKey, answer.playerKey)))
    .get();
  if (existing) throw new DomainError(ErrorCode.AlreadyAnswered);
  const [visible] = await db.all<{ visible: number }>(
    sql`select ${stillVisible(answer.presentationId, answer.questionId)} as visible`,
  );
  throw new DomainError(visible?.visible ? ErrorCode.InvalidOptions : ErrorCode.NoSuchQuestion);
}
