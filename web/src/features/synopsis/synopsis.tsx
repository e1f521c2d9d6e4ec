import type { ActiveQuiz } from "@core/quiz/active-quizzes";
import { type SynopsisDay, synopsisDays } from "@core/schedule/day-numbering";
import type { PublicPresentation, PublicSchedule } from "@core/schedule/public-schedule";
import {
  filterOptions,
  filterPresentations,
  hasActiveFilters,
  myPresentationIds,
} from "@core/schedule/schedule-search";
import { DEFAULT_ZOOM_INDEX, SYNOPSIS_BREAKPOINT_PX, type ZoomIndex } from "@core/schedule/synopsis-constants";
import { railStartMinutes } from "@core/schedule/synopsis-hour-rail";
import { layoutSynopsisDay, type SynopsisGroup, type SynopsisRoomLayout } from "@core/schedule/synopsis-layout";
import { openingMinutesIn, synopsisOpening } from "@core/schedule/synopsis-opening";
import { type ReactNode, useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/card";
import { EmptyState } from "../../components/empty-state";
import { SearchOffIcon } from "../../components/icons";
import type { SelectedFilters } from "../../components/schedule-filter-selects";
import { useEventClock } from "../../lib/use-event-clock";
import { useMediaQuery } from "../../lib/use-media-query";
import { NO_FILTERS } from "../schedule/filter-selects-later";
import styles from "./synopsis.module.css";
import { SynopsisDayGrid, type SynopsisItemOptions, useRoomName } from "./synopsis-day-grid";
import { SynopsisDesktopDay } from "./synopsis-desktop-day";
import { SynopsisGroupDrawer } from "./synopsis-group-drawer";
import { SynopsisMobileNavigation } from "./synopsis-mobile-navigation";
import { type ActiveQuizzesFilter, type PresentationScope, SynopsisToolbar } from "./synopsis-toolbar";

/** Room kept above a target the page scrolls to, under the sticky bars, in px. */
const SCROLL_MARGIN_PX = 8;

/** Scrolls the window so that `target` comes just under the top bar and the sticky `head`. */
function scrollUnder(target: Element, head: Element | null) {
  const topbar = Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--topbar-height")) || 0;
  const headHeight = head?.getBoundingClientRect().height ?? 0;
  window.scrollTo({
    top: window.scrollY + target.getBoundingClientRect().top - topbar - headHeight - SCROLL_MARGIN_PX,
  });
}

interface OpenGroup {
  presentations: PublicPresentation[];
  day: SynopsisDay;
  roomName: string;
}

/**
 * The timetable (spec §2 Synopsis) drawn from core's layout: 'Day N' sections with a column per
 * room on desktop (1024 px and wider), one day and one room at a time below, the hour rail, the
 * zoom, the filters, and the 'N Presentations' groups opening a drawer.
 */
export function Synopsis({
  schedule,
  speakerId,
  loggedIn,
  onLoginRequired,
  renderCalendarToggle,
  activeQuizzes,
}: {
  schedule: PublicSchedule;
  /** The user's speaker id, for 'My Presentations'; null for anyone else. */
  speakerId: number | null;
  loggedIn: boolean;
  onLoginRequired: (redirectPath: string) => void;
  /** ADD TO MY CALENDER / REMOVE FROM MY CALENDER; a stable function. */
  renderCalendarToggle: (presentation: PublicPresentation) => ReactNode;
  /** The presentations with self-paced questions or results open; null until known. */
  activeQuizzes: readonly ActiveQuiz[] | null;
}) {
  const { t } = useTranslation("synopsis");
  const titleId = useId();
  const roomName = useRoomName();
  const desktop = useMediaQuery(`(min-width: ${SYNOPSIS_BREAKPOINT_PX}px)`);
  const { event, presentations, aggregates } = schedule;
  const clock = useEventClock(event.timeZone);
  const [zoom, setZoom] = useState<ZoomIndex>(DEFAULT_ZOOM_INDEX);
  const [text, setText] = useState("");
  const [scope, setScope] = useState<PresentationScope>("all");
  const [selected, setSelected] = useState<SelectedFilters>(NO_FILTERS);
  const [activeQuizzesOnly, setActiveQuizzesOnly] = useState(false);
  // Read once: the timetable opens on today at the current time, or on the first talk.
  const [opening] = useState(() => synopsisOpening(synopsisDays(presentations), clock));
  const [dayIndex, setDayIndex] = useState(opening?.dayIndex ?? 0);
  const [roomIndex, setRoomIndex] = useState(0);
  const [openGroup, setOpenGroup] = useState<OpenGroup | null>(null);

  const options = useMemo(() => filterOptions(presentations), [presentations]);
  const mine = useMemo(
    () => (scope === "my-presentations" ? myPresentationIds(presentations, speakerId) : null),
    [scope, presentations, speakerId],
  );
  // Spec §2: the filter keeps the presentations whose self-paced questions are open.
  const openQuizIds = useMemo(
    () =>
      activeQuizzes && new Set(activeQuizzes.filter((quiz) => quiz.non_live_questions_active).map((quiz) => quiz.id)),
    [activeQuizzes],
  );
  const activeQuizIds = activeQuizzesOnly ? openQuizIds : null;
  const filters = useMemo(
    () => ({ ...selected, search: text, mine, activeQuizIds }),
    [selected, text, mine, activeQuizIds],
  );
  const activeQuizzesFilter: ActiveQuizzesFilter | null = event.quiz
    ? {
        ready: openQuizIds !== null,
        count: openQuizIds?.size ?? 0,
        checked: activeQuizzesOnly && openQuizIds !== null,
        onChange: setActiveQuizzesOnly,
      }
    : null;
  const days = useMemo(() => synopsisDays(filterPresentations(presentations, filters)), [presentations, filters]);
  const layouts = useMemo(
    () =>
      days.map((day) =>
        layoutSynopsisDay(day.presentations, aggregates.rooms, zoom, railStartMinutes(day.presentations)),
      ),
    [days, aggregates.rooms, zoom],
  );

  const onOpenGroup = useCallback(
    (group: SynopsisGroup, room: SynopsisRoomLayout, day: SynopsisDay) =>
      setOpenGroup({ presentations: group.presentations, day, roomName: roomName(room) }),
    [roomName],
  );
  const itemOptions: SynopsisItemOptions = useMemo(
    () => ({
      slug: event.slug,
      forumAndQuiz: event.forum && event.quiz,
      loggedIn,
      onLoginRequired,
      renderCalendarToggle,
      onOpenGroup,
    }),
    [event.slug, event.forum, event.quiz, loggedIn, onLoginRequired, renderCalendarToggle, onOpenGroup],
  );

  // A large event draws its first day at once and the next days in a following, interruptible
  // render: what the visitor sees first is on screen sooner, and the rest follows within moments.
  const drawnDays = useDeferredValue(days.length, Math.min(days.length, 1));

  const shownDay = Math.min(dayIndex, Math.max(0, days.length - 1));
  const mobileDay = days[shownDay];
  const mobileLayout = layouts[shownDay];
  const shownRoom = Math.min(roomIndex, Math.max(0, (mobileLayout?.rooms.length ?? 1) - 1));
  const mobileRoom = mobileLayout?.rooms[shownRoom];
  // While the event runs, the page opens on today at the current time; otherwise at its top,
  // where the first day's rail starts an hour before its first talk.
  const openingDrawn =
    opening?.now === true && (desktop ? opening.dayIndex < drawnDays : shownDay === opening.dayIndex);
  const anchorFor = (index: number, rooms: readonly SynopsisRoomLayout[]) =>
    opening?.now && index === opening.dayIndex ? openingMinutesIn(opening.minutes, rooms) : null;
  const rendered = useRef<HTMLDivElement>(null);
  const scrolled = useRef(false);
  useEffect(() => {
    if (scrolled.current || !openingDrawn) return;
    scrolled.current = true;
    const anchor = rendered.current?.querySelector("[data-synopsis-anchor]");
    if (anchor) scrollUnder(anchor, anchor.closest("section")?.querySelector("[data-day-head]") ?? null);
  }, [openingDrawn]);
  // On a phone, a new day or room lands on its first talk, just under the sticky switcher.
  const landing = useRef(false);
  const shownPlace = mobileDay && mobileRoom ? `${mobileDay.date}/${mobileRoom.key}` : null;
  useEffect(() => {
    if (!landing.current || shownPlace === null) return;
    landing.current = false;
    const first = rendered.current?.querySelector("[data-testid=synopsis-item]");
    if (first) scrollUnder(first, rendered.current?.querySelector("[data-day-head]") ?? null);
  }, [shownPlace]);

  let body: ReactNode;
  if (presentations.length === 0 || days.length === 0) {
    const filtering = presentations.length > 0 && hasActiveFilters(filters);
    body = (
      <Card className={styles.empty} data-testid={filtering ? "synopsis-no-match" : "synopsis-empty"}>
        <EmptyState compact icon={<SearchOffIcon />} title={filtering ? t("empty.filtered") : t("empty")} />
      </Card>
    );
  } else if (desktop) {
    body = days.slice(0, drawnDays).map((day, index) => {
      const layout = layouts[index];
      if (!layout) return null;
      return (
        <SynopsisDesktopDay
          key={day.day}
          titleId={`${titleId}-day-${day.day}`}
          day={day}
          layout={layout}
          clock={clock}
          options={itemOptions}
          anchorMinutes={anchorFor(index, layout.rooms)}
        />
      );
    });
  } else if (mobileDay && mobileLayout && mobileRoom) {
    body = (
      <section className={styles.day} aria-labelledby={`${titleId}-mobile-day`} data-testid="synopsis-day">
        <SynopsisMobileNavigation
          dayId={`${titleId}-mobile-day`}
          day={mobileDay}
          dayPosition={shownDay}
          dayCount={days.length}
          onDay={(index) => {
            landing.current = true;
            setDayIndex(index);
            setRoomIndex(0);
          }}
          roomName={roomName(mobileRoom)}
          roomPosition={shownRoom}
          roomCount={mobileLayout.rooms.length}
          onRoom={(index) => {
            landing.current = true;
            setRoomIndex(index);
          }}
        />
        <div className={styles.scroller}>
          <SynopsisDayGrid
            rooms={[mobileRoom]}
            day={mobileDay}
            layout={mobileLayout}
            clock={clock}
            options={itemOptions}
            anchorMinutes={anchorFor(shownDay, [mobileRoom])}
          />
        </div>
      </section>
    );
  }

  return (
    // The timetable takes the page's whole width beside the sidebar (event-shell.module.css).
    <section className={styles.synopsis} aria-labelledby={titleId} data-page-width="full" data-testid="synopsis">
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {t("title")}
        </h2>
        <SynopsisToolbar
          zoom={zoom}
          onZoom={setZoom}
          text={text}
          onText={setText}
          scope={scope}
          onScope={setScope}
          options={options}
          selected={selected}
          onSelect={setSelected}
          activeQuizzes={activeQuizzesFilter}
        />
      </header>
      <div ref={rendered} data-testid="synopsis-rendered" data-zoom={zoom}>
        {body}
      </div>
      {openGroup ? (
        <SynopsisGroupDrawer
          presentations={openGroup.presentations}
          day={openGroup.day.day}
          date={openGroup.day.date}
          roomName={openGroup.roomName}
          onClose={() => setOpenGroup(null)}
          renderCalendarToggle={renderCalendarToggle}
        />
      ) : null}
    </section>
  );
}
