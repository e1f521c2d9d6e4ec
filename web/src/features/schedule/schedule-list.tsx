import { useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { groupByDay } from "../../../../core/schedule/day-numbering";
import type { PublicPresentation, PublicSchedule } from "../../../../core/schedule/public-schedule";
import { useIsMobile } from "../../lib/use-media-query";
import { DayHeader } from "./day-header";
import { PresentationCard } from "./presentation-card";
import styles from "./schedule-list.module.css";

/**
 * The public schedule as cards under day headers (spec §2 Schedule list). `showDates` false is
 * viewmode=virtual: no day headers and no times.
 */
export function ScheduleList({ schedule, showDates }: { schedule: PublicSchedule; showDates: boolean }) {
  const { t } = useTranslation("schedule");
  const isMobile = useIsMobile();
  const titleId = useId();
  const days = useMemo(
    () => groupByDay(schedule.presentations, schedule.aggregates.dates),
    [schedule.presentations, schedule.aggregates.dates],
  );
  const count = schedule.presentations.length;

  const cards = (presentations: PublicPresentation[]) => (
    <ol className={styles.cards}>
      {presentations.map((presentation) => (
        <li key={presentation._id}>
          <PresentationCard presentation={presentation} showTime={showDates} shortenName={isMobile} />
        </li>
      ))}
    </ol>
  );

  return (
    <section className={styles.schedule} aria-labelledby={titleId}>
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {t("title")}
        </h2>
        {count > 0 ? (
          <p className={styles.summary}>
            {t("summary", { count })}
            {showDates ? ` · ${t("days", { count: days.length })}` : null}
          </p>
        ) : null}
      </header>

      {count === 0 ? (
        <p className={styles.empty}>{t("empty")}</p>
      ) : showDates ? (
        days.map((day) => (
          <section key={day.date} className={styles.day} aria-labelledby={`${titleId}-${day.date}`}>
            <DayHeader id={`${titleId}-${day.date}`} number={day.dayNumber} date={day.date} />
            {cards(day.presentations)}
          </section>
        ))
      ) : (
        cards(schedule.presentations)
      )}
    </section>
  );
}
