import type { ForumPost, ForumReply } from "@core/forum/changes";
import type { PublicEvent } from "@core/schedule/public-schedule";
import { useAtomValue } from "jotai";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { eventPasswordAtom } from "../../app-state/event-password";
import { useSession } from "../../app-state/session";
import { Button } from "../../components/button";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { EmptyState } from "../../components/empty-state";
import { ErrorState } from "../../components/error-state";
import { ChatBubblesIcon, LoginIcon } from "../../components/icons";
import { Toast } from "../../components/toast";
import { useRequireLogin } from "../../lib/login-request";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { ForumComposer } from "./forum-composer";
import styles from "./forum-panel.module.css";
import { ForumPostItem } from "./forum-post";
import type { ForumViewer } from "./forum-state";
import { type ForumAlert, useForum } from "./use-forum";
import { useMinuteClock } from "./use-minute-clock";

/** Spec §8 error dialogs close by themselves after 10 s. */
const ALERT_CLOSE_MS = 10_000;

type PendingDelete = { kind: "post"; post: ForumPost } | { kind: "reply"; reply: ForumReply };

/** 'Login to access': remembers this page and opens the login overlay. */
function LoginToAccess({ text }: { text: string }) {
  const { t } = useTranslation("forum");
  const requireLogin = useRequireLogin();
  return (
    <div className={styles.login}>
      <p className={styles.loginText}>{text}</p>
      <Button className={styles.loginButton} onPress={() => requireLogin()} data-testid="forum-login">
        <LoginIcon />
        {t("login")}
      </Button>
    </div>
  );
}

/** A failed like, delete or moderation: the §8 alert and the server's reason, closing by itself. */
function AlertToast({ alert, onClose }: { alert: ForumAlert; onClose: () => void }) {
  const { t } = useTranslation("forum");
  const errorText = useApiErrorText();
  return (
    <Toast tone="danger" title={t(alert.key)} onClose={onClose} closeAfterMs={ALERT_CLOSE_MS} testId="forum-alert">
      {alert.error.code === "network" ? errorText(alert.error) : alert.error.message}
    </Toast>
  );
}

function ForumBody({
  presentationId,
  event,
  token,
  password,
  viewer,
}: {
  presentationId: number;
  event: PublicEvent;
  token: string | null;
  password: string | null;
  viewer: ForumViewer;
}) {
  const { t } = useTranslation(["forum", "common"]);
  const errorText = useApiErrorText();
  const now = useMinuteClock();
  const titleId = useId();
  const loggedIn = token !== null;
  const canRead = loggedIn || event.allowAnonymousAccess;
  const forum = useForum(presentationId, { token, password }, viewer, canRead);
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const { dismissAlert } = forum;

  function confirmDelete() {
    if (!pendingDelete) return;
    if (pendingDelete.kind === "post") void forum.actions.deletePost(pendingDelete.post.id);
    else void forum.actions.deleteReply(pendingDelete.reply);
    setPendingDelete(null);
  }

  return (
    <section className={styles.panel} aria-labelledby={titleId} data-testid="forum-panel">
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          <ChatBubblesIcon className={styles.titleIcon} />
          {t("title")}
        </h2>
        {canRead && forum.load.status === "ready" ? (
          <span className={styles.live} data-live={forum.live || undefined} data-testid="forum-live">
            {t(forum.live ? "live.on" : "live.reconnecting")}
          </span>
        ) : null}
      </header>

      {loggedIn ? (
        <ForumComposer
          label={t("post.label")}
          placeholder={t("post.placeholder")}
          submitLabel={t("post.submit")}
          failureKey="alert.post"
          onSubmit={forum.actions.post}
          testId="forum-post-form"
        />
      ) : (
        <LoginToAccess text={t(canRead ? "login.to-post" : "login.to-read")} />
      )}

      {!canRead ? null : forum.load.status === "loading" ? (
        <p className={styles.status} role="status" data-testid="forum-loading">
          {t("loading")}
        </p>
      ) : forum.load.status === "failed" ? (
        <ErrorState compact title={t("load.failed")} onRetry={forum.retry} testId="forum-load-error">
          {errorText(forum.load.error)}
        </ErrorState>
      ) : forum.posts.length === 0 ? (
        <EmptyState compact icon={<ChatBubblesIcon />} title={t("empty")} testId="forum-empty" />
      ) : (
        <ol className={styles.posts} data-testid="forum-posts">
          {forum.posts.map((post) => (
            <ForumPostItem
              key={post.id}
              post={post}
              viewer={viewer}
              now={now}
              actions={forum.actions}
              onDeletePost={(target) => setPendingDelete({ kind: "post", post: target })}
              onDeleteReply={(target) => setPendingDelete({ kind: "reply", reply: target })}
            />
          ))}
        </ol>
      )}

      {canRead && forum.hasMore && forum.load.status === "ready" ? (
        <button
          type="button"
          className={styles.more}
          disabled={forum.loadingMore}
          onClick={() => void forum.loadMore()}
          data-testid="forum-load-more"
        >
          {t(forum.loadingMore ? "loading" : "load-more")}
        </button>
      ) : null}

      {forum.alert ? <AlertToast key={forum.alert.id} alert={forum.alert} onClose={dismissAlert} /> : null}

      {pendingDelete ? (
        <ConfirmDialog
          question={t(pendingDelete.kind === "post" ? "delete.post.question" : "delete.reply.question")}
          yesLabel={t("confirm.yes")}
          noLabel={t("confirm.no")}
          onYes={confirmDelete}
          onNo={() => setPendingDelete(null)}
          testId="forum-confirm"
        />
      ) : null}
    </section>
  );
}

/**
 * The forum of a presentation (spec §2 Forum panel): posts with replies, live. Starts afresh when
 * the viewer logs in or out, or the event password changes: both change what the server shows.
 */
export function ForumPanel({
  slug,
  presentationId,
  event,
}: {
  slug: string;
  presentationId: number;
  event: PublicEvent;
}) {
  const [session] = useSession(slug);
  const password = useAtomValue(eventPasswordAtom(slug));
  const token = session?.token ?? null;
  const viewer: ForumViewer = { userId: session?.user.id ?? null, isModerator: session?.user.is_moderator ?? false };
  return (
    <ForumBody
      key={`${token ?? ""}\n${password ?? ""}`}
      presentationId={presentationId}
      event={event}
      token={token}
      password={password}
      viewer={viewer}
    />
  );
}
