import { DomainError, ErrorCode } from "@core/errors";
import { canDelete, canModerate, ForumText } from "@core/forum/rules";
import { type Context, Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { optionalSession, type Session, type SessionEnv } from "../auth/session";
import {
  createPostWithView,
  createReply,
  deletePost,
  deleteReply,
  findPost,
  findPostView,
  findReply,
  findReplyView,
  listPosts,
  setPostFlags,
  setPostLike,
  setReplyLike,
} from "../db/queries/forum";
import { admitForumWriter, admitToForum } from "../room-access/forum-access";
import { publishForumChange } from "../room-feeds/forum-feed";
import { IdParam, valid } from "../validation";

type Env = AppEnv & Partial<SessionEnv>;

const PasswordQuery = v.object({ password: v.optional(v.pipe(v.string(), v.maxLength(200))) });

/**
 * The forum of a presentation, read by whoever may read its event (worker/room-access/forum-access.ts):
 * a token that is not a live session of that event reads as anonymous.
 */
async function openForum(c: Context<Env>, presentationId: number, password: string | undefined) {
  const { event, session } = await admitToForum(c.var.db, presentationId, { session: c.var.session, password });
  return { presentationId, event, session };
}

/** Writing needs a session of the presentation's own event (401 otherwise). */
async function forumForWriting(c: Context<Env>, presentationId: number, password: string | undefined) {
  const { event, session } = await admitForumWriter(c.var.db, presentationId, { session: c.var.session, password });
  return { presentationId, event, session };
}

const actor = (session: Session) => ({ userId: session.user.id, isModerator: session.member.isModerator });
const actorLike = (session: Session) => ({ userId: session.user.id, moderator: session.member.isModerator });

async function postOf(c: Context<Env>, postId: number, password: string | undefined) {
  const post = await findPost(c.var.db, postId);
  if (!post) throw new DomainError(ErrorCode.NotFound);
  const forum = await forumForWriting(c, post.presentationId, password);
  if (post.hidden && !forum.session.member.isModerator) throw new DomainError(ErrorCode.NotFound);
  return { post, ...forum };
}

async function replyOf(c: Context<Env>, replyId: number, password: string | undefined) {
  const reply = await findReply(c.var.db, replyId);
  if (!reply) throw new DomainError(ErrorCode.NotFound);
  const forum = await forumForWriting(c, reply.presentationId, password);
  if (reply.postHidden && !forum.session.member.isModerator) throw new DomainError(ErrorCode.NotFound);
  return { reply, ...forum };
}

async function likePost(c: Context<Env>, postId: number, password: string | undefined, liked: boolean) {
  const { post, session, presentationId } = await postOf(c, postId, password);
  const { likes, changed } = await setPostLike(c.var.db, { postId: post.id, ...actorLike(session), liked });
  // Liking twice (or unliking twice) changes nothing, so connected readers are told nothing.
  if (changed) {
    await publishForumChange(c.env, presentationId, {
      type: "post_likes",
      data: { id: post.id, likes, userId: session.user.id, liked },
    });
  }
  return c.json({ data: { id: post.id, likes, liked_by_user: liked } }, 200);
}

async function likeReply(c: Context<Env>, replyId: number, password: string | undefined, liked: boolean) {
  const { reply, session, presentationId } = await replyOf(c, replyId, password);
  const { likes, changed } = await setReplyLike(c.var.db, { replyId: reply.id, ...actorLike(session), liked });
  if (changed) {
    await publishForumChange(c.env, presentationId, {
      type: "reply_likes",
      data: { id: reply.id, postId: reply.postId, likes, userId: session.user.id, liked },
    });
  }
  return c.json({ data: { id: reply.id, likes, liked_by_user: liked } }, 200);
}

const PresentationParam = v.object({ presentationId: IdParam });
const PostParam = v.object({ postId: IdParam });
const ReplyParam = v.object({ replyId: IdParam });
/** What a moderator changes on a post: at least one of the two flags. */
const PostFlags = v.pipe(
  v.object({ hidden: v.optional(v.boolean()), pinned: v.optional(v.boolean()) }),
  v.check((flags) => flags.hidden !== undefined || flags.pinned !== undefined, "hidden or pinned is required"),
);

export const forumRoutes = new Hono<Env>()
  .get(
    "/forum/:presentationId/posts",
    optionalSession,
    valid("param", PresentationParam),
    valid("query", v.object({ ...PasswordQuery.entries, cursor: v.optional(IdParam) })),
    async (c) => {
      const { password, cursor } = c.req.valid("query");
      const { event, session, presentationId } = await openForum(c, c.req.valid("param").presentationId, password);
      const page = await listPosts(c.var.db, {
        presentationId,
        eventId: event.id,
        viewerId: session?.user.id ?? null,
        moderator: session?.member.isModerator ?? false,
        ...(cursor === undefined ? {} : { cursor }),
      });
      return c.json({ data: page }, 200);
    },
  )
  .post(
    "/forum/:presentationId/posts",
    optionalSession,
    valid("param", PresentationParam),
    valid("query", PasswordQuery),
    valid("json", v.object({ post: ForumText })),
    async (c) => {
      const { event, session, presentationId } = await forumForWriting(
        c,
        c.req.valid("param").presentationId,
        c.req.valid("query").password,
      );
      const body = c.req.valid("json").post;
      const post = await viewOrFail(
        createPostWithView(c.var.db, { eventId: event.id, presentationId, userId: session.user.id, body }),
      );
      await publishForumChange(c.env, presentationId, { type: "post_created", data: { post } });
      return c.json({ data: post }, 201);
    },
  )
  .post(
    "/forum/posts/:postId/replies",
    optionalSession,
    valid("param", PostParam),
    valid("query", PasswordQuery),
    valid("json", v.object({ reply: ForumText })),
    async (c) => {
      const { post, session, event, presentationId } = await postOf(
        c,
        c.req.valid("param").postId,
        c.req.valid("query").password,
      );
      const id = await createReply(c.var.db, {
        postId: post.id,
        body: c.req.valid("json").reply,
        ...actorLike(session),
      });
      // The post was deleted, or hidden from this writer, since it was read.
      if (id === undefined) throw new DomainError(ErrorCode.NotFound);
      const reply = await viewOrFail(findReplyView(c.var.db, event.id, id, session.user.id));
      await publishForumChange(c.env, presentationId, { type: "reply_created", data: { reply } });
      return c.json({ data: reply }, 201);
    },
  )
  .post("/forum/posts/:postId/like", optionalSession, valid("param", PostParam), valid("query", PasswordQuery), (c) =>
    likePost(c, c.req.valid("param").postId, c.req.valid("query").password, true),
  )
  .delete("/forum/posts/:postId/like", optionalSession, valid("param", PostParam), valid("query", PasswordQuery), (c) =>
    likePost(c, c.req.valid("param").postId, c.req.valid("query").password, false),
  )
  .post(
    "/forum/replies/:replyId/like",
    optionalSession,
    valid("param", ReplyParam),
    valid("query", PasswordQuery),
    (c) => likeReply(c, c.req.valid("param").replyId, c.req.valid("query").password, true),
  )
  .delete(
    "/forum/replies/:replyId/like",
    optionalSession,
    valid("param", ReplyParam),
    valid("query", PasswordQuery),
    (c) => likeReply(c, c.req.valid("param").replyId, c.req.valid("query").password, false),
  )
  .delete(
    "/forum/posts/:postId",
    optionalSession,
    valid("param", PostParam),
    valid("query", PasswordQuery),
    async (c) => {
      const { post, session, presentationId } = await postOf(
        c,
        c.req.valid("param").postId,
        c.req.valid("query").password,
      );
      if (!canDelete(actor(session), post.userId)) throw new DomainError(ErrorCode.Forbidden);
      if (!(await deletePost(c.var.db, post.id))) throw new DomainError(ErrorCode.NotFound);
      await publishForumChange(c.env, presentationId, { type: "post_deleted", data: { id: post.id } });
      return c.json({ data: { id: post.id } }, 200);
    },
  )
  .delete(
    "/forum/replies/:replyId",
    optionalSession,
    valid("param", ReplyParam),
    valid("query", PasswordQuery),
    async (c) => {
      const { reply, session, presentationId } = await replyOf(
        c,
        c.req.valid("param").replyId,
        c.req.valid("query").password,
      );
      if (!canDelete(actor(session), reply.userId)) throw new DomainError(ErrorCode.Forbidden);
      if (!(await deleteReply(c.var.db, reply.id))) throw new DomainError(ErrorCode.NotFound);
      await publishForumChange(c.env, presentationId, {
        type: "reply_deleted",
        data: { id: reply.id, postId: reply.postId },
      });
      return c.json({ data: { id: reply.id } }, 200);
    },
  )
  .patch(
    "/forum/posts/:postId",
    optionalSession,
    valid("param", PostParam),
    valid("query", PasswordQuery),
    valid("json", PostFlags),
    async (c) => {
      const { post, session, event, presentationId } = await postOf(
        c,
        c.req.valid("param").postId,
        c.req.valid("query").password,
      );
      if (!canModerate(actor(session))) throw new DomainError(ErrorCode.Forbidden);
      const flags = c.req.valid("json");
      if (!(await setPostFlags(c.var.db, post.id, flags))) throw new DomainError(ErrorCode.NotFound);
      const view = await viewOrFail(findPostView(c.var.db, event.id, post.id, session.user.id));
      if (flags.pinned !== undefined) {
        await publishForumChange(c.env, presentationId, {
          type: "post_pinned",
          data: { id: post.id, pinned: flags.pinned },
        });
      }
      if (flags.hidden === true) {
        await publishForumChange(c.env, presentationId, { type: "post_hidden", data: { id: post.id } });
      } else if (flags.hidden === false) {
        await publishForumChange(c.env, presentationId, { type: "post_shown", data: { post: view } });
      }
      return c.json({ data: view }, 200);
    },
  );

async function viewOrFail<T>(view: Promise<T | undefined>): Promise<T> {
  const found = await view;
  if (!found) throw new DomainError(ErrorCode.NotFound);
  return found;
}
