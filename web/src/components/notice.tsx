import type { ReactNode } from "react";
import { AlertIcon, CheckCircleIcon } from "./icons";
import styles from "./notice.module.css";

export type NoticeTone = "success" | "warning" | "danger";

/**
 * A message in the flow of a form: a success is announced politely, a warning or a failure at
 * once (`role="alert"`), with an optional title (the spec's 'Error!').
 */
export function Notice({
  tone,
  title,
  children,
  testId,
}: {
  tone: NoticeTone;
  title?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className={`${styles.notice} ${styles[tone]}`}
      role={tone === "success" ? "status" : "alert"}
      data-testid={testId}
    >
      {tone === "success" ? <CheckCircleIcon className={styles.icon} /> : <AlertIcon className={styles.icon} />}
      <div className={styles.body}>
        {title ? <p className={styles.title}>{title}</p> : null}
        <p>{children}</p>
      </div>
    </div>
  );
}
