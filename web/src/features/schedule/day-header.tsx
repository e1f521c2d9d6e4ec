import { formatLongDate } from "@core/schedule/format-dates";
import { useTranslation } from "react-i18next";
import styles from "./schedule-list.module.css";

/** "Jour 1 · vendredi 27 décembre 2019". */
export function DayHeader({ id, number, date }: { id: string; number: number; date: string }) {
  const { t, i18n } = useTranslation("schedule");
  return (
    <h3 id={id} className={styles.dayHeader} data-testid="day-header">
      <span className={styles.dayNumber}>{t("day.label", { number })}</span>
      <span className={styles.dayDate}>{formatLongDate(date, i18n.language)}</span>
    </h3>
  );
}
