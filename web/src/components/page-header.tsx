import type { ReactNode } from "react";
import styles from "./page-header.module.css";

/**
 * A page's title (the `<h2>` under the shell's event name), an optional line under it, and its
 * actions at the end of the row; on a phone the actions go under the title.
 */
export function PageHeader({
  title,
  titleId,
  subtitle,
  actions,
  className,
}: {
  title: ReactNode;
  /** The page's `aria-labelledby` target. */
  titleId?: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** Layout only (a margin, a grid area). */
  className?: string;
}) {
  return (
    <header className={[styles.header, className].filter(Boolean).join(" ")}>
      <div className={styles.heading}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </header>
  );
}
