import type { EventTheme } from "@core/schedule/event-theme";
import type { ReactNode } from "react";
import { EmptyState } from "./empty-state";
import { LocaleSwitcher } from "./locale-switcher";
import styles from "./status-screen.module.css";

/** A whole-page message (invalid link, unknown event, failed load) with optional actions. */
export function StatusScreen({
  icon,
  title,
  children,
  actions,
  testId,
  tone = "neutral",
  theme,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  testId: string;
  tone?: "neutral" | "danger";
  /** The event's colours, where the page belongs to a known event. */
  theme?: EventTheme;
}) {
  return (
    <div className={styles.page} style={theme}>
      <header className={styles.bar}>
        <LocaleSwitcher />
      </header>
      <main className={styles.main}>
        <section className={styles.card} data-testid={testId} aria-labelledby={`${testId}-title`}>
          <EmptyState
            icon={icon}
            title={title}
            titleId={`${testId}-title`}
            headingLevel={1}
            tone={tone}
            actions={actions}
          >
            {children}
          </EmptyState>
        </section>
      </main>
    </div>
  );
}
