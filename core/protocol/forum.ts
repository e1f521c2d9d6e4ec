/**
 * The forum room's server → client messages (docs/protocol.md): each change as the room pushes it,
 * checked by the client before it is applied.
 */
import * as v from "valibot";
import type { ForumChange } from "../forum/changes";
import { Id } from "../ids";

const ForumUserSchema = v.object({
  id: Id,
  name: v.string(),
  photo: v.nullable(v.string()),
  is_moderator: v.boolean(),
  is_speaker: v.boolean(),
  association: v.nullable(v.string()),
  deleted: v.optional(v.boolean()),
});

const ForumReplySchema = v.object({
  id: Id,
  post_id: Id,
  reply: v.string(),
  created_at: v.number(),
  user: ForumUserSchema,
  likes: v.number(),
  liked_by_user: v.boolean(),
});

const ForumPostSchema = v.object({
  id: Id,
  post: v.string(),
  created_at: v.number(),
  user: ForumUserSchema,
  likes: v.number(),
  liked_by_user: v.boolean(),
  pinned: v.boolean(),
  hidden: v.boolean(),
  replies: v.array(ForumReplySchema),
});

const change = <Type extends string, Data extends v.GenericSchema>(type: Type, data: Data) =>
  v.object({ type: v.literal(type), data });

/** A forum change as the room pushes it (core/forum/changes.ts), checked before it is applied. */
export const ForumChangeSchema: v.GenericSchema<unknown, ForumChange> = v.variant("type", [
  change("post_created", v.object({ post: ForumPostSchema })),
  change("post_deleted", v.object({ id: Id })),
  change("post_hidden", v.object({ id: Id })),
  change("post_shown", v.object({ post: ForumPostSchema })),
  change("post_pinned", v.object({ id: Id, pinned: v.boolean() })),
  change("post_likes", v.object({ id: Id, likes: v.number(), userId: Id, liked: v.boolean() })),
  change("reply_created", v.object({ reply: ForumReplySchema })),
  change("reply_deleted", v.object({ id: Id, postId: Id })),
  change("reply_likes", v.object({ id: Id, postId: Id, likes: v.number(), userId: Id, liked: v.boolean() })),
  change("author_deleted", v.object({ userId: Id })),
]);
