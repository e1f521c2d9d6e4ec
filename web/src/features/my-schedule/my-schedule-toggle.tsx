import { useTranslation } from "react-i18next";
import { Button, IconButton } from "../../components/button";
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
    busy: pending,
    "data-scheduled": scheduled ? "true" : "false",
    onPress: () => mySchedule.toggle(presentation._id),
  };
  if (variant === "text") {
    // The visible words start the accessible name, which then says which presentation.
    const button = (
      <Button
        {...common}
        variant={scheduled ? "secondary" : "primary"}
        className={styles.text}
        icon={scheduled ? <BookmarkFilledIcon /> : <BookmarkIcon />}
        data-testid="calendar-toggle"
      >
        {t(scheduled ? "my-schedule.remove-calendar" : "my-schedule.add-calendar")}
        <span className="visually-hidden">{t("my-schedule.of-presentation", { name: presentation.name })}</span>
      </Button>
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
    <IconButton
      {...common}
      className={styles.icon}
      icon={scheduled ? <BookmarkFilledIcon /> : <BookmarkIcon />}
      label={label}
      data-overlaps={overlapping ? "true" : undefined}
      data-testid="my-schedule-toggle"
    />
  );
}
