import { entryLeadsSomewhere } from "@core/quiz/quiz-entry";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link";
import { QuestionCircleIcon } from "../../components/icons";
import { useQuizEntryText } from "../../components/quiz/use-quiz-entry-text";
import { quizEntryPath } from "../../lib/live-quiz-paths";
import { useEventQuizEntry, useNearScreen } from "../../lib/use-quiz-status";
import styles from "./presentation-card.module.css";

/**
 * A schedule card's QUIZ: a way in only when it leads somewhere now (the live quiz's waiting page
 * while its lobby is open or it runs, the self-paced quiz while it is open); otherwise what and
 * when ("No quiz yet", "Quiz from 10:00"). The event's statuses are asked once, when the first
 * card nears the screen, for every card. An anonymous visitor's way in opens the login overlay, to come back to that page.
 */
export function QuizButton({
  presentationId,
  basePath,
  href,
  signedIn,
  onLoginRequired,
}: {
  presentationId: number;
  basePath: string;
  href: (path: string) => string;
  signedIn: boolean;
  onLoginRequired: (redirectPath: string) => void;
}) {
  const { t } = useTranslation("schedule");
  const placeholder = useRef<HTMLSpanElement>(null);
  const entry = useEventQuizEntry(presentationId, useNearScreen(placeholder));
  const entryText = useQuizEntryText();
  const content = (
    <>
      <QuestionCircleIcon />
      {t("action.quiz")}
    </>
  );
  if (!entry) {
    return (
      <span ref={placeholder} className={styles.actionNote} aria-busy="true" data-testid="quiz-entry-pending">
        {content}
      </span>
    );
  }
  if (!entryLeadsSomewhere(entry)) {
    return (
      <span className={styles.actionNote} data-entry={entry.kind} data-testid="quiz-entry-note">
        <QuestionCircleIcon />
        {entryText(entry)}
      </span>
    );
  }
  const target = href(quizEntryPath(basePath, entry));
  return signedIn ? (
    <AppLink className={styles.action} href={target} data-entry={entry.kind} data-testid="quiz-link">
      {content}
    </AppLink>
  ) : (
    <button
      type="button"
      className={styles.action}
      onClick={() => onLoginRequired(target)}
      data-entry={entry.kind}
      data-testid="quiz-link"
    >
      {content}
    </button>
  );
}
