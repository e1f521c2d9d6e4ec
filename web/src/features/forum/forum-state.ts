import { deletedForumUser, type ForumChange, type ForumPost, type ForumReply } from "@core/forum/changes";

/** Who reads the forum: changes are applied in their view (their likes, whether they see hidden posts). */
export interface ForumViewer {
  userId: number | null;
  isModerator: boolean;
}

/** One page of `GET /api/forum/{presentationId}/posts`. */
export interface ForumPage {
  posts: ForumPost[];
  nextCursor: number | null;
}

/**
 * What the panel shows. Invariant: `posts` holds each id once, pinned posts first, then newest
 * first, each post's replies oldest first; non-moderators never hold a hidden post.
 */
export interface ForumState {
  viewer: ForumViewer;
  posts: ForumPost[];
  /** Where the next older page starts; null when every post is loaded. */
  nextCursor: number | null;
}

export function emptyForum(viewer: ForumViewer): ForumState {
  return { viewer, posts: [], nextCursor: null };
}

const displayOrder = (a: ForumPost, b: ForumPost) => Number(b.pinned) - Number(a.pinned) || b.id - a.id;

function withPosts(state: ForumState, posts: ForumPost[]): ForumState {
  return { ...state, posts: posts.filter((post) => state.viewer.isModerator || !post.hidden).sort(displayOrder) };
}

function updatePost(state: ForumState, id: number, update: (post: ForumPost) => ForumPost): ForumState {
  if (!state.posts.some((post) => post.id === id)) return state;
  return withPosts(
    state,
    state.posts.map((post) => (post.id === id ? update(post) : post)),
  );
}

/**
 * A post as another reader sent it (a broadcast carries the view of whoever made the change):
 * the counts are theirs to tell, whether this viewer liked it is not.
 */
function inViewerTerms(incoming: ForumPost, known: ForumPost | undefined): ForumPost {
  const knownReplies = new Map(known?.replies.map((reply) => [reply.id, reply]));
  return {
    ...incoming,
    liked_by_user: known?.liked_by_user ?? false,
    replies: incoming.replies.map((reply) => ({
      ...reply,
      liked_by_user: knownReplies.get(reply.id)?.liked_by_user ?? false,
    })),
  };
}

function upsertPost(state: ForumState, post: ForumPost): ForumState {
  const known = state.posts.find((candidate) => candidate.id === post.id);
  const merged = inViewerTerms(post, known);
  return withPosts(state, [...state.posts.filter((candidate) => candidate.id !== post.id), merged]);
}

function upsertReply(state: ForumState, reply: ForumReply): ForumState {
  return updatePost(state, reply.post_id, (post) => {
    const known = post.replies.find((candidate) => candidate.id === reply.id);
    const merged = { ...reply, liked_by_user: known?.liked_by_user ?? false };
    const replies = [...post.replies.filter((candidate) => candidate.id !== reply.id), merged];
    return { ...post, replies: replies.sort((a, b) => a.id - b.id) };
  });
}

/**
 * Applies one change of the forum room, or the answer of one of the viewer's own calls phrased as
 * the change it made. Idempotent: applying a change twice, or the answer and then the broadcast
 * of the same change, gives the same state as applying it once.
 */
export function applyForumChange(state: ForumState, change: ForumChange): ForumState {
  switch (change.type) {
    case "post_created":
    case "post_shown":
      return upsertPost(state, change.data.post);
    case "post_deleted":
      return { ...state, posts: state.posts.filter((post) => post.id !== change.data.id) };
    case "post_hidden":
      return updatePost(state, change.data.id, (post) => ({ ...post, hidden: true }));
    case "post_pinned":
      return updatePost(state, change.data.id, (post) => ({ ...post, pinned: change.data.pinned }));
    case "post_likes": {
      const { id, likes, userId, liked } = change.data;
      return updatePost(state, id, (post) => ({
        ...post,
        likes,
        liked_by_user: userId === state.viewer.userId ? liked : post.liked_by_user,
      }));
    }
    case "reply_created":
      return upsertReply(state, change.data.reply);
    case "reply_deleted":
      return updatePost(state, change.data.postId, (post) => ({
        ...post,
        replies: post.replies.filter((reply) => reply.id !== change.data.id),
      }));
    case "reply_likes": {
      const { id, postId, likes, userId, liked } = change.data;
      return updatePost(state, postId, (post) => ({
        ...post,
        replies: post.replies.map((reply) =>
          reply.id === id
            ? { ...reply, likes, liked_by_user: userId === state.viewer.userId ? liked : reply.liked_by_user }
            : reply,
        ),
      }));
    }
    case "author_deleted": {
      const { userId } = change.data;
      const anonymous = <Item extends ForumPost | ForumReply>(item: Item): Item =>
        item.user.id === userId ? { ...item, user: deletedForumUser(userId) } : item;
      return {
        ...state,
        posts: state.posts.map((post) => anonymous({ ...post, replies: post.replies.map(anonymous) })),
      };
    }
    default:
      change satisfies never;
      return state;
  }
}

/**
 * A page read through the API, in the viewer's own terms, then the changes the room pushed while
 * it was being read: the page may predate them. The first page replaces what was shown (after a
 * reset, deleted posts must go); an older page adds to it.
 */
export function applyForumPage(
  state: ForumState,
  page: ForumPage,
  first: boolean,
  changesDuringLoad: readonly ForumChange[],
): ForumState {
  const kept = first ? [] : state.posts.filter((post) => !page.posts.some((loaded) => loaded.id === post.id));
  const loaded = withPosts({ ...state, nextCursor: page.nextCursor }, [...kept, ...page.posts]);
  return changesDuringLoad.reduce(applyForumChange, loaded);
}
