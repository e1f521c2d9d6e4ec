import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/card";
import { Chip, type ChipTone } from "../../components/chip";
import { AlertIcon, CheckCircleIcon, ClockIcon } from "../../components/icons";
import type { Grade } from "./check-grades";
import styles from "./device-test.module.css";

const GRADE_TONES: Record<Grade | "running", ChipTone> = {
  pass: "success",
  warn: "warning",
  fail: "danger",
  running: "neutral",
};

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
    <Card as="section" className={styles.card} aria-labelledby={`${testId}-title`} data-testid={testId}>
      <header className={styles.cardHeader}>
        <h2 id={`${testId}-title`} className={styles.cardTitle}>
          {title}
        </h2>
        <Chip
          tone={GRADE_TONES[grade ?? "running"]}
          icon={icon}
          data-testid={`${testId}-grade`}
          data-grade={grade ?? "running"}
        >
          {t(`test.grade.${grade ?? "running"}`)}
        </Chip>
      </header>
      {children}
      {advice ? (
        <p className={styles.advice} role={grade === "fail" ? "alert" : undefined}>
          {advice}
        </p>
      ) : null}
    </Card>
  );
}
