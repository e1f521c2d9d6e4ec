import type { ForumPost, ForumReply, ForumUser } from "@core/forum/changes";
import { FORUM_PAGE_SIZE } from "@core/forum/rules";
import type { ForumPresence } from "@core/forum/tombstones";
import { and, asc, desc, eq, inArray, isNotNull, lt, max, type SQL, sql } from "drizzle-orm";
import type { Database } from "../client";
import {
  associations,
  eventMembers,
  forumPostLikes,
  forumPosts,
  forumReplies,
  forumReplyLikes,
  presentations,
  users,
} from "../schema";
import { visibleQuestionsQuery } from "./qa";

export async function findForumPresentation(db: Database, presentationId: number) {
  return db
    .select({ id: presentations.id, eventId: presentations.eventId })
    .from(presentations)
    .where(and(eq(presentations.id, presentationId), eq(presentations.archived, false)))
    .get();
}

/**
 * The author as shown in the forum, with their roles in the presentation's event. Named apart
 * from the post's own `id` and from the association's `name`: inside a D1 batch, drizzle reads a
 * row by its column names, so two columns of one name would overwrite each other.
 */
function authorColumns(eventId: number) {
  return {
    userId: sql<number>`${users.id}`.as("author_id"),
    userName: sql<string>`${users.name}`.as("author_name"),
    userPhoto: sql<string | null>`${users.picture}`.as("author_photo"),
    userDeleted: sql<number>`${users.deletedAt} is not null`,
    isModerator: sql<number>`coalesce(${eventMembers.isModerator}, 0)`,
    isSpeaker: sql<number>`coalesce(${eventMembers.isSpeaker}, 0)`,
    association: sql<string | null>`${associations.name}`.as("association_name"),
    memberJoin: and(eq(eventMembers.userId, users.id), eq(eventMembers.eventId, eventId)) as SQL,
  };
}

function toUser(row: {
  userId: number;
  userName: string;
  userPhoto: string | null;
  userDeleted: number;
  isModerator: number;
  isSpeaker: number;
  association: string | null;
}): ForumUser {
  return {
    id: row.userId,
    name: row.userName,
    photo: row.userPhoto,
    is_moderator: Boolean(row.isModerator),
    is_speaker: Boolean(row.isSpeaker),
    association: row.association,
    deleted: Boolean(row.userDeleted),
  };
}

const likedBy = (table: typeof forumPostLikes | typeof forumReplyLikes, column: SQL, viewerId: number | null) =>
  viewerId === null
    ? sql<number>`0`
    : sql<number>`exists(select 1 from ${table} where ${column} and ${table.userId} = ${viewerId})`;

/** The posts that match `where`, newest first, as the API shows them (not yet run: batchable). */
function postsQuery(db: Database, eventId: number, viewerId: number | null, where: SQL | undefined) {
  const author = authorColumns(eventId);
  return db
    .select({
      id: forumPosts.id,
      body: forumPosts.body,
      createdAt: forumPosts.createdAt,
      pinned: forumPosts.pinned,
      hidden: forumPosts.hidden,
      userId: author.userId,
      userName: author.userName,
      userPhoto: author.userPhoto,
      userDeleted: author.userDeleted,
      isModerator: author.isModerator,
      isSpeaker: author.isSpeaker,
      association: author.association,
      likes: sql<number>`(select count(*) from ${forumPostLikes} where ${forumPostLikes.postId} = ${forumPosts.id})`,
      liked: likedBy(forumPostLikes, sql`${forumPostLikes.postId} = ${forumPosts.id}`, viewerId),
    })
    .from(forumPosts)
    .innerJoin(users, eq(users.id, forumPosts.userId))
    .leftJoin(eventMembers, author.memberJoin)
    .leftJoin(associations, eq(associations.id, eventMembers.associationId))
    .where(where)
    .orderBy(desc(forumPosts.id));
}

type PostRow = Awaited<ReturnType<typeof postsQuery>>[number];

