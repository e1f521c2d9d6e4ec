/**
 * What the forum room may send of a change it logged earlier (a replay after `?since=`) or a
 * moment ago (a live push): the change as it was when the post or reply it names is still
 * there for this reader, a tombstone otherwise. A tombstone carries ids only, never text or
 * author: `post_deleted` for a post gone, `reply_deleted` for a reply gone, and `post_hidden`
 * for anything of a post hidden from a reader who does not moderate. Clients apply each by id,
 * as they apply the changes themselves, so a tombstone of something they never held is a no-op.
 */
import { QA_CHANGE_TYPES } from "../qa/changes";
import { namedQuestionIds, qaChangeForReader } from "../qa/tombstones";
import { deletedForumUser, type ForumChange, type ForumPost, type ForumReply } from "./changes";

/** A logged change as the room holds it: its shape is only as trustworthy as the log. */
export interface LoggedChange {
  type: string;
  data: unknown;
}

/** What the forum holds now of the posts and replies that changes name (read from the database). */
export interface ForumPresence {
  /** Every post that still exists, with whether a moderator hid it. */
  posts: ReadonlyMap<number, { hidden: boolean }>;
  /** Every reply that still exists. */
  replies: ReadonlySet<number>;
  /** Authors of these posts and their replies who deleted their account (none when absent). */
  deletedAuthors?: ReadonlySet<number>;
  /** The talk's Q&A questions that every reader may see now, of those the changes name (core/qa/tombstones.ts). */
  questions?: ReadonlySet<number>;
}

/** The post a change is about, and the reply when it is about one. */
interface Subject {
  postId: number;
  replyId?: number;
}

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function subjectOf(change: LoggedChange): Subject | undefined {
  const { data } = change;
  let postId: unknown;
  let replyId: unknown;
  switch (change.type) {
    case "post_created":
    case "post_shown":
      postId = field(field(data, "post"), "id");
      break;
    case "post_deleted":
    case "post_hidden":
    case "post_pinned":
    case "post_likes":
      postId = field(data, "id");
      break;
    case "reply_created":
      postId = field(field(data, "reply"), "post_id");
      replyId = field(field(data, "reply"), "id");
      break;
    case "reply_deleted":
    case "reply_likes":
      postId = field(data, "postId");
      replyId = field(data, "id");
      break;
    default:
      return undefined;
  }
  if (!isId(postId)) return undefined;
  if (replyId === undefined) return { postId };
  return isId(replyId) ? { postId, replyId } : undefined;
}

/** The post, reply and Q&A question ids that `changeForReader` needs to know about. */
export function namedIds(changes: readonly LoggedChange[]): {
  postIds: number[];
  replyIds: number[];
  questionIds: number[];
} {
  const postIds = new Set<number>();
  const replyIds = new Set<number>();
  for (const change of changes) {
    const subject = subjectOf(change);
    if (!subject) continue;
    postIds.add(subject.postId);
    if (subject.replyId !== undefined) replyIds.add(subject.replyId);
  }
  return { postIds: [...postIds], replyIds: [...replyIds], questionIds: namedQuestionIds(changes) };
}

/**
 * The change as this reader may receive it now. Moderators see hidden posts (as the forum's API
 * lists them), nobody sees deleted ones. A change the room cannot read keeps its type and loses
 * its data, so a client only counts it.
 */
export function changeForReader(
  change: LoggedChange,
  presence: ForumPresence,
  reader: { moderator: boolean },
): LoggedChange {
  // Names no post and carries no text: every reader may apply it.
  if (change.type === "author_deleted") return change;
  // The talk's Q&A shares the room: its own rule, the same for moderators and readers.
  if (QA_CHANGE_TYPES.has(change.type)) return qaChangeForReader(change, presence.questions ?? new Set());
  const subject = subjectOf(change);
  if (!subject) return { type: change.type, data: null };
  const { postId, replyId } = subject;
  const post = presence.posts.get(postId);
  if (!post) return { type: "post_deleted", data: { id: postId } } satisfies ForumChange;
  if (post.hidden && !reader.moderator) return { type: "post_hidden", data: { id: postId } } satisfies ForumChange;
  if (replyId !== undefined && !presence.replies.has(replyId))
    return { type: "reply_deleted", data: { id: replyId, postId } } satisfies ForumChange;
  const deleted = presence.deletedAuthors ?? new Set<number>();
  // A logged post or reply names its author as they were: one who deleted their account since is "deleted user".
  const withAuthor = <Item extends ForumPost | ForumReply>(item: Item): Item =>
    deleted.has(item.user?.id) ? { ...item, user: deletedForumUser(item.user.id) } : item;
  if (change.type === "post_shown") {
    // The post as it was shown again, less the replies deleted since.
    const shown = (change as Extract<ForumChange, { type: "post_shown" }>).data.post;
    const replies = Array.isArray(shown.replies) ? shown.replies : [];
    return {
      type: "post_shown",
      data: {
        post: withAuthor({
          ...shown,
          replies: replies.filter((reply) => presence.replies.has(reply.id)).map(withAuthor),
        }),
      },
    } satisfies ForumChange;
  }
  if (change.type === "post_created") {
    const { post } = (change as Extract<ForumChange, { type: "post_created" }>).data;
    return { type: "post_created", data: { post: withAuthor(post) } } satisfies ForumChange;
  }
  if (change.type === "reply_created") {
    const { reply } = (change as Extract<ForumChange, { type: "reply_created" }>).data;
    return { type: "reply_created", data: { reply: withAuthor(reply) } } satisfies ForumChange;
  }
  return change;
}
