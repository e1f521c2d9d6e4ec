import { ANONYMOUS_PLAYER_PREFIX, deletedAccountEmail } from "@core/personal-data/account-deletion";
import { SELF_PACED_KEY_PREFIX } from "@core/quiz/self-paced";
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../client";
import {
  associations,
  emailOutbox,
  eventMembers,
  events,
  forumPostLikes,
  forumPosts,
  forumReplies,
  forumReplyLikes,
  loginThrottles,
  mySchedule,
  presentations,
  quizAnswers,
  quizPlayers,
  quizQuestions,
  quizQuestionViews,
  quizResults,
  talkFeedback,
  talkQuestions,
  userCodes,
  users,
} from "../schema";
import { eraseQaVotes, listOwnQa } from "./qa";
import type { UserRow } from "./users";

const livePlayerKey = (playerId: number) => `p${playerId}`;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Every row of D1 that is about the user, as `GET /api/me/export` hands it over. What it leaves
 * out, and why, is in docs/operations.md#personal-data.
 */
export async function collectPersonalData(db: Database, user: UserRow, pictureKey: string | null) {
  const players = await db
    .select({
      id: quizPlayers.id,
      presentationId: quizPlayers.presentationId,
      presentation: presentations.name,
      nickname: quizPlayers.name,
      joinedAt: quizPlayers.createdAt,
    })
    .from(quizPlayers)
    .innerJoin(presentations, eq(presentations.id, quizPlayers.presentationId))
    .where(eq(quizPlayers.userId, user.id))
    .orderBy(asc(quizPlayers.id));
  const playerKeys = [`${SELF_PACED_KEY_PREFIX}${user.id}`, ...players.map((player) => livePlayerKey(player.id))];
  const [memberships, schedule, posts, replies, likedPosts, likedReplies, answers, results, views, feedback, qa] =
    await Promise.all([
      db
        .select({
          eventId: events.id,
          slug: events.slug,
          name: events.name,
          isSpeaker: eventMembers.isSpeaker,
          isModerator: eventMembers.isModerator,
          speakerId: eventMembers.speakerId,
          association: associations.name,
          joinedAt: eventMembers.createdAt,
        })
        .from(eventMembers)
        .innerJoin(events, eq(events.id, eventMembers.eventId))
        .leftJoin(associations, eq(associations.id, eventMembers.associationId))
        .where(eq(eventMembers.userId, user.id))
        .orderBy(asc(eventMembers.createdAt)),
      db
        .select({
          presentationId: mySchedule.presentationId,
          presentation: presentations.name,
          event: events.slug,
          addedAt: mySchedule.createdAt,
        })
        .from(mySchedule)
        .innerJoin(presentations, eq(presentations.id, mySchedule.presentationId))
        .innerJoin(events, eq(events.id, presentations.eventId))
        .where(eq(mySchedule.userId, user.id))
        .orderBy(asc(mySchedule.createdAt)),
      db
        .select({
          id: forumPosts.id,
          presentationId: forumPosts.presentationId,
          presentation: presentations.name,
          post: forumPosts.body,
          createdAt: forumPosts.createdAt,
          hidden: forumPosts.hidden,
          pinned: forumPosts.pinned,
        })
        .from(forumPosts)
        .innerJoin(presentations, eq(presentations.id, forumPosts.presentationId))
        .where(eq(forumPosts.userId, user.id))
        .orderBy(asc(forumPosts.id)),
      db
        .select({
          id: forumReplies.id,
          postId: forumReplies.postId,
          presentationId: forumPosts.presentationId,
          reply: forumReplies.body,
          createdAt: forumReplies.createdAt,
        })
        .from(forumReplies)
        .innerJoin(forumPosts, eq(forumPosts.id, forumReplies.postId))
        .where(eq(forumReplies.userId, user.id))
        .orderBy(asc(forumReplies.id)),
      db
        .select({ postId: forumPostLikes.postId })
        .from(forumPostLikes)
        .where(eq(forumPostLikes.userId, user.id))
        .orderBy(asc(forumPostLikes.postId)),
      db
        .select({ replyId: forumReplyLikes.replyId })
        .from(forumReplyLikes)
        .where(eq(forumReplyLikes.userId, user.id))
        .orderBy(asc(forumReplyLikes.replyId)),
      db
        .select({
          presentationId: quizAnswers.presentationId,
          questionId: quizAnswers.questionId,
          question: quizQuestions.question,
          mode: quizAnswers.mode,
          optionIds: quizAnswers.optionIds,
          correct: quizAnswers.correct,
          points: quizAnswers.points,
          elapsedMs: quizAnswers.elapsedMs,
          answeredAt: quizAnswers.createdAt,
        })
        .from(quizAnswers)
        .innerJoin(quizQuestions, eq(quizQuestions.id, quizAnswers.questionId))
        .where(inArray(quizAnswers.playerKey, playerKeys))
        .orderBy(asc(quizAnswers.id)),
      db
        .select({
          presentationId: quizResults.presentationId,
          name: quizResults.name,
          points: quizResults.points,
          totalTimeMs: quizResults.totalTimeMs,
          rank: quizResults.rank,
        })
        .from(quizResults)
        .where(inArray(quizResults.playerKey, playerKeys)),
      db
        .select({ questionId: quizQuestionViews.questionId, shownAt: quizQuestionViews.shownAt })
        .from(quizQuestionViews)
        .where(eq(quizQuestionViews.userId, user.id))
        .orderBy(asc(quizQuestionViews.shownAt)),
      db
        .select({
          presentationId: talkFeedback.presentationId,
          presentation: presentations.name,
          rating: talkFeedback.rating,
          comment: talkFeedback.comment,
          updatedAt: talkFeedback.updatedAt,
        })
        .from(talkFeedback)
        .innerJoin(presentations, eq(presentations.id, talkFeedback.presentationId))
        .where(eq(talkFeedback.userId, user.id))
        .orderBy(asc(talkFeedback.updatedAt)),
      listOwnQa(db, user.id),
    ]);
  return {
    exportedAt: new Date().toISOString(),
    profile: {
      id: user.id,
      name: user.name,
      email: user.email,
      locale: user.locale,
      picture: user.picture,
      pictureKey,
      externalId: user.externalId,
      createdAt: iso(user.createdAt),
      emailValidatedAt: iso(user.emailValidatedAt),
    },
    memberships: memberships.map(({ joinedAt, ...membership }) => ({ ...membership, joinedAt: iso(joinedAt) })),
    mySchedule: schedule.map(({ addedAt, ...entry }) => ({ ...entry, addedAt: iso(addedAt) })),
    forum: {
      posts: posts.map(({ createdAt, ...post }) => ({ ...post, createdAt: iso(createdAt) })),
      replies: replies.map(({ createdAt, ...reply }) => ({ ...reply, createdAt: iso(createdAt) })),
      likedPostIds: likedPosts.map((like) => like.postId),
      likedReplyIds: likedReplies.map((like) => like.replyId),
    },
    quiz: {
      livePlayers: players.map(({ joinedAt, ...player }) => ({ ...player, joinedAt: iso(joinedAt) })),
      answers: answers.map(({ answeredAt, ...answer }) => ({ ...answer, answeredAt: iso(answeredAt) })),
      results,
      questionViews: views.map((view) => ({ questionId: view.questionId, shownAt: iso(view.shownAt) })),
    },
    talkFeedback: feedback.map(({ updatedAt, ...entry }) => ({ ...entry, updatedAt: iso(updatedAt) })),
    qa: {
      questions: qa.questions.map(({ createdAt, ...question }) => ({ ...question, createdAt: iso(createdAt) })),
      votedQuestionIds: qa.votes.map((vote) => vote.questionId),
    },
  };
}

