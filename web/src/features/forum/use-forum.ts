import type { ForumChange, ForumPost, ForumReply } from "@core/forum/changes";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { type ApiError, asApiError } from "../../lib/api";
import {
  createPost,
  createReply,
  deleteMessage,
  type ForumAccess,
  fetchForumPage,
  moderatePost,
  setLike,
} from "./forum-api";
import { connectForumRoom } from "./forum-room-socket";
import { applyForumChange, applyForumPage, emptyForum, type ForumPage, type ForumViewer } from "./forum-state";

/** Without a first `hello` by then, the first page is read anyway (and read again once connected). */
const FIRST_LOAD_FALLBACK_MS = 2_000;

type Action =
  | { type: "page"; page: ForumPage; first: boolean; changes: ForumChange[] }
  | { type: "change"; change: ForumChange };

type ForumLoad = { status: "loading" } | { status: "ready" } | { status: "failed"; error: ApiError };

/** The §8 alert keys of the forum namespace, one per call that can fail. */
export type ForumAlertKey =
  | "alert.post"
  | "alert.reply"
  | "alert.delete-post"
  | "alert.delete-reply"
  | "alert.like-post"
  | "alert.unlike-post"
  | "alert.like-reply"
  | "alert.unlike-reply"
  | "alert.moderate"
  | "alert.load";

export interface ForumAlert {
  /** Changes with every alert, so the same message raised twice is shown twice. */
  id: number;
  key: ForumAlertKey;
  error: ApiError;
}

/**
 * The forum of a presentation as the viewer sees it: the first page read through the API, older
 * pages on demand, and every change of the forum room applied by id as it comes. `canRead` false
 * (anonymous on an event that wants a login) reads nothing and connects nowhere.
 */
