import type { SynopsisDay } from "@core/schedule/day-numbering";
import type { PublicPresentation } from "@core/schedule/public-schedule";
import { currentTimeOffsetPx } from "@core/schedule/synopsis-hour-rail";
import type { SynopsisDayLayout, SynopsisGroup, SynopsisRoomLayout } from "@core/schedule/synopsis-layout";
import { MINUTES_PER_DAY, type WallClock } from "@core/schedule/time-of-day";
import { type CSSProperties, type ReactNode, useCallback } from "react";
import { useTranslation } from "react-i18next";
import styles from "./synopsis.module.css";
import { SynopsisCard } from "./synopsis-card";
import { SynopsisGroupBar } from "./synopsis-group-bar";
import { SynopsisHourRail } from "./synopsis-hour-rail";

/** What every card and group bar of the timetable needs besides its own presentation. */
export interface SynopsisItemOptions {
  slug: string;
  forumAndQuiz: boolean;
  loggedIn: boolean;
  onLoginRequired: (redirectPath: string) => void;
  renderCalendarToggle: (presentation: PublicPresentation) => ReactNode;
  onOpenGroup: (group: SynopsisGroup, room: SynopsisRoomLayout, day: SynopsisDay) => void;
}

/** The name of a room column; presentations without a room gather under 'unassigned'. */
export function useRoomName(): (room: SynopsisRoomLayout) => string {
  const { t } = useTranslation("synopsis");
  return useCallback((room) => room.room?.name || t("room.unassigned"), [t]);
}

/** The grid's column count and heights, shared by the grid and its sticky row of room names. */
export function gridStyle(roomCount: number, layout: SynopsisDayLayout): CSSProperties {
  return {
    "--rooms": roomCount,
    "--container-height": `${layout.containerHeight}px`,
    "--hour-height": `${(layout.containerHeight * 60) / (MINUTES_PER_DAY - layout.startMinutes)}px`,
  } as CSSProperties;
}

/**
 * The hour rail and the columns of `rooms` for one day, drawn from core's layout: every item at
 * its `top` and `height`, `1 / columns` wide at `column / columns`. The room names are drawn apart,
 * in the day's sticky header (desktop) or its switcher (phone).
 */
export function SynopsisDayGrid({
  rooms,
  day,
  layout,
  clock,
  options,
  anchorMinutes = null,
}: {
  rooms: SynopsisRoomLayout[];
  day: SynopsisDay;
  layout: SynopsisDayLayout;
  /** The event's wall clock now. */
  clock: WallClock;
  options: SynopsisItemOptions;
  /** Where the page opens, in minutes, on the day it opens on; null on the other days. */
  anchorMinutes?: number | null;
}) {
  const { t } = useTranslation("synopsis");
  const roomName = useRoomName();
  const { date } = day;
  const { zoom, startMinutes, containerHeight, showDetails } = layout;
  const nowOffset = currentTimeOffsetPx(clock, date, zoom, undefined, startMinutes);
  const pxPerMinute = containerHeight / (MINUTES_PER_DAY - startMinutes);
  return (
    <div className={styles.grid} style={gridStyle(rooms.length, layout)}>
      <div className={styles.railColumn}>
        <SynopsisHourRail zoom={zoom} date={date} clock={clock} startMinutes={startMinutes} />
      </div>
      {rooms.map((room, roomIndex) => (
        <div key={room.key} id={`synopsis-${date}-${room.key}`} className={styles.room} data-testid="synopsis-room">
          <div className={styles.roomBody} data-height={containerHeight} data-testid="synopsis-room-body">
            {/* Named after its room: the names are drawn apart, over the columns. */}
            <ol className={styles.items} aria-label={roomName(room)}>
              {room.items.map((item) => (
                <li
                  key={item.key}
                  className={styles.item}
                  style={
                    {
                      top: item.top,
                      height: item.height,
                      left: `${(item.column / item.columns) * 100}%`,
                      width: `${100 / item.columns}%`,
                    } as CSSProperties
                  }
                  data-fit={item.fit}
                  data-testid="synopsis-item"
                >
                  {item.kind === "card" ? (
                    <SynopsisCard
                      presentation={item.presentation}
                      showDetails={showDetails}
                      t={t}
                      slug={options.slug}
                      forumAndQuiz={options.forumAndQuiz}
                      loggedIn={options.loggedIn}
                      onLoginRequired={options.onLoginRequired}
                      renderCalendarToggle={options.renderCalendarToggle}
                    />
                  ) : (
                    <SynopsisGroupBar group={item} onOpen={(group) => options.onOpenGroup(group, room, day)} />
                  )}
                </li>
              ))}
            </ol>
            {anchorMinutes !== null && roomIndex === 0 ? (
              <div
                className={styles.anchor}
                style={{ top: Math.max(0, anchorMinutes - startMinutes) * pxPerMinute }}
                data-synopsis-anchor="true"
                aria-hidden="true"
              />
            ) : null}
            {nowOffset !== null ? (
              <div className={styles.nowBar} style={{ top: nowOffset }} aria-hidden="true" data-testid="current-time" />
            ) : null}
          </div>
        </div>
      ))}
    </div>
  );
}
