import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { AlertIcon } from "../../components/icons";
// The quiz tab's cards share one look: the manage-quiz panel's.
import styles from "../../components/quiz/quiz-panels.module.css";
import type { ApiError } from "../../lib/api";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { useHeadingFocus } from "./use-heading-focus";

/** A state of the quiz page said in one card: live elsewhere, not open, all answered, results not open. */
export function QuizSelfNotice({
  icon,
  title,
  children,
  actions,
  takeFocus = false,
  testId,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** The notice replaced what had the keyboard focus. */
  takeFocus?: boolean;
  testId: string;
}) {
  const heading = useHeadingFocus(takeFocus);
  return (
    <section className={styles.panel} aria-labelledby={`${testId}-title`} data-testid={testId}>
      <span className={styles.icon}>{icon}</span>
      <h2 id={`${testId}-title`} ref={heading} tabIndex={-1} className={styles.title}>
        {title}
      </h2>
      {children ? <p className={styles.text}>{children}</p> : null}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </section>
  );
}

/** What could not be loaded: why, in the reader's language, and Retry. */
export function LoadFailedNotice({
  failure,
  onRetry,
  testId,
}: {
  failure: ApiError;
  onRetry: () => void;
  testId: string;
}) {
  const { t } = useTranslation("common");
  const errorText = useApiErrorText();
  return (
    <QuizSelfNotice
      icon={<AlertIcon />}
      title={errorText(failure)}
      testId={testId}
      actions={<Button onPress={onRetry}>{t("action.retry")}</Button>}
    />
  );
}

/** Told to screen readers while the page loads; nothing is drawn for so short a wait. */
export function LoadingStatus() {
  const { t } = useTranslation("common");
  return (
    <p className="visually-hidden" role="status">
      {t("app.loading")}
    </p>
  );
}
