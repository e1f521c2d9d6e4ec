import { deletedForumUser, type ForumChange, type ForumPost, type ForumReply } from "@core/forum/changes";
import { changeForReader, type ForumPresence, namedIds } from "@core/forum/tombstones";
import { describe, expect, it } from "vitest";

const user = { id: 7, name: "Ada", photo: null, is_moderator: false, is_speaker: false, association: null };
const reply = (id: number, postId: number): ForumReply => ({
  id,
  post_id: postId,
  reply: `reply ${id}`,
  created_at: 0,
  user,
  likes: 0,
  liked_by_user: false,
});
const post = (id: number, replies: ForumReply[] = []): ForumPost => ({
  id,
  post: `post ${id}`,
  created_at: 0,
  user,
  likes: 0,
  liked_by_user: false,
  pinned: false,
  hidden: false,
  replies,
});

// Post 1 visible with reply 11 (reply 12 deleted), post 2 hidden with reply 21, post 3 deleted.
const presence: ForumPresence = {
  posts: new Map([
    [1, { hidden: false }],
    [2, { hidden: true }],
  ]),
  replies: new Set([11, 21]),
};
const reader = { moderator: false };
const moderator = { moderator: true };

describe("what the forum room sends of a logged change", () => {
  it("sends a change about something still visible as it was", () => {
    const created: ForumChange = { type: "post_created", data: { post: post(1) } };
    expect(changeForReader(created, presence, reader)).toEqual(created);
    const answered: ForumChange = { type: "reply_created", data: { reply: reply(11, 1) } };
    expect(changeForReader(answered, presence, reader)).toEqual(answered);
  });

  it.each<[string, ForumChange, ForumChange]>([
    [
      "a deleted post's creation",
      { type: "post_created", data: { post: post(3) } },
      { type: "post_deleted", data: { id: 3 } },
    ],
    [
      "a like of a deleted post",
      { type: "post_likes", data: { id: 3, likes: 1, userId: 7, liked: true } },
      { type: "post_deleted", data: { id: 3 } },
    ],
    [
      "a deleted reply",
      { type: "reply_created", data: { reply: reply(12, 1) } },
      { type: "reply_deleted", data: { id: 12, postId: 1 } },
    ],
    [
      "a reply of a deleted post",
      { type: "reply_created", data: { reply: reply(31, 3) } },
      { type: "post_deleted", data: { id: 3 } },
    ],
    [
      "a hidden post's creation",
      { type: "post_created", data: { post: post(2) } },
      { type: "post_hidden", data: { id: 2 } },
    ],
    [
      "a reply of a hidden post",
      { type: "reply_created", data: { reply: reply(21, 2) } },
      { type: "post_hidden", data: { id: 2 } },
    ],
  ])("turns %s into a tombstone without text for a reader", (_label, change, tombstone) => {
    expect(changeForReader(change, presence, reader)).toEqual(tombstone);
  });

  it("shows hidden posts to moderators, but never deleted ones", () => {
    const hidden: ForumChange = { type: "reply_created", data: { reply: reply(21, 2) } };
    expect(changeForReader(hidden, presence, moderator)).toEqual(hidden);
    expect(changeForReader({ type: "post_created", data: { post: post(3) } }, presence, moderator)).toEqual({
      type: "post_deleted",
      data: { id: 3 },
    });
  });

  it("drops the replies deleted since a post was shown again", () => {
    const shown: ForumChange = { type: "post_shown", data: { post: post(1, [reply(11, 1), reply(12, 1)]) } };
    expect(changeForReader(shown, presence, reader)).toEqual({
      type: "post_shown",
      data: { post: post(1, [reply(11, 1)]) },
    });
  });

  it("keeps only the type of a change it cannot read", () => {
    expect(changeForReader({ type: "post_created", data: { id: 1, post: "text" } }, presence, reader)).toEqual({
      type: "post_created",
      data: null,
    });
    expect(changeForReader({ type: "something_new", data: { text: "x" } }, presence, reader)).toEqual({
      type: "something_new",
      data: null,
    });
  });

  it("names the posts and replies to look up", () => {
    expect(
      namedIds([
        { type: "reply_created", data: { reply: reply(12, 1) } },
        { type: "post_deleted", data: { id: 3 } },
        { type: "unknown", data: 1 },
      ]),
    ).toEqual({ postIds: [1, 3], replyIds: [12], questionIds: [] });
  });
});

describe("a deleted account in the forum room's log", () => {
  const gone = { ...presence, deletedAuthors: new Set([7]) };

  it("sends the posts and replies it wrote, as logged before, by a deleted user", () => {
    const created = changeForReader({ type: "post_created", data: { post: post(1) } }, gone, reader);
    expect(created).toEqual({ type: "post_created", data: { post: { ...post(1), user: deletedForumUser(7) } } });
    const answered = changeForReader({ type: "reply_created", data: { reply: reply(11, 1) } }, gone, reader);
    expect(answered).toEqual({
      type: "reply_created",
      data: { reply: { ...reply(11, 1), user: deletedForumUser(7) } },
    });
    const shown = changeForReader({ type: "post_shown", data: { post: post(1, [reply(11, 1)]) } }, gone, moderator);
    expect(JSON.stringify(shown)).not.toContain("Ada");
  });

  it("passes the deletion itself to every reader", () => {
    const change: ForumChange = { type: "author_deleted", data: { userId: 7 } };
    expect(changeForReader(change, presence, reader)).toEqual(change);
  });
});
