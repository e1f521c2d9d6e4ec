import type { SynopsisDay } from "@core/schedule/day-numbering";
import { formatLongDate } from "@core/schedule/format-dates";
import type { SynopsisRoomLayout } from "@core/schedule/synopsis-layout";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import styles from "./synopsis.module.css";
import { useRoomName } from "./synopsis-day-grid";

/**
 * A desktop day's title row (spec §2): 'Day N', the long date in the reader's language, and the
 * room pills; a pill brings its column into view (the columns scroll sideways when there are more
 * than the width holds).
 */
export const SynopsisDayHeader = memo(
  function SynopsisDayHeader({ id, day, rooms }: { id: string; day: SynopsisDay; rooms: SynopsisRoomLayout[] }) {
    const { t, i18n } = useTranslation("synopsis");
    const roomName = useRoomName();
    return (
      <header className={styles.dayHeader}>
        <h3 id={id} className={styles.dayTitle} data-testid="synopsis-day-title">
          <span className={styles.dayNumber}>{t("day.label", { number: day.day })}</span>
          <span className={styles.dayDate}>{formatLongDate(day.date, i18n.language)}</span>
        </h3>
        <ul className={styles.pills} aria-label={t("rooms.label")}>
          {rooms.map((room) => (
            <li key={room.key}>
              <button
                type="button"
                className={styles.pill}
                onClick={() =>
                  document
                    .getElementById(`synopsis-${day.date}-${room.key}`)
                    ?.scrollIntoView({ behavior: "smooth", block: "nearest", inline: "start" })
                }
                data-testid="room-pill"
              >
                {roomName(room)}
              </button>
            </li>
          ))}
        </ul>
      </header>
    );
  },
  // A new zoom lays the rooms out again but leaves the header as it was.
  (before, after) =>
    before.id === after.id &&
    before.day === after.day &&
    before.rooms.map((room) => room.key).join() === after.rooms.map((room) => room.key).join(),
);
