import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app-state/session";
import { AppLink, useHrefKeepingMode } from "../../components/app-link";
import { BroadcastIcon, ChatBubblesIcon, FileTextIcon, PlayCircleIcon, SlidersIcon } from "../../components/icons";
import { type PresentationButtons, presentationPaths } from "../../lib/presentation-buttons";
import { useRoomVisio } from "../../lib/use-room-visio";
import styles from "./presentation-card.module.css";
import { QuizButton } from "./quiz-button";

/**
 * The card's buttons (spec §2): Watch video, FORUM, QUIZ, LIVESTREAM, MANAGE QUIZ and the PDF.
 * An anonymous visitor's FORUM or QUIZ opens the login overlay, to come back to that page after;
 * their LIVESTREAM too, to come back to the schedule, where the card then links the live room.
 * QUIZ and LIVESTREAM are ways in only when they lead somewhere now; otherwise they say why.
 */
export function PresentationActions({
  slug,
  presentationId,
  roomId,
  pdfUrl,
  buttons,
  userId,
  onLoginRequired,
}: {
  slug: string;
  presentationId: number;
  /** The talk's room: LIVESTREAM leads to its visio only when that is on, and says so otherwise. */
  roomId: number | null;
  pdfUrl: string | null;
  buttons: PresentationButtons;
  /** The logged-in user; null when anonymous. */
  userId: number | null;
  onLoginRequired: (redirectPath: string) => void;
}) {
  const { t } = useTranslation("schedule");
  const href = useHrefKeepingMode();
  const paths = presentationPaths(slug, presentationId, userId);
  const [session] = useSession(slug);
  const visioEnabled = useRoomVisio(buttons.livestream ? roomId : null, session?.token ?? null);

  const needsLogin = (path: string, label: string, icon: ReactNode, testId: string) =>
    userId === null ? (
      <button type="button" className={styles.action} onClick={() => onLoginRequired(href(path))} data-testid={testId}>
        {icon}
        {label}
      </button>
    ) : (
      <AppLink className={styles.action} href={href(path)} data-testid={testId}>
        {icon}
        {label}
      </AppLink>
    );

  const livestream = () => {
    const content = (
      <>
        <BroadcastIcon />
        {t("action.livestream")}
      </>
    );
    // Red while the talk is on or to come today; once it has ended, an ordinary action.
    const className = buttons.livestreamEnded ? styles.action : `${styles.action} ${styles.liveAction}`;
    if (userId === null) {
      return (
        <button
          type="button"
          className={className}
          onClick={() => onLoginRequired(href(`/${slug}`))}
          data-testid="livestream-link"
        >
          {content}
        </button>
      );
    }
    // The live stream is a page outside the event's pages: an ordinary link, in the same window.
    if (visioEnabled) {
      return (
        <a className={className} href={paths.livestream} data-testid="livestream-link">
          {content}
        </a>
      );
    }
    // A room that does not stream says so, in words a touch screen shows too.
    if (visioEnabled === false) {
      return (
        <span className={styles.actionNote} data-testid="livestream-off">
          <BroadcastIcon />
          {t("action.livestream.off")}
        </span>
      );
    }
    return (
      <span className={styles.actionNote} aria-busy="true" data-testid="livestream-pending">
        {content}
      </span>
    );
  };

  const items: { key: string; node: ReactNode }[] = [];
  if (buttons.watchVideo) {
    items.push({
      key: "watch",
      node: (
        <AppLink
          className={`${styles.action} ${styles.primaryAction}`}
          href={href(paths.watch)}
          data-testid="watch-video"
        >
          <PlayCircleIcon />
          {t("action.watch-video")}
        </AppLink>
      ),
    });
  }
  if (buttons.forum) {
    items.push({ key: "forum", node: needsLogin(paths.forum, t("action.forum"), <ChatBubblesIcon />, "forum-link") });
  }
  if (buttons.quiz) {
    items.push({
      key: "quiz",
      node: (
        <QuizButton
          presentationId={presentationId}
          basePath={`/${slug}/${presentationId}`}
          href={href}
          signedIn={userId !== null}
          onLoginRequired={onLoginRequired}
        />
      ),
    });
  }
  if (buttons.livestream) items.push({ key: "livestream", node: livestream() });
  if (buttons.manageQuiz) {
    items.push({
      key: "manage-quiz",
      node: (
        <AppLink className={styles.action} href={href(paths.manageQuiz)} data-testid="manage-quiz-link">
          <SlidersIcon />
          {t("action.manage-quiz")}
        </AppLink>
      ),
    });
  }
  if (pdfUrl) {
    items.push({
      key: "pdf",
      node: (
        <a className={styles.action} href={pdfUrl} target="_blank" rel="noopener noreferrer" data-testid="pdf-link">
          <FileTextIcon />
          {t("action.pdf")}
        </a>
      ),
    });
  }
  if (items.length === 0) return null;
  return (
    <ul className={styles.actions}>
      {items.map((item) => (
        <li key={item.key}>{item.node}</li>
      ))}
    </ul>
  );
}
