import { eventTheme } from "@core/schedule/event-theme";
import type { PublicEvent } from "@core/schedule/public-schedule";
import { type ReactNode, useEffect } from "react";
import { createPortal } from "react-dom";
import { EventLogo } from "../../components/event-logo";
import { LocaleSwitcher } from "../../components/locale-switcher";
import styles from "./quiz-stage.module.css";

export type StageEvent = Pick<PublicEvent, "name" | "logo" | "schedule_background_color" | "schedule_text_color">;

/** Stages open at once (one page handing over to the next); the app behind is set aside while any is. */
let openStages = 0;

/** The app behind a stage neither scrolls nor takes focus or clicks. */
function useAppBehindSetAside() {
  useEffect(() => {
    const app = document.getElementById("root");
    openStages += 1;
    if (app) app.inert = true;
    document.body.classList.add(styles.bodyLocked ?? "");
    return () => {
      openStages -= 1;
      if (openStages > 0) return;
      if (app) app.inert = false;
      document.body.classList.remove(styles.bodyLocked ?? "");
    };
  }, []);
}

/**
 * The whole window for a live quiz screen (big screen, moderator, player): above the event's
 * shell, in the event's colours, with the logo, a title and the language switch. The shell
 * behind is inert so that keyboard and screen reader stay on the quiz.
 */
export function QuizStage({
  event,
  title,
  subtitle,
  aside,
  size = "screen",
  testId,
  children,
}: {
  /** What the stage shows of the event: its logo, name and colours. */
  event: StageEvent;
  title: ReactNode;
  subtitle?: ReactNode;
  /** Shown at the right of the header, before the language switch (counters, a status). */
  aside?: ReactNode;
  /** `screen`: projector and moderator; `phone`: a player's compact header. */
  size?: "screen" | "phone";
  testId: string;
  children: ReactNode;
}) {
  useAppBehindSetAside();
  return createPortal(
    <div className={styles.stage} data-size={size} style={eventTheme(event)} data-testid={testId}>
      <div className={styles.glow} aria-hidden="true" />
      <header className={styles.header}>
        <div className={styles.brand}>
          <EventLogo
            src={event.logo}
            name={event.name}
            width={size === "phone" ? 72 : 132}
            height={size === "phone" ? 40 : 72}
          />
          <div className={styles.titles}>
            <h1 className={styles.title}>{title}</h1>
            {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
          </div>
        </div>
        <div className={styles.aside}>
          {aside}
          <LocaleSwitcher className={styles.locale} />
        </div>
      </header>
      <main className={styles.main}>{children}</main>
    </div>,
    document.body,
  );
}