function toPost(row: PostRow): ForumPost {
  return {
    id: row.id,
    post: row.body,
    created_at: row.createdAt,
    user: toUser(row),
    likes: Number(row.likes),
    liked_by_user: Boolean(row.liked),
    pinned: row.pinned,
    hidden: row.hidden,
    replies: [],
  };
}

async function selectPosts(
  db: Database,
  eventId: number,
  viewerId: number | null,
  where: SQL | undefined,
  limit?: number,
) {
  const query = postsQuery(db, eventId, viewerId, where);
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map(toPost);
}

async function selectReplies(
  db: Database,
  eventId: number,
  viewerId: number | null,
  where: SQL,
): Promise<ForumReply[]> {
  const author = authorColumns(eventId);
  const rows = await db
    .select({
      id: forumReplies.id,
      postId: forumReplies.postId,
      body: forumReplies.body,
      createdAt: forumReplies.createdAt,
      userId: author.userId,
      userName: author.userName,
      userPhoto: author.userPhoto,
      userDeleted: author.userDeleted,
      isModerator: author.isModerator,
      isSpeaker: author.isSpeaker,
      association: author.association,
      likes: sql<number>`(select count(*) from ${forumReplyLikes} where ${forumReplyLikes.replyId} = ${forumReplies.id})`,
      liked: likedBy(forumReplyLikes, sql`${forumReplyLikes.replyId} = ${forumReplies.id}`, viewerId),
    })
    .from(forumReplies)
    .innerJoin(users, eq(users.id, forumReplies.userId))
    .leftJoin(eventMembers, author.memberJoin)
    .leftJoin(associations, eq(associations.id, eventMembers.associationId))
    .where(where)
    .orderBy(asc(forumReplies.id));
  return rows.map((row) => ({
    id: row.id,
    post_id: row.postId,
    reply: row.body,
    created_at: row.createdAt,
    user: toUser(row),
    likes: Number(row.likes),
    liked_by_user: Boolean(row.liked),
  }));
}

async function withReplies(db: Database, eventId: number, viewerId: number | null, posts: ForumPost[]) {
  if (posts.length === 0) return posts;
  const replies = await selectReplies(
    db,
    eventId,
    viewerId,
    inArray(
      forumReplies.postId,
      posts.map((post) => post.id),
    ),
  );
  for (const post of posts) post.replies = replies.filter((reply) => reply.post_id === post.id);
  return posts;
}

/**
 * One page of a presentation's forum, newest first, 20 posts with their replies. The first page
 * starts with the pinned posts; hidden posts are listed for moderators only.
 */
export async function listPosts(
  db: Database,
  input: { presentationId: number; eventId: number; viewerId: number | null; moderator: boolean; cursor?: number },
) {
  const visible = and(
    eq(forumPosts.presentationId, input.presentationId),
    input.moderator ? undefined : eq(forumPosts.hidden, false),
  );
  const pinned =
    input.cursor === undefined
      ? await selectPosts(db, input.eventId, input.viewerId, and(visible, eq(forumPosts.pinned, true)))
      : [];
  const page = await selectPosts(
    db,
    input.eventId,
    input.viewerId,
    and(
      visible,
      eq(forumPosts.pinned, false),
      input.cursor === undefined ? undefined : lt(forumPosts.id, input.cursor),
    ),
    FORUM_PAGE_SIZE + 1,
  );
  const hasMore = page.length > FORUM_PAGE_SIZE;
  const posts = [...pinned, ...page.slice(0, FORUM_PAGE_SIZE)];
  const last = page[FORUM_PAGE_SIZE - 1];
  return {
    posts: await withReplies(db, input.eventId, input.viewerId, posts),
    nextCursor: hasMore && last ? last.id : null,
  };
}

export async function findPostView(db: Database, eventId: number, postId: number, viewerId: number | null) {
  const [post] = await selectPosts(db, eventId, viewerId, eq(forumPosts.id, postId));
  return post ? (await withReplies(db, eventId, viewerId, [post]))[0] : undefined;
}

/** A post its writer just created, before anyone else learnt of it: no replies to read yet. */

export async function findReplyView(db: Database, eventId: number, replyId: number, viewerId: number | null) {
  const [reply] = await selectReplies(db, eventId, viewerId, eq(forumReplies.id, replyId));
  return reply;
}

