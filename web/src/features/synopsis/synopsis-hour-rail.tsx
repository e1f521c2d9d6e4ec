import type { ZoomIndex } from "@core/schedule/synopsis-constants";
import { hourRail, isPastHour } from "@core/schedule/synopsis-hour-rail";
import type { WallClock } from "@core/schedule/time-of-day";
import { useTranslation } from "react-i18next";
import styles from "./synopsis.module.css";

/** The hours beside a day's columns (spec §2), from the rail's start to 24:00, past hours greyed. */
export function SynopsisHourRail({
  zoom,
  date,
  clock,
  startMinutes,
}: {
  zoom: ZoomIndex;
  /** yyyy-MM-dd of the day shown. */
  date: string;
  /** The event's wall clock now. */
  clock: WallClock;
  /** Minutes from midnight at the top of the rail. */
  startMinutes: number;
}) {
  const { t } = useTranslation("synopsis");
  const marks = hourRail(zoom, startMinutes).map((mark) => ({ ...mark, past: isPastHour(mark.hour, clock, date) }));
  const pastUntil = Math.max(0, ...marks.filter((mark) => mark.past).map((mark) => mark.top));
  return (
    <ol className={styles.rail} aria-label={t("rail.label")} data-testid="hour-rail">
      {pastUntil > 0 ? <li className={styles.pastBand} style={{ height: pastUntil }} aria-hidden="true" /> : null}
      {marks.map(({ hour, top, past }) => {
        return (
          <li
            key={hour}
            className={styles.hour}
            style={{ top }}
            data-past={past ? "true" : undefined}
            data-testid="hour-label"
          >
            {String(hour).padStart(2, "0")}:00
            {past ? <span className="visually-hidden"> {t("rail.past")}</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
