import { DomainError, ErrorCode } from "@core/errors";
import type { FieldIssue } from "@core/protocol/api-error";
import type { QuestionInput } from "@core/quiz/authoring";
import { and, asc, eq, inArray, notInArray, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { InvalidInput } from "../../invalid-input";
import type { Database } from "../client";
import { everyListed, guardOwnership, runGuardedBatch } from "../owned-ids";
import { quizOptions, quizQuestions, uploads } from "../schema";

/** The questions of a presentation in order, with their options (and correct flags). */
export async function listQuestions(db: Database, presentationId: number) {
  const questions = await db
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.presentationId, presentationId))
    .orderBy(asc(quizQuestions.order), asc(quizQuestions.id));
  const options =
    questions.length === 0
      ? []
      : await db
          .select()
          .from(quizOptions)
          // A subquery, not a list of ids: one bound parameter however many questions there are.
          .where(
            inArray(
              quizOptions.questionId,
              db
                .select({ id: quizQuestions.id })
                .from(quizQuestions)
                .where(eq(quizQuestions.presentationId, presentationId)),
            ),
          )
          .orderBy(asc(quizOptions.order), asc(quizOptions.id));
  return questions.map((question) => ({
    id: question.id,
    question: question.question,
    image: question.image,
    video_key: question.videoKey,
    active_media: question.activeMedia,
    is_survey: question.isSurvey,
    visible: question.visible,
    order: question.order,
    options: options
      .filter((option) => option.questionId === question.id)
      .map((option) => ({ id: option.id, option: option.option, correct: option.correct, order: option.order })),
  }));
}

/** A question id or option id listed twice would be written twice, each time differently. */
function assertListedOnce(input: readonly QuestionInput[]) {
  const questionIds = input.flatMap((question) => (question.id === undefined ? [] : [question.id]));
  const optionIds = input.flatMap((question) => question.options.flatMap((option) => option.id ?? []));
  if (new Set(questionIds).size !== questionIds.length || new Set(optionIds).size !== optionIds.length)
    throw new InvalidInput([{ path: "body.questions", message: "an id is listed twice" }]);
}

/**
 * Replaces the whole ordered list in one transaction: listed questions and options are updated or
 * created, the others deleted, and order renumbered from 1. Every question id must be one of this
 * presentation and every option id one of the question it is listed under (so never under a new
 * question): the batch checks it first, and refuses all of it with `foreign-id` otherwise.
 */
export async function replaceQuestions(db: Database, presentationId: number, input: QuestionInput[]) {
  assertListedOnce(input);
  const kept = input.flatMap((question) => (question.id === undefined ? [] : [question.id]));
  const listedOptions = input.flatMap((question) =>
    question.options.flatMap((option) => (option.id === undefined ? [] : [[option.id, question.id ?? null]])),
  );
  const questionOfQuiz = (id: SQL) =>
    sql`exists (select 1 from ${quizQuestions}
      where ${quizQuestions.id} = ${id} and ${quizQuestions.presentationId} = ${presentationId})`;
  const optionOfQuestion = (pair: SQL) =>
    sql`exists (select 1 from ${quizOptions}
      where ${quizOptions.id} = json_extract(${pair}, '$[0]') and ${quizOptions.questionId} = json_extract(${pair}, '$[1]'))`;
  // Checked before (assertQuestionMedia), and again in the batch: a video deleted in between must
  // not end up named by a question.
  const uploadedVideos = input.flatMap((question) =>
    question.video_key?.startsWith("quiz/") ? [question.video_key] : [],
  );
  const finishedVideo = (key: SQL) =>
    sql`exists (select 1 from ${uploads} where ${uploads.r2Key} = ${key}
      and ${uploads.kind} = 'quiz-video' and ${uploads.status} = 'complete')`;
  const statements: BatchItem<"sqlite">[] = [];
  statements.push(
    db
      .delete(quizQuestions)
      .where(
        and(
          eq(quizQuestions.presentationId, presentationId),
          kept.length > 0 ? notInArray(quizQuestions.id, kept) : undefined,
        ),
      ),
  );
  // A question created in this batch has the largest id of the presentation when its options follow it.
  const newest = sql`(select max(${quizQuestions.id}) from ${quizQuestions} where ${quizQuestions.presentationId} = ${presentationId})`;
  input.forEach((question, index) => {
    const columns = {
      question: question.question,
      image: question.image,
      videoKey: question.video_key,
      activeMedia: question.active_media,
      isSurvey: question.is_survey,
      visible: question.visible,
      order: index + 1,
    };
    let questionId: number | typeof newest;
    if (question.id === undefined) {
      statements.push(db.insert(quizQuestions).values({ presentationId, ...columns }));
      questionId = newest;
    } else {
      statements.push(
        db
          .update(quizQuestions)
          .set(columns)
          .where(and(eq(quizQuestions.id, question.id), eq(quizQuestions.presentationId, presentationId))),
      );
      const keptOptions = question.options.flatMap((option) => (option.id === undefined ? [] : [option.id]));
      statements.push(
        db
          .delete(quizOptions)
          .where(
            and(
              eq(quizOptions.questionId, question.id),
              keptOptions.length > 0 ? notInArray(quizOptions.id, keptOptions) : undefined,
            ),
          ),
      );
      questionId = question.id;
    }
    question.options.forEach((option, optionIndex) => {
      const values = {
        option: option.option,
        correct: question.is_survey ? false : option.correct,
        order: optionIndex + 1,
      };
      statements.push(
        option.id === undefined
          ? db.insert(quizOptions).values({ questionId: questionId as number, ...values })
          : db
              .update(quizOptions)
              .set(values)
              .where(and(eq(quizOptions.id, option.id), eq(quizOptions.questionId, questionId as number))),
      );
    });
  });
  try {
    await runGuardedBatch(db, [
      guardOwnership(
        db,
        and(
          everyListed(kept, questionOfQuiz),
          everyListed(listedOptions, optionOfQuestion),
          everyListed(uploadedVideos, finishedVideo),
        ) as SQL,
      ),
      ...statements,
    ]);
  } catch (error) {
    if (error instanceof DomainError && error.code === ErrorCode.ForeignId)
      throw new InvalidInput(foreignIdIssues(input, await listQuestions(db, presentationId)), ErrorCode.ForeignId);
    throw error;
  }
  return listQuestions(db, presentationId);
}

/**
 * Which listed id the refused save named wrongly, for the editor to point at (read after the
 * refusal, so only a hint: the refusal itself was decided inside the transaction).
 */
function foreignIdIssues(
  input: readonly QuestionInput[],
  current: { id: number; options: { id: number }[] }[],
): FieldIssue[] {
  const options = new Map(current.map((question) => [question.id, new Set(question.options.map((o) => o.id))]));
  for (const [index, question] of input.entries()) {
    const own = question.id === undefined ? new Set<number>() : options.get(question.id);
    if (!own) return [{ path: `body.questions.${index}.id`, message: "not a question of this quiz" }];
    const optionIndex = question.options.findIndex((option) => option.id !== undefined && !own.has(option.id));
    if (optionIndex >= 0)
      return [{ path: `body.questions.${index}.options.${optionIndex}.id`, message: "not an option of this question" }];
  }
  return [];
}