export function useForum(presentationId: number, access: ForumAccess, viewer: ForumViewer, canRead: boolean) {
  const [state, dispatch] = useReducer(
    (current: ReturnType<typeof emptyForum>, action: Action) =>
      action.type === "page"
        ? applyForumPage(current, action.page, action.first, action.changes)
        : applyForumChange(current, action.change),
    viewer,
    emptyForum,
  );
  const [load, setLoad] = useState<ForumLoad>({ status: "loading" });
  const [loadingMore, setLoadingMore] = useState(false);
  const [live, setLive] = useState(false);
  const [alert, setAlert] = useState<ForumAlert | null>(null);
  // Changes received while a page is being read are applied again on top of it: it may predate them.
  const reading = useRef({ pages: 0, changes: [] as ForumChange[] });
  const lastSeq = useRef(0);
  const unmounted = useRef(new AbortController());
  const pendingLikes = useRef(new Set<string>());
  const loaded = useRef(false);
  const { token, password } = access;
  const stableAccess = useMemo(() => ({ token, password }), [token, password]);

  const apply = useCallback((change: ForumChange) => {
    if (reading.current.pages > 0) reading.current.changes.push(change);
    dispatch({ type: "change", change });
  }, []);

  const readPage = useCallback(
    async (cursor: number | null) => {
      const tracker = reading.current;
      tracker.pages++;
      const from = tracker.changes.length;
      try {
        const page = await fetchForumPage(stableAccess, presentationId, cursor, unmounted.current.signal);
        dispatch({ type: "page", page, first: cursor === null, changes: tracker.changes.slice(from) });
        return null;
      } catch (error) {
        return unmounted.current.signal.aborted ? null : asApiError(error);
      } finally {
        tracker.pages--;
        if (tracker.pages === 0) tracker.changes = [];
      }
    },
    [presentationId, stableAccess],
  );

  const dismissAlert = useCallback(() => setAlert(null), []);

  const raise = useCallback((key: ForumAlertKey, error: unknown) => {
    if (unmounted.current.signal.aborted) return;
    setAlert((previous) => ({ id: (previous?.id ?? 0) + 1, key, error: asApiError(error) }));
  }, []);

  /** Reads the first page (again); once the forum is shown, a failure is an alert and the posts stay. */
  const reload = useCallback(async () => {
    const error = await readPage(null);
    if (unmounted.current.signal.aborted) return;
    if (!error) {
      loaded.current = true;
      setLoad({ status: "ready" });
    } else if (loaded.current) {
      raise("alert.load", error);
    } else {
      setLoad({ status: "failed", error });
    }
  }, [readPage, raise]);

  useEffect(() => {
    const controller = new AbortController();
    unmounted.current = controller;
    if (!canRead) return () => controller.abort();
    let connected = false;
    const fallback = setTimeout(() => void reload(), FIRST_LOAD_FALLBACK_MS);
    const disconnect = connectForumRoom(presentationId, stableAccess, () => lastSeq.current, {
      onHello(seq) {
        setLive(true);
        // A room whose log went back (its storage was wiped) numbers afresh: start over from it.
        const renumbered = seq < lastSeq.current;
        lastSeq.current = seq;
        // The first page is read once the room counts this client in, so no change falls between.
        if (!connected || renumbered) {
          connected = true;
          clearTimeout(fallback);
          void reload();
        }
      },
      onChange(seq, change) {
        if (seq <= lastSeq.current) return;
        lastSeq.current = seq;
        if (change) apply(change);
      },
      onReset(seq) {
        lastSeq.current = seq;
        void reload();
      },
      onClose() {
        setLive(false);
      },
    });
    return () => {
      controller.abort();
      clearTimeout(fallback);
      disconnect();
    };
  }, [canRead, presentationId, stableAccess, apply, reload]);

  const loadMore = useCallback(async () => {
    if (state.nextCursor === null || loadingMore) return;
    setLoadingMore(true);
    const error = await readPage(state.nextCursor);
    if (unmounted.current.signal.aborted) return;
    setLoadingMore(false);
    if (error) raise("alert.load", error);
  }, [state.nextCursor, loadingMore, readPage, raise]);

  const userId = viewer.userId ?? 0;

  /** Optimistic: the heart and the count change at once, and come back if the call fails. */
  const toggleLike = async (
    target: { kind: "posts" | "replies"; id: number },
    current: { likes: number; liked: boolean },
    changeFor: (likes: number, liked: boolean) => ForumChange,
    failure: { like: ForumAlertKey; unlike: ForumAlertKey },
  ) => {
    const key = `${target.kind}:${target.id}`;
    if (pendingLikes.current.has(key)) return;
    pendingLikes.current.add(key);
    const liked = !current.liked;
    apply(changeFor(Math.max(0, current.likes + (liked ? 1 : -1)), liked));
    try {
      const result = await setLike(stableAccess, target, liked);
      apply(changeFor(result.likes, result.liked_by_user));
    } catch (error) {
      apply(changeFor(current.likes, current.liked));
      raise(liked ? failure.like : failure.unlike, error);
    } finally {
      pendingLikes.current.delete(key);
    }
  };

  /** Runs a call whose result is the change it made; a failure raises the alert. */
  const attempt = async (failure: ForumAlertKey, call: () => Promise<ForumChange>) => {
    try {
      apply(await call());
    } catch (error) {
      raise(failure, error);
    }
  };

  /** Like `attempt`, for the forms: the failure goes back to be shown beside the form. */
  const submit = async (call: () => Promise<ForumChange>): Promise<ApiError | null> => {
    try {
      apply(await call());
      return null;
    } catch (error) {
      return asApiError(error);
    }
  };

  const actions = {
    post: (text: string) =>
      submit(async () => ({
        type: "post_created",
        data: { post: await createPost(stableAccess, presentationId, text) },
      })),
    reply: (postId: number, text: string) =>
      submit(async () => ({ type: "reply_created", data: { reply: await createReply(stableAccess, postId, text) } })),
    togglePostLike: (post: ForumPost) =>
      toggleLike(
        { kind: "posts", id: post.id },
        { likes: post.likes, liked: post.liked_by_user },
        (likes, liked) => ({ type: "post_likes", data: { id: post.id, likes, userId, liked } }),
        { like: "alert.like-post", unlike: "alert.unlike-post" },
      ),
    toggleReplyLike: (reply: ForumReply) =>
      toggleLike(
        { kind: "replies", id: reply.id },
        { likes: reply.likes, liked: reply.liked_by_user },
        (likes, liked) => ({
          type: "reply_likes",
          data: { id: reply.id, postId: reply.post_id, likes, userId, liked },
        }),
        { like: "alert.like-reply", unlike: "alert.unlike-reply" },
      ),
    deletePost: (postId: number) =>
      attempt("alert.delete-post", async () => {
        await deleteMessage(stableAccess, { kind: "posts", id: postId });
        return { type: "post_deleted", data: { id: postId } };
      }),
    deleteReply: (reply: ForumReply) =>
      attempt("alert.delete-reply", async () => {
        await deleteMessage(stableAccess, { kind: "replies", id: reply.id });
        return { type: "reply_deleted", data: { id: reply.id, postId: reply.post_id } };
      }),
    setPinned: (postId: number, pinned: boolean) =>
      attempt("alert.moderate", async () => {
        await moderatePost(stableAccess, postId, { pinned });
        return { type: "post_pinned", data: { id: postId, pinned } };
      }),
    setHidden: (postId: number, hidden: boolean) =>
      attempt("alert.moderate", async () => {
        const post = await moderatePost(stableAccess, postId, { hidden });
        return hidden ? { type: "post_hidden", data: { id: postId } } : { type: "post_shown", data: { post } };
      }),
  };

  return {
    posts: state.posts,
    hasMore: state.nextCursor !== null,
    load,
    loadingMore,
    live,
    alert,
    dismissAlert,
    loadMore,
    retry() {
      setLoad({ status: "loading" });
      void reload();
    },
    actions,
  };
}
