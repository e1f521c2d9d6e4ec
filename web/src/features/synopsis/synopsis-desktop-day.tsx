import type { SynopsisDay } from "@core/schedule/day-numbering";
import type { SynopsisDayLayout } from "@core/schedule/synopsis-layout";
import type { WallClock } from "@core/schedule/time-of-day";
import { useRef } from "react";
import styles from "./synopsis.module.css";
import { gridStyle, SynopsisDayGrid, type SynopsisItemOptions, useRoomName } from "./synopsis-day-grid";
import { SynopsisDayHeader } from "./synopsis-day-header";

/**
 * One day on a desktop, as a calendar's day view: a header that stays under the top bar while the
 * day is on screen ('Day N', the long date, the room pills, and the room names over their
 * columns), then the hour rail and the room columns. With more rooms than the width holds, the
 * columns scroll sideways and the row of names follows them.
 */
export function SynopsisDesktopDay({
  titleId,
  day,
  layout,
  clock,
  options,
  anchorMinutes,
}: {
  titleId: string;
  day: SynopsisDay;
  layout: SynopsisDayLayout;
  clock: WallClock;
  options: SynopsisItemOptions;
  anchorMinutes: number | null;
}) {
  const roomName = useRoomName();
  const heads = useRef<HTMLDivElement>(null);
  return (
    <section className={styles.day} aria-labelledby={titleId} data-testid="synopsis-day">
      <div className={styles.dayHead} data-day-head="true">
        <SynopsisDayHeader id={titleId} day={day} rooms={layout.rooms} />
        <div ref={heads} className={styles.roomHeads}>
          <div className={styles.roomHeadRow} style={gridStyle(layout.rooms.length, layout)}>
            <span className={styles.railHead} />
            {layout.rooms.map((room) => (
              <h4 key={room.key} className={styles.roomHead} data-testid="synopsis-room-head">
                {roomName(room)}
              </h4>
            ))}
          </div>
        </div>
      </div>
      <div
        className={styles.scroller}
        onScroll={(event) => {
          if (heads.current) heads.current.scrollLeft = event.currentTarget.scrollLeft;
        }}
      >
        <SynopsisDayGrid
          rooms={layout.rooms}
          day={day}
          layout={layout}
          clock={clock}
          options={options}
          anchorMinutes={anchorMinutes}
        />
      </div>
    </section>
  );
}
