import type { ReactNode } from "react";
import styles from "./presentation-header.module.css";

/** A message in place of a page part that cannot be shown: an unknown presentation, a module to come. */
export function PresentationNotice({
  icon,
  title,
  children,
  action,
  testId,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  /** A way on from here, such as back to the schedule. */
  action?: ReactNode;
  testId: string;
}) {
  return (
    <section className={styles.notice} data-testid={testId} aria-labelledby={`${testId}-title`}>
      <span className={styles.noticeIcon}>{icon}</span>
      <h2 id={`${testId}-title`} className={styles.noticeTitle}>
        {title}
      </h2>
      <p className={styles.noticeText}>{children}</p>
      {action ? <div className={styles.noticeAction}>{action}</div> : null}
    </section>
  );
}
