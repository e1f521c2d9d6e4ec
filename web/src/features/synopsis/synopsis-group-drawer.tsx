import { formatLongDate } from "@core/schedule/format-dates";
import type { PublicPresentation } from "@core/schedule/public-schedule";
import { speakerName } from "@core/schedule/speaker-name";
import { formatMinutes } from "@core/schedule/time-of-day";
import { type ReactNode, type RefObject, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../components/avatar";
import { IconButton } from "../../components/button";
import { ModalDialog } from "../../components/dialog";
import { CloseIcon } from "../../components/icons";
import styles from "./synopsis-group-drawer.module.css";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab and Shift+Tab cycling inside the dialog around `inside`: a modal dialog makes the page
 * behind inert, but Tab from its last control would still leave for the browser's own controls.
 */
function useFocusCycle(inside: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const dialog = inside.current?.closest("dialog");
      if (event.key !== "Tab" || !dialog) return;
      const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      const outside = !dialog.contains(active);
      if (event.shiftKey && (active === first || outside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || outside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [inside]);
}

/**
 * The presentations of an 'N Presentations' group (spec §2 Synopsis): a side drawer on desktop, a
 * full-screen list under 1024 px, with the day, date, count and room, and each presentation's
 * 'ADD TO MY CALENDER' / 'REMOVE FROM MY CALENDER'. Modal: focus stays inside until it closes.
 */
export function SynopsisGroupDrawer({
  presentations,
  day,
  date,
  roomName,
  onClose,
  renderCalendarToggle,
}: {
  presentations: PublicPresentation[];
  day: number;
  /** yyyy-MM-dd */
  date: string;
  roomName: string;
  onClose: () => void;
  renderCalendarToggle: (presentation: PublicPresentation) => ReactNode;
}) {
  const { t, i18n } = useTranslation("synopsis");
  const titleId = useId();
  const header = useRef<HTMLElement>(null);
  useFocusCycle(header);
  return (
    <ModalDialog labelledBy={titleId} onDismiss={onClose} className={styles.drawer} testId="group-drawer">
      <header ref={header} className={styles.header}>
        <div>
          <h2 id={titleId} className={styles.title}>
            {t("group.count", { count: presentations.length })}
          </h2>
          <p className={styles.context}>
            <span className={styles.day}>{t("day.label", { number: day })}</span>
            <span className={styles.date}>{formatLongDate(date, i18n.language)}</span>
          </p>
          <p className={styles.room}>{roomName}</p>
        </div>
        <IconButton
          icon={<CloseIcon />}
          label={t("group.close")}
          className={styles.close}
          onPress={onClose}
          data-testid="drawer-close"
        />
      </header>
      <ol className={styles.list}>
        {presentations.map((presentation) => {
          const speaker = presentation.speaker_info;
          return (
            <li key={presentation._id} className={styles.entry} data-testid="drawer-presentation">
              {speaker ? (
                <span className={styles.picture}>
                  <Avatar name={`${speaker.firstName} ${speaker.lastName}`} src={speaker.picture} size={48} />
                </span>
              ) : null}
              <div className={styles.body}>
                <p className={styles.time}>
                  {formatMinutes(presentation.time)}–{formatMinutes(presentation.end_time)}
                </p>
                <h3 className={styles.name}>{presentation.name}</h3>
                {presentation.speakers.length > 0 ? (
                  <p className={styles.speakers}>{presentation.speakers.map(speakerName).join(", ")}</p>
                ) : null}
                <div className={styles.toggle}>{renderCalendarToggle(presentation)}</div>
              </div>
            </li>
          );
        })}
      </ol>
    </ModalDialog>
  );
}