/**
 * Which of the named posts and replies of the presentation still exist, and which posts are
 * hidden: what the forum room checks before it sends a change (core/forum/tombstones.ts).
 */
export async function findForumPresence(
  db: Database,
  presentationId: number,
  ids: { postIds: readonly number[]; replyIds: readonly number[]; questionIds?: readonly number[] },
): Promise<ForumPresence> {
  const postIdList = sql`(select value from json_each(${JSON.stringify(ids.postIds)}))`;
  // One batch, one round trip, however many kinds of change the window holds: the room runs
  // this for every broadcast window. A statement on an empty list reads nothing.
  const [posts, replies, deletedAuthors, questions] = await db.batch([
    db
      .select({ id: forumPosts.id, hidden: forumPosts.hidden })
      .from(forumPosts)
      .where(and(eq(forumPosts.presentationId, presentationId), inArray(forumPosts.id, postIdList))),
    db
      .select({ id: forumReplies.id })
      .from(forumReplies)
      .innerJoin(forumPosts, eq(forumPosts.id, forumReplies.postId))
      .where(
        and(
          eq(forumPosts.presentationId, presentationId),
          inArray(forumReplies.id, sql`(select value from json_each(${JSON.stringify(ids.replyIds)}))`),
        ),
      ),
    // Authors of the named posts and of their replies (a shown post carries its replies) whose
    // account is deleted: the room replaces them with "deleted user" in what it sends.
    db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          isNotNull(users.deletedAt),
          inArray(
            users.id,
            sql`(select ${forumPosts.userId} from ${forumPosts} where ${forumPosts.id} in ${postIdList}
              union select ${forumReplies.userId} from ${forumReplies} where ${forumReplies.postId} in ${postIdList})`,
          ),
        ),
      ),
    visibleQuestionsQuery(db, presentationId, ids.questionIds ?? []),
  ]);
  return {
    posts: new Map(posts.map((post) => [post.id, { hidden: post.hidden }])),
    replies: new Set(replies.map((reply) => reply.id)),
    deletedAuthors: new Set(deletedAuthors.map((author) => author.id)),
    questions: new Set(questions.map((question) => question.id)),
  };
}

/** A post with the presentation it belongs to (for permission checks). */
export function findPost(db: Database, postId: number) {
  return db
    .select({
      id: forumPosts.id,
      userId: forumPosts.userId,
      presentationId: forumPosts.presentationId,
      hidden: forumPosts.hidden,
    })
    .from(forumPosts)
    .where(eq(forumPosts.id, postId))
    .get();
}

export function findReply(db: Database, replyId: number) {
  return db
    .select({
      id: forumReplies.id,
      userId: forumReplies.userId,
      postId: forumReplies.postId,
      presentationId: forumPosts.presentationId,
      postHidden: forumPosts.hidden,
    })
    .from(forumReplies)
    .innerJoin(forumPosts, eq(forumPosts.id, forumReplies.postId))
    .where(eq(forumReplies.id, replyId))
    .get();
}

/**
 * Stores a post and reads it back as the API shows it, in one batch: one round trip to D1 instead
 * of two (the busiest write of a live forum). The batch is one transaction, so the writer's
 * newest post of the presentation is the one just inserted (ids only grow; D1's
 * `last_insert_rowid()` does not survive from one statement of a batch to the next).
 */
export async function createPostWithView(
  db: Database,
  post: { eventId: number; presentationId: number; userId: number; body: string },
): Promise<ForumPost | undefined> {
  const { eventId, presentationId, userId, body } = post;
  const [, [row]] = await db.batch([
    db.insert(forumPosts).values({ presentationId, userId, body }),
    postsQuery(
      db,
      eventId,
      userId,
      eq(
        forumPosts.id,
        db
          .select({ id: max(forumPosts.id) })
          .from(forumPosts)
          .where(and(eq(forumPosts.presentationId, presentationId), eq(forumPosts.userId, userId))),
      ),
    ),
  ]);
  return row && toPost(row);
}

