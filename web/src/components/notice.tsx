import type { ReactNode } from "react";
import { AlertIcon, CheckCircleIcon } from "./icons";
import styles from "./notice.module.css";

/**
 * A message in the flow of a form: a success is announced politely, a failure at once
 * (`role="alert"`), with an optional title (the spec's 'Error!').
 */
export function Notice({
  tone,
  title,
  children,
  testId,
}: {
  tone: "success" | "danger";
  title?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className={`${styles.notice} ${tone === "danger" ? styles.danger : styles.success}`}
      role={tone === "danger" ? "alert" : "status"}
      data-testid={testId}
    >
      {tone === "danger" ? <AlertIcon className={styles.icon} /> : <CheckCircleIcon className={styles.icon} />}
      <div className={styles.body}>
        {title ? <p className={styles.title}>{title}</p> : null}
        <p>{children}</p>
      </div>
    </div>
  );
}
