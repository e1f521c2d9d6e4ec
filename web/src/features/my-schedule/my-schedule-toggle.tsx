import { useTranslation } from "react-i18next";
import buttons from "../../components/button.module.css";
import { BookmarkFilledIcon, BookmarkIcon } from "../../components/icons";
import type { MySchedule } from "./my-schedule-state";
import styles from "./my-schedule-toggle.module.css";
import { OverlapNotice, useQuotedTitles } from "./overlap-notice";

/**
 * Adds a presentation to the personal schedule or takes it out (spec §4). `icon` is the card's
 * bookmark; `text` is the synopsis drawer's 'ADD TO MY CALENDER' / 'REMOVE FROM MY CALENDER'.
 * A scheduled presentation that overlaps others of the schedule says so: in the bookmark's name,
 * and under the drawer's button.
 */
export function MyScheduleToggle({
  presentation,
  mySchedule,
  variant,
}: {
  presentation: { _id: number; name: string };
  mySchedule: MySchedule;
  variant: "icon" | "text";
}) {
  const { t } = useTranslation("schedule");
  const scheduled = mySchedule.ids.has(presentation._id);
  const overlapping = scheduled ? mySchedule.overlaps.get(presentation._id) : undefined;
  const quoted = useQuotedTitles();
  const names = overlapping ? quoted(overlapping) : undefined;
  const pending = mySchedule.pending.has(presentation._id);
  const common = {
    type: "button" as const,
    "aria-busy": pending || undefined,
    "data-scheduled": scheduled ? "true" : "false",
    onClick: () => mySchedule.toggle(presentation._id),
  };
  if (variant === "text") {
    // The visible words start the accessible name, which then says which presentation.
    const button = (
      <button {...common} className={`${styles.text} ${scheduled ? styles.remove : ""}`} data-testid="calendar-toggle">
        {scheduled ? <BookmarkFilledIcon /> : <BookmarkIcon />}
        {t(scheduled ? "my-schedule.remove-calendar" : "my-schedule.add-calendar")}
        <span className="visually-hidden">{t("my-schedule.of-presentation", { name: presentation.name })}</span>
      </button>
    );
    if (!overlapping) return button;
    return (
      <span className={styles.withOverlap}>
        {button}
        <OverlapNotice others={overlapping} />
      </span>
    );
  }
  const named = t(scheduled ? "my-schedule.remove-named" : "my-schedule.add-named", { name: presentation.name });
  const label = names ? t("my-schedule.toggle-overlaps", { label: named, names }) : named;
  return (
    <button
      {...common}
      className={`${buttons.icon} ${styles.icon}`}
      aria-label={label}
      title={label}
      data-overlaps={overlapping ? "true" : undefined}
      data-testid="my-schedule-toggle"
    >
      {scheduled ? <BookmarkFilledIcon /> : <BookmarkIcon />}
    </button>
  );
}
