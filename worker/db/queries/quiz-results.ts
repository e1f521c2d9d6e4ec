import { ANONYMOUS_PLAYER_PREFIX } from "@core/personal-data/account-deletion";
import type { AnswerRow } from "@core/quiz/answer-projection";
import type { PlayerTotals } from "@core/quiz/leaderboard-table";
import type { AnswerRecord } from "@core/quiz/results-csv";
import { SELF_PACED_KEY_PREFIX } from "@core/quiz/self-paced";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../client";
import { quizAnswers, quizQuestions, quizResults, users } from "../schema";

/** The live quiz's leaderboard as the room last wrote it: its ranked players (who answered something). */
export function listLivePlayerTotals(db: Database, presentationId: number): Promise<PlayerTotals[]> {
  return db
    .select({
      playerKey: quizResults.playerKey,
      name: quizResults.name,
      photo: quizResults.photo,
      points: quizResults.points,
      totalTimeMs: quizResults.totalTimeMs,
      answered: sql<number>`1`.mapWith(Number),
    })
    .from(quizResults)
    .where(eq(quizResults.presentationId, presentationId));
}

/** The self-paced users' totals, with their account's name and picture. */
export function listSelfPacedPlayerTotals(db: Database, presentationId: number): Promise<PlayerTotals[]> {
  // `user:<id>` keys: the id is what follows the prefix, so the join uses the users' primary key.
  const userId = sql`cast(substr(${quizAnswers.playerKey}, ${SELF_PACED_KEY_PREFIX.length + 1}) as integer)`;
  return db
    .select({
      playerKey: quizAnswers.playerKey,
      // A deleted account's results keep their points under an anonymous name.
      name: sql<string>`case when ${users.deletedAt} is null then ${users.name}
        else ${ANONYMOUS_PLAYER_PREFIX} || ${quizAnswers.playerKey} end`,
      photo: users.picture,
      points: sql<number>`sum(${quizAnswers.points})`.mapWith(Number),
      totalTimeMs: sql<number>`sum(${quizAnswers.elapsedMs})`.mapWith(Number),
      answered: sql<number>`count(*)`.mapWith(Number),
    })
    .from(quizAnswers)
    .innerJoin(users, eq(users.id, userId))
    .where(and(eq(quizAnswers.presentationId, presentationId), eq(quizAnswers.mode, "self")))
    .groupBy(quizAnswers.playerKey, users.id);
}

/** How many answers, live and self-paced, chose each option of the presentation's questions. */
export async function countOptionVotes(db: Database, presentationId: number): Promise<Map<number, number>> {
  const rows = await db.all<{ optionId: number; votes: number }>(sql`
    select chosen.value as optionId, count(*) as votes
    from ${quizAnswers}, json_each(${quizAnswers.optionIds}) as chosen
    where ${quizAnswers.presentationId} = ${presentationId}
    group by chosen.value`);
  return new Map(rows.map((row) => [Number(row.optionId), Number(row.votes)]));
}

/** How many players, live and self-paced, answered each of the presentation's questions. */
export async function countQuestionPlayers(db: Database, presentationId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ questionId: quizAnswers.questionId, players: sql<number>`count(*)`.mapWith(Number) })
    .from(quizAnswers)
    .where(eq(quizAnswers.presentationId, presentationId))
    .groupBy(quizAnswers.questionId);
  return new Map(rows.map((row) => [row.questionId, row.players]));
}

/** Every stored answer of the presentation, for the results export. */
export function listAnswerRecords(db: Database, presentationId: number): Promise<AnswerRecord[]> {
  return db
    .select({
      playerKey: quizAnswers.playerKey,
      questionId: quizAnswers.questionId,
      optionIds: quizAnswers.optionIds,
      correct: quizAnswers.correct,
    })
    .from(quizAnswers)
    .where(eq(quizAnswers.presentationId, presentationId));
}

/** Whether the presentation `presentationId` names has a question attendees see. */
export const hasVisibleQuestions = (presentationId: SQL) => sql`exists(select 1 from ${quizQuestions}
  where ${quizQuestions.presentationId} = ${presentationId} and ${quizQuestions.visible} = 1)`;

/** Whether the quiz has visible questions, and whether any answer (or live leaderboard) is stored. */
export async function findQuizContent(db: Database, presentationId: number) {
  const row = await db.get<{ hasQuestions: number; hasResults: number }>(sql`
    select
      ${hasVisibleQuestions(sql`${presentationId}`)} as hasQuestions,
      (exists(select 1 from ${quizAnswers} where ${quizAnswers.presentationId} = ${presentationId})
       or exists(select 1 from ${quizResults} where ${quizResults.presentationId} = ${presentationId})) as hasResults`);
  return { hasQuestions: Boolean(row?.hasQuestions), hasResults: Boolean(row?.hasResults) };
}

/**
 * Answers per statement, bound as one JSON parameter (about 100 bytes an answer, far under D1's
 * 2 MB per value): the final of 50 questions and 5,000 players writes in 125 statements.
 */
const ANSWERS_PER_STATEMENT = 2_000;

/**
 * The live room's answers, projected into `quiz_answers`. Idempotent: an answer already stored
 * is left as it is (a live answer never changes once given), so the room may write again.
 * Answers to a question the editor removed during the quiz are skipped: one missing question
 * must not make the whole statement, and the other questions' answers in it, fail.
 */
export async function saveLiveAnswers(db: Database, presentationId: number, answers: readonly AnswerRow[]) {
  for (let start = 0; start < answers.length; start += ANSWERS_PER_STATEMENT) {
    const chunk = JSON.stringify(answers.slice(start, start + ANSWERS_PER_STATEMENT));
    // A where clause lets SQLite tell the upsert clause from a join constraint after a select.
    await db.run(sql`
      insert into ${quizAnswers}
        (presentation_id, question_id, player_key, option_ids, elapsed_ms, correct, points, mode)
      select ${presentationId}, json_extract(value, '$.questionId'), json_extract(value, '$.playerKey'),
             json_extract(value, '$.optionIds'), json_extract(value, '$.elapsedMs'),
             json_extract(value, '$.correct'), json_extract(value, '$.points'), 'live'
      from json_each(${chunk})
      where json_extract(value, '$.questionId') in
        (select ${quizQuestions.id} from ${quizQuestions} where ${quizQuestions.presentationId} = ${presentationId})
      on conflict (question_id, player_key) do nothing`);
  }
}
