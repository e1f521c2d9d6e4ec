import type { SynopsisDay } from "@core/schedule/day-numbering";
import { formatLongDate } from "@core/schedule/format-dates";
import { useTranslation } from "react-i18next";
import { IconButton } from "../../components/button";
import { ChevronLeftIcon, ChevronRightIcon } from "../../components/icons";
import styles from "./synopsis.module.css";

/**
 * Under 1024 px (spec §2): one day and one room at a time, each with previous and next arrows, in
 * a switcher that stays under the top bar while the timetable scrolls.
 */
export function SynopsisMobileNavigation({
  dayId,
  day,
  dayPosition,
  dayCount,
  onDay,
  roomName,
  roomPosition,
  roomCount,
  onRoom,
}: {
  dayId: string;
  day: SynopsisDay;
  dayPosition: number;
  dayCount: number;
  onDay: (index: number) => void;
  roomName: string;
  roomPosition: number;
  roomCount: number;
  onRoom: (index: number) => void;
}) {
  const { t, i18n } = useTranslation("synopsis");
  return (
    <div className={styles.mobileNav} data-day-head="true">
      <div className={styles.stepper}>
        <IconButton
          icon={<ChevronLeftIcon />}
          label={t("nav.previous-day")}
          className={styles.arrow}
          isDisabled={dayPosition === 0}
          onPress={() => onDay(dayPosition - 1)}
          data-testid="day-previous"
        />
        <h3 id={dayId} className={styles.stepperLabel} aria-live="polite" data-testid="day-label">
          <span className={styles.dayNumber}>{t("day.label", { number: day.day })}</span>
          <span className={styles.stepperDate}>{formatLongDate(day.date, i18n.language)}</span>
        </h3>
        <IconButton
          icon={<ChevronRightIcon />}
          label={t("nav.next-day")}
          className={styles.arrow}
          isDisabled={dayPosition >= dayCount - 1}
          onPress={() => onDay(dayPosition + 1)}
          data-testid="day-next"
        />
      </div>
      <div className={styles.stepper}>
        <IconButton
          icon={<ChevronLeftIcon />}
          label={t("nav.previous-room")}
          className={styles.arrow}
          isDisabled={roomPosition === 0}
          onPress={() => onRoom(roomPosition - 1)}
          data-testid="room-previous"
        />
        <p className={styles.stepperLabel} aria-live="polite" data-testid="room-label">
          <span className={styles.roomName}>{roomName}</span>
          <span className={styles.stepperCount}>
            {t("nav.room-position", { position: roomPosition + 1, total: roomCount })}
          </span>
        </p>
        <IconButton
          icon={<ChevronRightIcon />}
          label={t("nav.next-room")}
          className={styles.arrow}
          isDisabled={roomPosition >= roomCount - 1}
          onPress={() => onRoom(roomPosition + 1)}
          data-testid="room-next"
        />
      </div>
    </div>
  );
}
