import { deletedForumUser, type ForumChange, type ForumPost, type ForumReply } from "@core/forum/changes";
import { describe, expect, it } from "vitest";
import {
  applyForumChange,
  applyForumPage,
  emptyForum,
  type ForumState,
} from "../../web/src/features/forum/forum-state";
import { splitMessageLinks } from "../../web/src/features/forum/message-links";
import { timeAgo } from "../../web/src/features/forum/relative-time";

const author = { id: 7, name: "Camille", photo: null, is_moderator: false, is_speaker: false, association: null };

function post(id: number, extra: Partial<ForumPost> = {}): ForumPost {
  return {
    id,
    post: `post ${id}`,
    created_at: 1_000 * id,
    user: author,
    likes: 0,
    liked_by_user: false,
    pinned: false,
    hidden: false,
    replies: [],
    ...extra,
  };
}

function reply(id: number, postId: number, extra: Partial<ForumReply> = {}): ForumReply {
  return {
    id,
    post_id: postId,
    reply: `reply ${id}`,
    created_at: 0,
    user: author,
    likes: 0,
    liked_by_user: false,
    ...extra,
  };
}

const attendee = { userId: 1, isModerator: false };
const moderator = { userId: 2, isModerator: true };
const ids = (state: ForumState) => state.posts.map((candidate) => candidate.id);
const fold = (state: ForumState, changes: ForumChange[]) => changes.reduce(applyForumChange, state);

describe("the forum as a viewer sees it", () => {
  it("keeps pinned posts on top, then newest first", () => {
    const state = applyForumPage(
      emptyForum(attendee),
      { posts: [post(3), post(2), post(1)], nextCursor: null },
      true,
      [],
    );
    expect(ids(applyForumChange(state, { type: "post_pinned", data: { id: 1, pinned: true } }))).toEqual([1, 3, 2]);
    expect(ids(applyForumChange(state, { type: "post_created", data: { post: post(4) } }))).toEqual([4, 3, 2, 1]);
  });

  it("shows the author's own post once: the API's answer and the room's broadcast are the same change", () => {
    const created: ForumChange = { type: "post_created", data: { post: post(5) } };
    const once = applyForumChange(emptyForum(attendee), created);
    expect(applyForumChange(once, created)).toEqual(once);
  });

  it("applying every change twice gives what applying each once gives", () => {
    const changes: ForumChange[] = [
      { type: "post_created", data: { post: post(1) } },
      { type: "reply_created", data: { reply: reply(10, 1) } },
      { type: "post_likes", data: { id: 1, likes: 1, userId: 1, liked: true } },
      { type: "reply_likes", data: { id: 10, postId: 1, likes: 2, userId: 9, liked: true } },
      { type: "post_created", data: { post: post(2) } },
      { type: "post_pinned", data: { id: 1, pinned: true } },
      { type: "reply_deleted", data: { id: 10, postId: 1 } },
      { type: "post_deleted", data: { id: 2 } },
    ];
    const doubled = changes.flatMap((change) => [change, change]);
    expect(fold(emptyForum(attendee), doubled)).toEqual(fold(emptyForum(attendee), changes));
  });

  it("takes another reader's like as a count only, and the viewer's own as liked", () => {
    const start = applyForumChange(emptyForum(attendee), { type: "post_created", data: { post: post(1) } });
    const byOther = applyForumChange(start, { type: "post_likes", data: { id: 1, likes: 1, userId: 9, liked: true } });
    expect(byOther.posts[0]).toMatchObject({ likes: 1, liked_by_user: false });
    const byMe = applyForumChange(byOther, { type: "post_likes", data: { id: 1, likes: 2, userId: 1, liked: true } });
    expect(byMe.posts[0]).toMatchObject({ likes: 2, liked_by_user: true });
  });

  it("does not take whether the viewer liked a post from a broadcast made in someone else's view", () => {
    const liked = applyForumPage(
      emptyForum(attendee),
      {
        posts: [post(1, { likes: 3, liked_by_user: true, replies: [reply(10, 1, { liked_by_user: true })] })],
        nextCursor: null,
      },
      true,
      [],
    );
    const shown = applyForumChange(liked, {
      type: "post_shown",
      data: { post: post(1, { likes: 3, liked_by_user: false, replies: [reply(10, 1, { liked_by_user: false })] }) },
    });
    expect(shown.posts[0]?.liked_by_user).toBe(true);
    expect(shown.posts[0]?.replies[0]?.liked_by_user).toBe(true);
  });

  it("removes a hidden post for attendees and marks it for moderators", () => {
    const hide: ForumChange = { type: "post_hidden", data: { id: 1 } };
    const page = { posts: [post(2), post(1)], nextCursor: null };
    expect(ids(applyForumChange(applyForumPage(emptyForum(attendee), page, true, []), hide))).toEqual([2]);
    const moderated = applyForumChange(applyForumPage(emptyForum(moderator), page, true, []), hide);
    expect(moderated.posts.find((candidate) => candidate.id === 1)?.hidden).toBe(true);
  });

  it("applies again, on a page read while they came, the changes the page may predate", () => {
    const stale = { posts: [post(2), post(1)], nextCursor: null };
    const state = applyForumPage(emptyForum(attendee), stale, true, [{ type: "post_deleted", data: { id: 2 } }]);
    expect(ids(state)).toEqual([1]);
  });

  it("adds an older page after what is shown, without duplicates, and a first page replaces everything", () => {
    const first = applyForumPage(emptyForum(attendee), { posts: [post(5), post(4)], nextCursor: 4 }, true, []);
    const more = applyForumPage(first, { posts: [post(4), post(3)], nextCursor: null }, false, []);
    expect(ids(more)).toEqual([5, 4, 3]);
    expect(more.nextCursor).toBeNull();
    expect(ids(applyForumPage(more, { posts: [post(6)], nextCursor: null }, true, []))).toEqual([6]);
  });

  it("ignores a reply to a post it does not hold", () => {
    const state = emptyForum(attendee);
    expect(applyForumChange(state, { type: "reply_created", data: { reply: reply(1, 99) } })).toEqual(state);
  });
});

