import type { QuizQuestion } from "@core/quiz/model";
import type { LeaderboardEntry } from "@core/quiz/selectors";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../client";
import {
  events,
  presentations,
  quizAnswers,
  quizOptions,
  quizPlayers,
  quizQuestions,
  quizResults,
  quizSessions,
} from "../schema";

/** A presentation's quiz fields, with what of its event decides who reaches the quiz (worker/rooms/quiz-access.ts). */
export function findQuizPresentation(db: Database, presentationId: number) {
  return db
    .select({
      id: presentations.id,
      eventId: presentations.eventId,
      speakerId: presentations.speakerId,
      live: presentations.live,
      timer: presentations.timer,
      name: presentations.name,
      eventPasswordHash: events.passwordHash,
      eventHasQuiz: events.quiz,
      eventAllowsAnonymous: events.allowAnonymousAccess,
    })
    .from(presentations)
    .innerJoin(events, eq(events.id, presentations.eventId))
    .where(and(eq(presentations.id, presentationId), eq(presentations.archived, false)))
    .get();
}

/** The visible questions of a presentation in order, frozen for a live quiz. */
export async function loadQuizQuestions(
  db: Database,
  presentationId: number,
  timerSeconds: number,
): Promise<QuizQuestion[]> {
  const questions = await db
    .select({ id: quizQuestions.id, isSurvey: quizQuestions.isSurvey })
    .from(quizQuestions)
    .where(and(eq(quizQuestions.presentationId, presentationId), eq(quizQuestions.visible, true)))
    .orderBy(asc(quizQuestions.order), asc(quizQuestions.id));
  if (questions.length === 0) return [];
  const options = await db
    .select({ id: quizOptions.id, questionId: quizOptions.questionId, correct: quizOptions.correct })
    .from(quizOptions)
    // A subquery, not a list of ids: one bound parameter however many questions there are.
    .where(
      inArray(
        quizOptions.questionId,
        db.select({ id: quizQuestions.id }).from(quizQuestions).where(eq(quizQuestions.presentationId, presentationId)),
      ),
    )
    .orderBy(asc(quizOptions.order), asc(quizOptions.id));
  return questions.map((question) => {
    const own = options.filter((option) => option.questionId === question.id);
    return {
      id: question.id,
      isSurvey: question.isSurvey,
      optionIds: own.map((option) => option.id),
      correctOptionIds: question.isSurvey ? [] : own.filter((option) => option.correct).map((option) => option.id),
      limitMs: timerSeconds * 1000,
    };
  });
}

export function findQuizSession(db: Database, presentationId: number) {
  return db.select().from(quizSessions).where(eq(quizSessions.presentationId, presentationId)).get();
}

export function findOpenQuizByCode(db: Database, code: string) {
  return db
    .select()
    .from(quizSessions)
    .where(and(eq(quizSessions.code, code), inArray(quizSessions.status, ["lobby", "running"])))
    .get();
}

/**
 * The quiz a join code names: an open one (lobby or running) first, as only open quizzes keep
 * their code unique; else a finished one, whose players are shown its final results. Given the
 * event whose join page the code was typed on, only that event's quizzes count: another event's
 * quiz is no quiz here, and a finished quiz of this event keeps its code even when another
 * event's open quiz has drawn the same one since.
 */
export function findQuizByCode(db: Database, code: string, eventSlug?: string) {
  const ofEvent =
    eventSlug === undefined
      ? undefined
      : inArray(
          quizSessions.presentationId,
          db
            .select({ id: presentations.id })
            .from(presentations)
            .innerJoin(events, eq(events.id, presentations.eventId))
            .where(eq(events.slug, eventSlug)),
        );
  return db
    .select()
    .from(quizSessions)
    .where(and(eq(quizSessions.code, code), ofEvent))
    .orderBy(sql`${quizSessions.status} = 'finished'`)
    .get();
}

/**
 * Opens the presentation's quiz under a join code. A quiz that has one keeps it, finished or not
 * (a finished quiz runs again only through a reset), so concurrent calls all end up with the same.
 */
