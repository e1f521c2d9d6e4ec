import type { QaQuestion, QaSettings, QaStatus } from "@core/qa/changes";
import { DEFAULT_QA_SETTINGS, QA_LIST_LIMIT } from "@core/qa/rules";
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../client";
import { talkQaSettings, talkQuestions, talkQuestionVotes, users } from "../schema";

/** A talk's Q&A settings (the defaults when none were saved) and the question on its big screen. */
export async function findQaSettings(
  db: Database,
  presentationId: number,
): Promise<QaSettings & { featuredId: number | null }> {
  const row = await db
    .select({
      requireApproval: talkQaSettings.requireApproval,
      allowAnonymous: talkQaSettings.allowAnonymous,
      featuredId: talkQaSettings.featuredQuestionId,
    })
    .from(talkQaSettings)
    .where(eq(talkQaSettings.presentationId, presentationId))
    .get();
  return row ?? { ...DEFAULT_QA_SETTINGS, featuredId: null };
}

export async function saveQaSettings(db: Database, presentationId: number, settings: QaSettings): Promise<void> {
  await db
    .insert(talkQaSettings)
    .values({ presentationId, ...settings })
    .onConflictDoUpdate({ target: talkQaSettings.presentationId, set: settings });
}

/**
 * Puts a question of the talk on its big screen (null: none). The question must be the talk's,
 * open or answered and not hidden, checked in the statement that writes: false when it is not.
 */
export async function setFeaturedQuestion(
  db: Database,
  presentationId: number,
  questionId: number | null,
): Promise<boolean> {
  if (questionId === null) {
    await db
      .insert(talkQaSettings)
      .values({ presentationId, featuredQuestionId: null })
      .onConflictDoUpdate({ target: talkQaSettings.presentationId, set: { featuredQuestionId: null } });
    return true;
  }
  const written = await db.run(sql`
    insert into ${talkQaSettings} (presentation_id, featured_question_id)
    select ${presentationId}, ${questionId} where exists (
      select 1 from ${talkQuestions} where ${talkQuestions.id} = ${questionId}
        and ${talkQuestions.presentationId} = ${presentationId}
        and ${talkQuestions.hidden} = 0 and ${talkQuestions.status} != 'pending')
    on conflict (presentation_id) do update set featured_question_id = excluded.featured_question_id`);
  return written.meta.changes > 0;
}

export async function createQuestion(
  db: Database,
  question: { presentationId: number; userId: number; body: string; anonymous: boolean; status: QaStatus },
): Promise<number> {
  const row = await db.insert(talkQuestions).values(question).returning({ id: talkQuestions.id }).get();
  return row.id;
}

/** A question with the talk it belongs to (for permission checks). */
export function findQuestion(db: Database, questionId: number) {
  return db
    .select({
      id: talkQuestions.id,
      presentationId: talkQuestions.presentationId,
      userId: talkQuestions.userId,
      status: talkQuestions.status,
      hidden: talkQuestions.hidden,
      votes: talkQuestions.votes,
    })
    .from(talkQuestions)
    .where(eq(talkQuestions.id, questionId))
    .get();
}

function viewColumns(viewerId: number | null) {
  return {
    id: talkQuestions.id,
    question: talkQuestions.body,
    created_at: talkQuestions.createdAt,
    votes: talkQuestions.votes,
    status: talkQuestions.status,
    hidden: talkQuestions.hidden,
    // Nobody is shown who asked an anonymous question, nor the name of a deleted account.
    author: sql<
      string | null
    >`case when ${talkQuestions.anonymous} = 1 or ${users.deletedAt} is not null then null else ${users.name} end`,
    voted: viewerId
      ? sql<number>`exists (select 1 from ${talkQuestionVotes} where ${talkQuestionVotes.questionId} = ${talkQuestions.id} and ${talkQuestionVotes.userId} = ${viewerId})`
      : sql<number>`0`,
    // The viewer's own question, anonymous or not: the answer goes to that viewer alone.
    asked: viewerId ? sql<number>`${talkQuestions.userId} = ${viewerId}` : sql<number>`0`,
  };
}

type ViewRow = Omit<QaQuestion, "voted_by_user" | "asked_by_user"> & { voted: number; asked: number };
const toView = ({ voted, asked, ...row }: ViewRow): QaQuestion => ({
  ...row,
  voted_by_user: Boolean(voted),
  asked_by_user: Boolean(asked),
});

export async function findQuestionView(
  db: Database,
  questionId: number,
  viewerId: number | null,
): Promise<QaQuestion | undefined> {
  const row = await db
    .select(viewColumns(viewerId))
    .from(talkQuestions)
    .innerJoin(users, eq(users.id, talkQuestions.userId))
    .where(eq(talkQuestions.id, questionId))
    .get();
  return row && toView(row);
}

/**
 * A talk's questions of `statuses`, the most voted first (the web sorts them again as the reader
 * chose), at most QA_LIST_LIMIT of each list; hidden ones only when `withHidden`; only the
 * questions `askerId` asked when it is given.
 */