/**
 * The post as the writer may still reach it when the statement runs: it exists, and it is not
 * hidden unless the writer moderates. A post deleted or hidden since it was read takes nothing.
 */
const reachablePost = (postId: number, moderator: boolean) => sql`exists (
  select 1 from ${forumPosts} where ${forumPosts.id} = ${postId} and (${forumPosts.hidden} = 0 or ${moderator ? 1 : 0}))`;

/** The new reply's id, or undefined when its post is out of reach (see `reachablePost`). */
export async function createReply(
  db: Database,
  reply: { postId: number; userId: number; body: string; moderator: boolean },
): Promise<number | undefined> {
  const [row] = await db.all<{ id: number }>(sql`
    insert into ${forumReplies} (post_id, user_id, body)
    select ${reply.postId}, ${reply.userId}, ${reply.body}
    where ${reachablePost(reply.postId, reply.moderator)}
    returning id`);
  return row?.id;
}

/** Deleting a post deletes its replies and every like with it (foreign keys cascade); false when already gone. */
export async function deletePost(db: Database, postId: number): Promise<boolean> {
  const rows = await db.delete(forumPosts).where(eq(forumPosts.id, postId)).returning({ id: forumPosts.id });
  return rows.length > 0;
}

export async function deleteReply(db: Database, replyId: number): Promise<boolean> {
  const rows = await db.delete(forumReplies).where(eq(forumReplies.id, replyId)).returning({ id: forumReplies.id });
  return rows.length > 0;
}

/** False when the post was deleted meanwhile. */
export async function setPostFlags(
  db: Database,
  postId: number,
  flags: { hidden?: boolean; pinned?: boolean },
): Promise<boolean> {
  const rows = await db.update(forumPosts).set(flags).where(eq(forumPosts.id, postId)).returning({ id: forumPosts.id });
  return rows.length > 0;
}

/** A like set or removed: the count after, and whether this call changed it (liking twice does not). */
export interface LikeResult {
  likes: number;
  changed: boolean;
}

/**
 * Likes a post once per user (a second like changes nothing), or takes the like back; returns the
 * new count and whether this call changed it. A post out of the liker's reach when the statement
 * runs takes no like.
 */
export async function setPostLike(
  db: Database,
  like: { postId: number; userId: number; liked: boolean; moderator: boolean },
): Promise<LikeResult> {
  const { postId, userId } = like;
  const written = like.liked
    ? await db.run(sql`
      insert into ${forumPostLikes} (post_id, user_id)
      select ${postId}, ${userId} where ${reachablePost(postId, like.moderator)}
      on conflict do nothing`)
    : await db.delete(forumPostLikes).where(and(eq(forumPostLikes.postId, postId), eq(forumPostLikes.userId, userId)));
  const row = await db
    .select({ count: sql<number>`count(*)` })
    .from(forumPostLikes)
    .where(eq(forumPostLikes.postId, postId))
    .get();
  return { likes: Number(row?.count ?? 0), changed: written.meta.changes > 0 };
}

export async function setReplyLike(
  db: Database,
  like: { replyId: number; userId: number; liked: boolean; moderator: boolean },
): Promise<LikeResult> {
  const { replyId, userId } = like;
  const written = like.liked
    ? await db.run(sql`
      insert into ${forumReplyLikes} (reply_id, user_id)
      select ${replyId}, ${userId} where exists (
        select 1 from ${forumReplies} join ${forumPosts} on ${forumPosts.id} = ${forumReplies.postId}
        where ${forumReplies.id} = ${replyId} and (${forumPosts.hidden} = 0 or ${like.moderator ? 1 : 0}))
      on conflict do nothing`)
    : await db
        .delete(forumReplyLikes)
        .where(and(eq(forumReplyLikes.replyId, replyId), eq(forumReplyLikes.userId, userId)));
  const row = await db
    .select({ count: sql<number>`count(*)` })
    .from(forumReplyLikes)
    .where(eq(forumReplyLikes.replyId, replyId))
    .get();
  return { likes: Number(row?.count ?? 0), changed: written.meta.changes > 0 };
}