describe("links in a forum message", () => {
  it("turns http(s) addresses into links, leaves the sentence's punctuation out and keeps the rest as text", () => {
    expect(splitMessageLinks("See https://example.org/a?b=1. And (http://x.test/path).")).toEqual([
      { kind: "text", text: "See " },
      { kind: "link", text: "https://example.org/a?b=1", href: "https://example.org/a?b=1" },
      { kind: "text", text: ". And (" },
      { kind: "link", text: "http://x.test/path", href: "http://x.test/path" },
      { kind: "text", text: ")." },
    ]);
  });

  it("keeps a bracket the address opened", () => {
    expect(splitMessageLinks("https://en.wikipedia.org/wiki/Talk_(film)")[0]).toMatchObject({
      kind: "link",
      text: "https://en.wikipedia.org/wiki/Talk_(film)",
    });
  });

  it("never makes a link of another scheme, or of an address inside a word", () => {
    for (const text of ["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "xhttps://example.org"]) {
      expect(splitMessageLinks(text)).toEqual([{ kind: "text", text }]);
    }
  });
});

describe("relative dates", () => {
  const minute = 60_000;
  it("counts in the largest whole unit, under a minute being 'just now'", () => {
    expect(timeAgo(0, 30_000)).toBeNull();
    expect(timeAgo(0, 3 * minute + 59_000)).toEqual({ value: -3, unit: "minute" });
    expect(timeAgo(0, 2 * 60 * minute)).toEqual({ value: -2, unit: "hour" });
    expect(timeAgo(0, 26 * 60 * minute)).toEqual({ value: -1, unit: "day" });
    expect(timeAgo(0, 400 * 24 * 60 * minute)).toEqual({ value: -1, unit: "year" });
  });

  it("reads a moment ahead of the clock as just now", () => {
    expect(timeAgo(10 * minute, 0)).toBeNull();
  });

  it("reads as the spec writes it in both languages", () => {
    const ago = timeAgo(0, 3 * minute);
    if (!ago) throw new Error("expected a relative time");
    expect(new Intl.RelativeTimeFormat("fr", { numeric: "auto" }).format(ago.value, ago.unit)).toBe("il y a 3 minutes");
    expect(new Intl.RelativeTimeFormat("en", { numeric: "auto" }).format(ago.value, ago.unit)).toBe("3 minutes ago");
  });
});

describe("a deleted account in the forum's view", () => {
  it("shows every post and reply of its author as a deleted user, others unchanged", () => {
    const other = { ...author, id: 8, name: "Dominique" };
    const start = fold(emptyForum(attendee), [
      { type: "post_created", data: { post: post(1, { replies: [reply(11, 1), reply(12, 1, { user: other })] }) } },
      { type: "post_created", data: { post: post(2, { user: other }) } },
    ]);
    const after = applyForumChange(start, { type: "author_deleted", data: { userId: 7 } });
    const [second, first] = after.posts;
    expect(first?.user).toEqual(deletedForumUser(7));
    expect(first?.replies.map((item) => item.user.name)).toEqual(["", "Dominique"]);
    expect(second?.user).toEqual(other);
    expect(applyForumChange(after, { type: "author_deleted", data: { userId: 7 } })).toEqual(after);
  });
});