export type PersonalData = Awaited<ReturnType<typeof collectPersonalData>>;

/** The forum posts and replies a user wrote, by presentation: whose feeds to tell of the deletion. */
export async function listForumContributions(db: Database, userId: number) {
  const [posts, replies] = await Promise.all([
    db
      .select({ id: forumPosts.id, presentationId: forumPosts.presentationId })
      .from(forumPosts)
      .where(eq(forumPosts.userId, userId)),
    db
      .select({ id: forumReplies.id, postId: forumReplies.postId, presentationId: forumPosts.presentationId })
      .from(forumReplies)
      .innerJoin(forumPosts, eq(forumPosts.id, forumReplies.postId))
      .where(eq(forumReplies.userId, userId)),
  ]);
  return { posts, replies };
}

/**
 * Deletes an account in one batch (a transaction): what identifies the person goes, the row stays
 * emptied as the author of the posts kept ("deleted user"), quiz results keep their points under an
 * anonymous name, and the token version moves on so every session ends. False when the account was
 * already deleted (a second call racing the first).
 */
export async function eraseAccount(
  db: Database,
  user: Pick<UserRow, "id" | "email">,
  removePosts: boolean,
  now = Date.now(),
): Promise<boolean> {
  const ownLiveKeys = sql`(select 'p' || ${quizPlayers.id} from ${quizPlayers} where ${quizPlayers.userId} = ${user.id})`;
  const [erased] = await db.batch([
    // First, so that a second deletion racing this one changes nothing at all.
    db
      .update(users)
      .set({
        email: deletedAccountEmail(user.id),
        name: "",
        picture: null,
        passwordHash: "",
        emailValidatedAt: null,
        externalId: null,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        deletedAt: now,
      })
      .where(and(eq(users.id, user.id), isNull(users.deletedAt)))
      .returning({ id: users.id }),
    db.delete(eventMembers).where(eq(eventMembers.userId, user.id)),
    db.delete(mySchedule).where(eq(mySchedule.userId, user.id)),
    db.delete(userCodes).where(eq(userCodes.userId, user.id)),
    db.delete(forumPostLikes).where(eq(forumPostLikes.userId, user.id)),
    db.delete(forumReplyLikes).where(eq(forumReplyLikes.userId, user.id)),
    db.delete(quizQuestionViews).where(eq(quizQuestionViews.userId, user.id)),
    // Ratings and comments of talks go with the account (docs/feedback.md).
    db.delete(talkFeedback).where(eq(talkFeedback.userId, user.id)),
    // Votes for talks' questions go, and leave their counts (docs/qa.md); the questions stay unsigned.
    ...eraseQaVotes(db, user.id),
    db.delete(loginThrottles).where(eq(loginThrottles.email, user.email)),
    db.delete(emailOutbox).where(eq(emailOutbox.to, user.email)),
    db
      .update(quizResults)
      .set({ name: sql`${ANONYMOUS_PLAYER_PREFIX} || ${quizResults.playerKey}`, photo: null })
      .where(
        or(
          eq(quizResults.playerKey, `${SELF_PACED_KEY_PREFIX}${user.id}`),
          inArray(quizResults.playerKey, ownLiveKeys),
        ),
      ),
    db
      .update(quizPlayers)
      .set({ name: sql`${ANONYMOUS_PLAYER_PREFIX} || 'p' || ${quizPlayers.id}`, userId: null, deviceId: null })
      .where(eq(quizPlayers.userId, user.id)),
    ...(removePosts
      ? [
          db.delete(forumReplies).where(eq(forumReplies.userId, user.id)),
          db.delete(forumPosts).where(eq(forumPosts.userId, user.id)),
          db.delete(talkQuestions).where(eq(talkQuestions.userId, user.id)),
        ]
      : []),
  ]);
  return erased.length > 0;
}
