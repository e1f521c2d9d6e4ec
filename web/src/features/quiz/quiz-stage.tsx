import { eventTheme } from "@core/schedule/event-theme";
import type { PublicEvent } from "@core/schedule/public-schedule";
import { type ReactNode, useEffect } from "react";
import { createPortal } from "react-dom";
import { EventLogo } from "../../components/event-logo";
import { LocaleSwitcher } from "../../components/locale-switcher";
import { useMediaQuery } from "../../lib/use-media-query";
import styles from "./quiz-stage.module.css";

export type StageEvent = Pick<PublicEvent, "name" | "logo" | "schedule_background_color" | "schedule_text_color">;

/** The design system's phone width (575 px and below, as the stylesheets' breakpoint). */
const PHONE_WIDTH_QUERY = "(max-width: 575px)";

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
  // A moderator's console or a big screen opened on a phone gets the player's compact header.
  const phoneWide = useMediaQuery(PHONE_WIDTH_QUERY);
  const shown = phoneWide ? "phone" : size;
  return createPortal(
    <div className={styles.stage} data-size={shown} style={eventTheme(event)} data-testid={testId}>
      <div className={styles.glow} aria-hidden="true" />
      <header className={styles.header}>
        <div className={styles.brand}>
          {/* A console on a phone gives the logo's room to its title; the event's colours stay. */}
          {size === "screen" && phoneWide ? null : (
            <EventLogo
              src={event.logo}
              name={event.name}
              width={shown === "phone" ? 72 : 132}
              height={shown === "phone" ? 40 : 72}
            />
          )}
          <div className={styles.titles}>
            {/* A console's title ("Question 1/5") wraps between words on a phone; a nickname stays whole. */}
            <h1 className={size === "screen" ? `${styles.title} ${styles.consoleTitle}` : styles.title}>{title}</h1>
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