export async function listQuestions(
  db: Database,
  presentationId: number,
  options: { viewerId: number | null; statuses: QaStatus[]; withHidden: boolean; askerId?: number },
): Promise<QaQuestion[]> {
  const rows = await db
    .select(viewColumns(options.viewerId))
    .from(talkQuestions)
    .innerJoin(users, eq(users.id, talkQuestions.userId))
    .where(
      and(
        eq(talkQuestions.presentationId, presentationId),
        inArray(talkQuestions.status, options.statuses),
        options.withHidden ? undefined : eq(talkQuestions.hidden, false),
        options.askerId === undefined ? undefined : eq(talkQuestions.userId, options.askerId),
      ),
    )
    .orderBy(desc(talkQuestions.votes), talkQuestions.createdAt)
    .limit(QA_LIST_LIMIT * options.statuses.length)
    .all();
  return rows.map(toView);
}

/**
 * Records or withdraws the member's vote for an open, shown question, and keeps its count, in
 * one transaction. `changed` false: the vote was already so, or the question cannot take votes.
 */
export async function setVote(
  db: Database,
  vote: { questionId: number; userId: number; voted: boolean },
): Promise<{ votes: number; changed: boolean }> {
  const { questionId, userId } = vote;
  const write = vote.voted
    ? db
        .insert(talkQuestionVotes)
        .select(
          db
            .select({
              questionId: sql<number>`${questionId}`.as("question_id"),
              userId: sql<number>`${userId}`.as("user_id"),
            })
            .from(talkQuestions)
            .where(
              and(eq(talkQuestions.id, questionId), eq(talkQuestions.status, "open"), eq(talkQuestions.hidden, false)),
            ),
        )
        .onConflictDoNothing()
    : db
        .delete(talkQuestionVotes)
        .where(and(eq(talkQuestionVotes.questionId, questionId), eq(talkQuestionVotes.userId, userId)));
  const [written, , counted] = await db.batch([
    write,
    db
      .update(talkQuestions)
      .set({
        votes: sql`(select count(*) from ${talkQuestionVotes} where ${talkQuestionVotes.questionId} = ${questionId})`,
      })
      .where(eq(talkQuestions.id, questionId)),
    db.select({ votes: talkQuestions.votes }).from(talkQuestions).where(eq(talkQuestions.id, questionId)),
  ]);
  return { votes: Number(counted[0]?.votes ?? 0), changed: written.meta.changes > 0 };
}

/** A moderator's decision on a question of the talk; false when it is not the talk's any more. */
export async function setQuestionState(
  db: Database,
  presentationId: number,
  questionId: number,
  state: { status?: QaStatus; hidden?: boolean },
): Promise<boolean> {
  const written = await db
    .update(talkQuestions)
    .set(state)
    .where(and(eq(talkQuestions.id, questionId), eq(talkQuestions.presentationId, presentationId)))
    .returning({ id: talkQuestions.id });
  return written.length > 0;
}

/**
 * The asker's new words for their question of the talk, only while nobody voted for it and no
 * moderator answered or hid it (`mayReword`, docs/qa.md), checked again in the statement that
 * writes so that a vote cast meanwhile wins; false when it did not apply.
 */
export async function rewordQuestion(
  db: Database,
  question: { id: number; presentationId: number; userId: number; body: string },
): Promise<boolean> {
  const written = await db
    .update(talkQuestions)
    .set({ body: question.body })
    .where(
      and(
        eq(talkQuestions.id, question.id),
        eq(talkQuestions.presentationId, question.presentationId),
        eq(talkQuestions.userId, question.userId),
        eq(talkQuestions.votes, 0),
        ne(talkQuestions.status, "answered"),
        eq(talkQuestions.hidden, false),
      ),
    )
    .returning({ id: talkQuestions.id });
  return written.length > 0;
}

/** Of `ids`, the questions of the talk every reader may see now: open or answered, not hidden. */
/** Which of the named questions of the talk everyone may see (approved and not hidden): batchable. */
export function visibleQuestionsQuery(db: Database, presentationId: number, ids: readonly number[]) {
  return db
    .select({ id: talkQuestions.id })
    .from(talkQuestions)
    .where(
      and(
        eq(talkQuestions.presentationId, presentationId),
        inArray(talkQuestions.id, sql`(select value from json_each(${JSON.stringify(ids)}))`),
        ne(talkQuestions.status, "pending"),
        eq(talkQuestions.hidden, false),
      ),
    );
}

/** The questions a user asked and the ones they voted for, for their personal data export. */
export async function listOwnQa(db: Database, userId: number) {
  const [questions, votes] = await Promise.all([
    db
      .select({
        id: talkQuestions.id,
        presentationId: talkQuestions.presentationId,
        question: talkQuestions.body,
        anonymous: talkQuestions.anonymous,
        status: talkQuestions.status,
        createdAt: talkQuestions.createdAt,
      })
      .from(talkQuestions)
      .where(eq(talkQuestions.userId, userId))
      .orderBy(talkQuestions.id),
    db
      .select({ questionId: talkQuestionVotes.questionId })
      .from(talkQuestionVotes)
      .where(eq(talkQuestionVotes.userId, userId))
      .orderBy(talkQuestionVotes.questionId),
  ]);
  return { questions, votes };
}

/** The statements, for an account deletion's batch, that take a user's votes back off their counts and delete them. */
export function eraseQaVotes(db: Database, userId: number) {
  return [
    db
      .update(talkQuestions)
      .set({ votes: sql`max(${talkQuestions.votes} - 1, 0)` })
      .where(
        inArray(
          talkQuestions.id,
          db
            .select({ id: talkQuestionVotes.questionId })
            .from(talkQuestionVotes)
            .where(eq(talkQuestionVotes.userId, userId)),
        ),
      ),
    db.delete(talkQuestionVotes).where(eq(talkQuestionVotes.userId, userId)),
  ] as const;
}
