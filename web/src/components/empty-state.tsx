import type { ReactNode, Ref } from "react";
import styles from "./empty-state.module.css";

/**
 * What a region shows when it has nothing to show (no talk matches, no post yet), or cannot
 * (ErrorState): an icon, a title, a line of text and at most a couple of actions, centred.
 */
export function EmptyState({
  icon,
  title,
  titleId,
  headingLevel,
  tone = "neutral",
  children,
  actions,
  compact = false,
  headingRef,
  testId,
}: {
  icon?: ReactNode;
  title: ReactNode;
  titleId?: string;
  /**
   * 1 for a whole page (StatusScreen), else the level under the page's title; none (a paragraph)
   * when compact, where it is a line of a list rather than a section.
   */
  headingLevel?: 1 | 2 | 3;
  tone?: "neutral" | "danger";
  children?: ReactNode;
  actions?: ReactNode;
  /** In a list or a panel: less room around it, no icon disc. */
  compact?: boolean;
  /** Given, the title can take the keyboard focus (when the state replaces what had it). */
  headingRef?: Ref<HTMLHeadingElement>;
  testId?: string;
}) {
  const Heading = headingLevel ? (`h${headingLevel}` as const) : compact ? "p" : "h2";
  return (
    <div
      className={`${styles.state} ${compact ? styles.compact : ""}`}
      role={tone === "danger" ? "alert" : undefined}
      data-testid={testId}
    >
      {icon ? <div className={`${styles.icon} ${tone === "danger" ? styles.danger : ""}`}>{icon}</div> : null}
      <Heading
        id={titleId}
        ref={headingRef as Ref<HTMLHeadingElement & HTMLParagraphElement>}
        tabIndex={headingRef ? -1 : undefined}
        className={styles.title}
      >
        {title}
      </Heading>
      {children ? <div className={styles.text}>{children}</div> : null}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}
