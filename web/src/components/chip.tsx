import type { ReactNode } from "react";
import styles from "./chip.module.css";

export type ChipTone = "neutral" | "brand" | "success" | "warning" | "danger";

/** A short label beside what it qualifies: a state ("Live", "Draft"), a count, a kind. Not pressable. */
export function Chip({
  tone = "neutral",
  icon,
  children,
  ...data
}: {
  tone?: ChipTone;
  icon?: ReactNode;
  children: ReactNode;
  /** `data-testid`, and a state for tests to read (`data-grade`). */
  [data: `data-${string}`]: string | undefined;
}) {
  return (
    <span className={`${styles.chip} ${styles[tone]}`} {...data}>
      {icon}
      {children}
    </span>
  );
}
