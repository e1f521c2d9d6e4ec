import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AlertIcon, CheckCircleIcon, ClockIcon } from "../../components/icons";
import type { Grade } from "./check-grades";
import styles from "./device-test.module.css";

/** One check of the test screen: its verdict, what it measured and what to do about it. */
export function CheckCard({
  title,
  grade,
  advice,
  children,
  testId,
}: {
  title: string;
  /** null while the check runs. */
  grade: Grade | null;
  advice: string | null;
  children?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation("live");
  const icon = grade === null ? <ClockIcon /> : grade === "pass" ? <CheckCircleIcon /> : <AlertIcon />;
  return (
    <section className={styles.card} aria-labelledby={`${testId}-title`} data-testid={testId}>
      <header className={styles.cardHeader}>
        <h2 id={`${testId}-title`} className={styles.cardTitle}>
          {title}
        </h2>
        <span
          className={`${styles.badge} ${styles[grade ?? "running"]}`}
          data-testid={`${testId}-grade`}
          data-grade={grade ?? "running"}
        >
          {icon}
          {t(`test.grade.${grade ?? "running"}`)}
        </span>
      </header>
      {children}
      {advice ? (
        <p className={styles.advice} role={grade === "fail" ? "alert" : undefined}>
          {advice}
        </p>
      ) : null}
    </section>
  );
}
