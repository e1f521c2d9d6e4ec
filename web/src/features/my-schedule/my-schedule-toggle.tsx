import { useTranslation } from "react-i18next";
import buttons from "../../components/button.module.css";
import { BookmarkFilledIcon, BookmarkIcon } from "../../components/icons";
import type { MySchedule } from "./my-schedule-state";
import styles from "./my-schedule-toggle.module.css";

/**
 * Adds a presentation to the personal schedule or takes it out (spec §4). `icon` is the card's
 * bookmark; `text` is the synopsis drawer's 'ADD TO MY CALENDER' / 'REMOVE FROM MY CALENDER'.
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
  const pending = mySchedule.pending.has(presentation._id);
  const common = {
    type: "button" as const,
    "aria-busy": pending || undefined,
    "data-scheduled": scheduled ? "true" : "false",
    onClick: () => mySchedule.toggle(presentation._id),
  };
  if (variant === "text") {
    // The visible words start the accessible name, which then says which presentation.
    return (
      <button {...common} className={`${styles.text} ${scheduled ? styles.remove : ""}`} data-testid="calendar-toggle">
        {scheduled ? <BookmarkFilledIcon /> : <BookmarkIcon />}
        {t(scheduled ? "my-schedule.remove-calendar" : "my-schedule.add-calendar")}
        <span className="visually-hidden">{t("my-schedule.of-presentation", { name: presentation.name })}</span>
      </button>
    );
  }
  const label = t(scheduled ? "my-schedule.remove-named" : "my-schedule.add-named", { name: presentation.name });
  return (
    <button
      {...common}
      className={`${buttons.icon} ${styles.icon}`}
      aria-label={label}
      title={label}
      data-testid="my-schedule-toggle"
    >
      {scheduled ? <BookmarkFilledIcon /> : <BookmarkIcon />}
    </button>
  );
}
