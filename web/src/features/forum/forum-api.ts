import type { ForumPost, ForumReply } from "@core/forum/changes";
import { answerOf, api, callOptions } from "../../lib/api";
import type { ForumPage } from "./forum-state";

/** What every forum call carries: the session token, and the event's password when it has one. */
export interface ForumAccess {
  token: string | null;
  password: string | null;
}

const passwordOf = (access: ForumAccess) => ({ password: access.password ?? undefined });
const forum = api.forum;

export async function fetchForumPage(
  access: ForumAccess,
  presentationId: number,
  cursor: number | null,
  signal?: AbortSignal,
): Promise<ForumPage> {
  const request = forum[":presentationId"].posts.$get(
    {
      param: { presentationId: String(presentationId) },
      query: { ...passwordOf(access), ...(cursor === null ? {} : { cursor: String(cursor) }) },
    },
    callOptions(access.token, signal),
  );
  return (await answerOf(request)).data;
}

export async function createPost(access: ForumAccess, presentationId: number, text: string): Promise<ForumPost> {
  const request = forum[":presentationId"].posts.$post(
    { param: { presentationId: String(presentationId) }, query: passwordOf(access), json: { post: text } },
    callOptions(access.token),
  );
  return (await answerOf(request)).data;
}

export async function createReply(access: ForumAccess, postId: number, text: string): Promise<ForumReply> {
  const request = forum.posts[":postId"].replies.$post(
    { param: { postId: String(postId) }, query: passwordOf(access), json: { reply: text } },
    callOptions(access.token),
  );
  return (await answerOf(request)).data;
}

/** Likes (or unlikes) a post or a reply; liking twice counts once. */
export async function setLike(
  access: ForumAccess,
  target: { kind: "posts" | "replies"; id: number },
  liked: boolean,
): Promise<{ id: number; likes: number; liked_by_user: boolean }> {
  const query = passwordOf(access);
  const options = callOptions(access.token);
  const like =
    target.kind === "posts"
      ? forum.posts[":postId"].like[liked ? "$post" : "$delete"](
          { param: { postId: String(target.id) }, query },
          options,
        )
      : forum.replies[":replyId"].like[liked ? "$post" : "$delete"](
          { param: { replyId: String(target.id) }, query },
          options,
        );
  return (await answerOf(like)).data;
}

export async function deleteMessage(access: ForumAccess, target: { kind: "posts" | "replies"; id: number }) {
  const query = passwordOf(access);
  const options = callOptions(access.token);
  await (target.kind === "posts"
    ? forum.posts[":postId"].$delete({ param: { postId: String(target.id) }, query }, options)
    : forum.replies[":replyId"].$delete({ param: { replyId: String(target.id) }, query }, options));
}

/** Moderators: pin a post to the top, or hide it from everyone else. */
export async function moderatePost(
  access: ForumAccess,
  postId: number,
  flags: { pinned?: boolean; hidden?: boolean },
): Promise<ForumPost> {
  const request = forum.posts[":postId"].$patch(
    { param: { postId: String(postId) }, query: passwordOf(access), json: flags },
    callOptions(access.token),
  );
  return (await answerOf(request)).data;
}
