import type { ForumPost, ForumReply } from "@core/forum/changes";
import { canDelete, canModerate, type ForumActor } from "@core/forum/rules";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { EyeIcon, EyeOffIcon, HeartIcon, ReplyIcon, ThumbtackIcon, TrashIcon } from "../../components/icons";
import { ForumAuthor } from "./forum-author";
import { ForumComposer } from "./forum-composer";
import styles from "./forum-panel.module.css";
import type { ForumViewer } from "./forum-state";
import { MessageText } from "./message-text";
import type { useForum } from "./use-forum";

type ForumActions = ReturnType<typeof useForum>["actions"];

/** The viewer in the terms of the forum rules; null when anonymous, who may only read. */
const actorOf = (viewer: ForumViewer): ForumActor | null =>
  viewer.userId === null ? null : { userId: viewer.userId, isModerator: viewer.isModerator };

const POST_PICTURE_PX = 40;
const REPLY_PICTURE_PX = 32;

/** The heart and its count; a reader who may not like (anonymous) sees the count only. */
function LikeButton({
  likes,
  liked,
  enabled,
  onToggle,
}: {
  likes: number;
  liked: boolean;
  enabled: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation("forum");
  const label = t(liked ? "like.remove" : "like.add", { likes });
  if (!enabled) {
    return (
      <span className={styles.likes} data-testid="forum-like-count" title={label}>
        <HeartIcon className={styles.actionIcon} />
        {likes}
      </span>
    );
  }
  // Named by its visible count after a hidden "Like" (axe: the visible text is part of the name);
  // aria-pressed says whether it is liked.
  return (
    <button
      type="button"
      className={styles.action}
      aria-pressed={liked}
      title={label}
      onClick={onToggle}
      data-testid="forum-like"
    >
      <HeartIcon className={styles.actionIcon} />
      <span className="visually-hidden">{`${t("like.name")} `}</span>
      <span data-testid="forum-like-count">{likes}</span>
    </button>
  );
}

function DeleteButton({ onClick, testId }: { onClick: () => void; testId: string }) {
  const { t } = useTranslation("forum");
  return (
    <button type="button" className={`${styles.action} ${styles.danger}`} onClick={onClick} data-testid={testId}>
      <TrashIcon className={styles.actionIcon} />
      {t("delete")}
    </button>
  );
}

function ReplyItem({
  reply,
  viewer,
  now,
  actions,
  onDelete,
}: {
  reply: ForumReply;
  viewer: ForumViewer;
  now: number;
  actions: ForumActions;
  onDelete: (reply: ForumReply) => void;
}) {
  const actor = actorOf(viewer);
  const deletable = actor !== null && canDelete(actor, reply.user.id);
  return (
    <li className={styles.reply} data-testid="forum-reply" data-reply-id={reply.id}>
      <ForumAuthor user={reply.user} createdAt={reply.created_at} now={now} pictureSize={REPLY_PICTURE_PX} />
      <MessageText text={reply.reply} className={styles.text} />
      <div className={styles.actions}>
        <LikeButton
          likes={reply.likes}
          liked={reply.liked_by_user}
          enabled={actor !== null}
          onToggle={() => void actions.toggleReplyLike(reply)}
        />
        {deletable ? <DeleteButton onClick={() => onDelete(reply)} testId="forum-reply-delete" /> : null}
      </div>
    </li>
  );
}

/**
 * One post with its replies: like, reply, delete (author or moderator) and, for moderators, pin
 * and hide. Deleting asks first, through `onDeletePost` / `onDeleteReply`.
 */
export function ForumPostItem({
  post,
  viewer,
  now,
  actions,
  onDeletePost,
  onDeleteReply,
}: {
  post: ForumPost;
  viewer: ForumViewer;
  now: number;
  actions: ForumActions;
  onDeletePost: (post: ForumPost) => void;
  onDeleteReply: (reply: ForumReply) => void;
}) {
  const { t } = useTranslation("forum");
  const [replying, setReplying] = useState(false);
  const repliesId = useId();
  const actor = actorOf(viewer);
  const deletable = actor !== null && canDelete(actor, post.user.id);
  const moderator = actor !== null && canModerate(actor);

  return (
    <li
      className={styles.post}
      data-pinned={post.pinned || undefined}
      data-hidden={post.hidden || undefined}
      data-testid="forum-post"
      data-post-id={post.id}
    >
      {post.pinned || post.hidden ? (
        <p className={styles.flags}>
          {post.pinned ? (
            <span className={styles.flag} data-testid="forum-pinned">
              <ThumbtackIcon className={styles.flagIcon} />
              {t("flag.pinned")}
            </span>
          ) : null}
          {post.hidden ? (
            <span className={`${styles.flag} ${styles.hiddenFlag}`} data-testid="forum-hidden">
              <EyeOffIcon className={styles.flagIcon} />
              {t("flag.hidden")}
            </span>
          ) : null}
        </p>
      ) : null}
      <ForumAuthor user={post.user} createdAt={post.created_at} now={now} pictureSize={POST_PICTURE_PX} />
      <MessageText text={post.post} className={styles.text} />
      <div className={styles.actions}>
        <LikeButton
          likes={post.likes}
          liked={post.liked_by_user}
          enabled={actor !== null}
          onToggle={() => void actions.togglePostLike(post)}
        />
        {actor ? (
          <button
            type="button"
            className={styles.action}
            aria-expanded={replying}
            onClick={() => setReplying((open) => !open)}
            data-testid="forum-reply-open"
          >
            <ReplyIcon className={styles.actionIcon} />
            {t("reply.open")}
          </button>
        ) : null}
        {moderator ? (
          <>
            <button
              type="button"
              className={styles.action}
              aria-pressed={post.pinned}
              onClick={() => void actions.setPinned(post.id, !post.pinned)}
              data-testid="forum-pin"
            >
              <ThumbtackIcon className={styles.actionIcon} />
              {t(post.pinned ? "moderate.unpin" : "moderate.pin")}
            </button>
            <button
              type="button"
              className={styles.action}
              aria-pressed={post.hidden}
              onClick={() => void actions.setHidden(post.id, !post.hidden)}
              data-testid="forum-hide"
            >
              {post.hidden ? <EyeIcon className={styles.actionIcon} /> : <EyeOffIcon className={styles.actionIcon} />}
              {t(post.hidden ? "moderate.show" : "moderate.hide")}
            </button>
          </>
        ) : null}
        {deletable ? <DeleteButton onClick={() => onDeletePost(post)} testId="forum-post-delete" /> : null}
      </div>

      {post.replies.length > 0 ? (
        <section className={styles.replies} aria-labelledby={repliesId}>
          <h3 id={repliesId} className="visually-hidden">
            {t("replies", { count: post.replies.length })}
          </h3>
          <ol className={styles.replyList}>
            {post.replies.map((reply) => (
              <ReplyItem
                key={reply.id}
                reply={reply}
                viewer={viewer}
                now={now}
                actions={actions}
                onDelete={onDeleteReply}
              />
            ))}
          </ol>
        </section>
      ) : null}

      {replying ? (
        <div className={styles.replyForm}>
          <ForumComposer
            label={t("reply.label", { name: post.user.deleted ? t("author.deleted") : post.user.name })}
            placeholder={t("reply.placeholder")}
            submitLabel={t("reply.submit")}
            failureKey="alert.reply"
            autoFocus
            onCancel={() => setReplying(false)}
            onSubmit={async (text) => {
              const error = await actions.reply(post.id, text);
              if (!error) setReplying(false);
              return error;
            }}
            testId="forum-reply-form"
          />
        </div>
      ) : null}
    </li>
  );
}
