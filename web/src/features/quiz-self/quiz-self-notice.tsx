import type { ReactNode } from "react";
import styles from "./quiz-self-notice.module.css";

/** A state of the quiz page said in one card: live elsewhere, not open, all answered, results not open. */
export function QuizSelfNotice({
  icon,
  title,
  children,
  actions,
  testId,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  testId: string;
}) {
  return (
    <section className={styles.notice} aria-labelledby={`${testId}-title`} data-testid={testId}>
      <span className={styles.icon}>{icon}</span>
      <h2 id={`${testId}-title`} className={styles.title}>
        {title}
      </h2>
      {children ? <p className={styles.text}>{children}</p> : null}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </section>
  );
}
