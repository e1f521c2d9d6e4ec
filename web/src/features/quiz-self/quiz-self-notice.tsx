import type { ReactNode } from "react";
import styles from "./quiz-self-notice.module.css";
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
    <section className={styles.notice} aria-labelledby={`${testId}-title`} data-testid={testId}>
      <span className={styles.icon}>{icon}</span>
      <h2 id={`${testId}-title`} ref={heading} tabIndex={-1} className={styles.title}>
        {title}
      </h2>
      {children ? <p className={styles.text}>{children}</p> : null}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </section>
  );
}
