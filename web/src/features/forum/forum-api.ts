import type { ForumPost, ForumReply } from "@core/forum/changes";
import { apiRequest } from "../../lib/api";
import type { ForumPage } from "./forum-state";

/** What every forum call carries: the session token, and the event's password when it has one. */
export interface ForumAccess {
  token: string | null;
  password: string | null;
}

const options = (access: ForumAccess, extra: { query?: Record<string, string | number>; body?: unknown } = {}) => ({
  token: access.token,
  query: { ...extra.query, password: access.password ?? undefined },
  ...(extra.body === undefined ? {} : { body: extra.body }),
});

interface LikeResult {
  id: number;
  likes: number;
  liked_by_user: boolean;
}

export async function fetchForumPage(
  access: ForumAccess,
  presentationId: number,
  cursor: number | null,
  signal?: AbortSignal,
): Promise<ForumPage> {
  const { data } = await apiRequest<{ data: ForumPage }>("GET", `/api/forum/${presentationId}/posts`, {
    ...options(access, cursor === null ? {} : { query: { cursor } }),
    ...(signal ? { signal } : {}),
  });
  return data;
}

export async function createPost(access: ForumAccess, presentationId: number, text: string): Promise<ForumPost> {
  const path = `/api/forum/${presentationId}/posts`;
  return (await apiRequest<{ data: ForumPost }>("POST", path, options(access, { body: { post: text } }))).data;
}

export async function createReply(access: ForumAccess, postId: number, text: string): Promise<ForumReply> {
  const path = `/api/forum/posts/${postId}/replies`;
  return (await apiRequest<{ data: ForumReply }>("POST", path, options(access, { body: { reply: text } }))).data;
}

/** Likes (or unlikes) a post or a reply; liking twice counts once. */
export async function setLike(
  access: ForumAccess,
  target: { kind: "posts" | "replies"; id: number },
  liked: boolean,
): Promise<LikeResult> {
  const path = `/api/forum/${target.kind}/${target.id}/like`;
  return (await apiRequest<{ data: LikeResult }>(liked ? "POST" : "DELETE", path, options(access))).data;
}

export async function deleteMessage(access: ForumAccess, target: { kind: "posts" | "replies"; id: number }) {
  await apiRequest("DELETE", `/api/forum/${target.kind}/${target.id}`, options(access));
}

/** Moderators: pin a post to the top, or hide it from everyone else. */
export async function moderatePost(
  access: ForumAccess,
  postId: number,
  flags: { pinned?: boolean; hidden?: boolean },
): Promise<ForumPost> {
  const path = `/api/forum/posts/${postId}`;
  return (await apiRequest<{ data: ForumPost }>("PATCH", path, options(access, { body: flags }))).data;
}
