/**
 * Changes of a presentation's forum, pushed by its forum room after the API committed them.
 * Clients apply them by id, so applying one twice changes nothing.
 */
export interface ForumUser {
  id: number;
  name: string;
  photo: string | null;
  is_moderator: boolean;
  is_speaker: boolean;
  /** The association the author speaks for in the event (spec 1 §2 Association badge); null for none. */
  association: string | null;
  /** The author deleted their account: shown as "deleted user", with no name or picture. Absent in changes logged before. */
  deleted?: boolean;
}

/** How a deleted account's posts and replies carry their author. */
export const deletedForumUser = (id: number): ForumUser => ({
  id,
  name: "",
  photo: null,
  is_moderator: false,
  is_speaker: false,
  association: null,
  deleted: true,
});

export interface ForumReply {
  id: number;
  post_id: number;
  reply: string;
  created_at: number;
  user: ForumUser;
  likes: number;
  liked_by_user: boolean;
}

export interface ForumPost {
  id: number;
  post: string;
  created_at: number;
  user: ForumUser;
  likes: number;
  liked_by_user: boolean;
  pinned: boolean;
  hidden: boolean;
  replies: ForumReply[];
}

export type ForumChange =
  | { type: "post_created"; data: { post: ForumPost } }
  | { type: "post_deleted"; data: { id: number } }
  | { type: "post_hidden"; data: { id: number } }
  | { type: "post_shown"; data: { post: ForumPost } }
  | { type: "post_pinned"; data: { id: number; pinned: boolean } }
  | { type: "post_likes"; data: { id: number; likes: number; userId: number; liked: boolean } }
  | { type: "reply_created"; data: { reply: ForumReply } }
  | { type: "reply_deleted"; data: { id: number; postId: number } }
  | { type: "reply_likes"; data: { id: number; postId: number; likes: number; userId: number; liked: boolean } }
  /** The user deleted their account: every post and reply of theirs that stays shows "deleted user". */
  | { type: "author_deleted"; data: { userId: number } };