export async function openQuizSession(db: Database, presentationId: number, code: string) {
  await db.insert(quizSessions).values({ presentationId, code, status: "lobby" }).onConflictDoNothing();
  return findQuizSession(db, presentationId);
}

/**
 * A new run of the quiz (after the room's `quiz_reset`): a fresh lobby under a new join code, and
 * the live projections of the previous run gone (its leaderboard, live answers and nicknames), so
 * the results page shows the new run and every nickname is free again. The previous run stays in
 * the room's log (exported per run). Self-paced answers are kept: they are not a run's.
 */
export async function startNewQuizRun(db: Database, presentationId: number, code: string) {
  await db.batch([
    db.delete(quizResults).where(eq(quizResults.presentationId, presentationId)),
    db.delete(quizAnswers).where(and(eq(quizAnswers.presentationId, presentationId), eq(quizAnswers.mode, "live"))),
    db.delete(quizPlayers).where(eq(quizPlayers.presentationId, presentationId)),
    db
      .insert(quizSessions)
      .values({ presentationId, code, status: "lobby" })
      .onConflictDoUpdate({ target: quizSessions.presentationId, set: { code, status: "lobby" } }),
  ]);
}

export async function setQuizStatus(db: Database, presentationId: number, status: "lobby" | "running" | "finished") {
  await db.update(quizSessions).set({ status }).where(eq(quizSessions.presentationId, presentationId));
}

export function findQuizPlayerByName(db: Database, presentationId: number, name: string) {
  return (
    db
      .select()
      .from(quizPlayers)
      // Nicknames are unique regardless of case: "Ana" and "ana" would confuse the podium.
      .where(and(eq(quizPlayers.presentationId, presentationId), sql`lower(${quizPlayers.name}) = lower(${name})`))
      .get()
  );
}

/** `userId`: the signed-in member who joined in one tap, null for a nickname joining with the code. */
export async function createQuizPlayer(
  db: Database,
  presentationId: number,
  name: string,
  deviceId: string,
  userId: number | null,
) {
  return db.insert(quizPlayers).values({ presentationId, name, deviceId, userId }).returning().get();
}

/**
 * Leaderboard rows per statement. Each statement binds its rows as one JSON parameter, so a quiz
 * of thousands of players needs a handful of statements, not one per player (D1 counts every
 * statement of a batch against the 1,000 queries an invocation may make).
 */
const RESULTS_PER_STATEMENT = 1_000;

/**
 * The leaderboard projection that result pages read, replaced as a whole in one batch. Only
 * ranked players are stored: one who never answered has no rank anywhere (core/quiz/ranking.ts).
 */
export async function saveLeaderboard(db: Database, presentationId: number, leaderboard: LeaderboardEntry[]) {
  const entries = leaderboard.filter((entry) => entry.rank !== null);
  const statements: BatchItem<"sqlite">[] = [
    db.delete(quizResults).where(eq(quizResults.presentationId, presentationId)),
  ];
  for (let start = 0; start < entries.length; start += RESULTS_PER_STATEMENT) {
    const rows = entries.slice(start, start + RESULTS_PER_STATEMENT).map((entry) => ({
      playerKey: entry.playerId,
      name: entry.name,
      points: entry.points,
      totalTimeMs: entry.totalTimeMs,
      rank: entry.rank,
    }));
    // Every column in the table's order: presentation, player, name, photo (none live), points, time, rank.
    statements.push(
      db.insert(quizResults).select(sql`
        select ${presentationId}, json_extract(value, '$.playerKey'), json_extract(value, '$.name'), null,
               json_extract(value, '$.points'), json_extract(value, '$.totalTimeMs'), json_extract(value, '$.rank')
        from json_each(${JSON.stringify(rows)})`),
    );
  }
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

export function findQuestionPresentation(db: Database, questionId: number) {
  return db
    .select({ presentationId: quizQuestions.presentationId })
    .from(quizQuestions)
    .where(eq(quizQuestions.id, questionId))
    .get();
}
