import { groupByDay } from "@core/schedule/day-numbering";
import type { PublicPresentation, PublicSchedule } from "@core/schedule/public-schedule";
import { filterOptions, filterPresentations, hasActiveFilters } from "@core/schedule/schedule-search";
import { type ReactNode, useCallback, useDeferredValue, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SelectedFilters } from "../../components/schedule-filter-selects";
import { firstScreenSearch } from "../../lib/first-screen";
import { presentationButtons, type ScheduleViewer } from "../../lib/presentation-buttons";
import { useEventClock } from "../../lib/use-event-clock";
import { useIsMobile } from "../../lib/use-media-query";
import { AddToCalendar } from "./add-to-calendar";
import { DayHeader } from "./day-header";
import { NO_FILTERS } from "./filter-selects-later";
import { PresentationCard } from "./presentation-card";
import { ProgressiveItems } from "./progressive-items";
import styles from "./schedule-list.module.css";
import { ScheduleToolbar } from "./schedule-toolbar";
import { SlideHitLink } from "./slide-hit-link";
import { TodayJump } from "./today-jump";
import { useEventPlays } from "./use-event-plays";
import { type SearchAccess, type SearchScope, useSearchMatches } from "./use-schedule-search";
import { useSlideHits } from "./use-slide-hits";

const presentationKey = (presentation: PublicPresentation) => presentation._id;

/**
 * A search's or a filter's result is drawn progressively from this many cards (a whole programme
 * from ProgressiveItems' own, larger threshold): as typing narrows a 1,000-talk list to about a
 * hundred cards, drawing them all in one go held a slow phone's next keystroke for 0.4 s.
 */
const FILTERED_PROGRESSIVE_FROM = 24;

/** A folded card's usual height with the gap under it, in pixels (placeholders of long lists). */
const CARD_HEIGHT = { phone: 230, desktop: 190 };

/**
 * Presentations as cards under day headers (spec §2 Schedule list), with the search box and the
 * multi-select filters. `showDates` false is viewmode=virtual: no day headers, dates or times.
 * `presentations` is what the page lists: the whole programme or the user's own schedule.
 */
export function ScheduleList({
  schedule,
  presentations,
  showDates,
  compact,
  viewer,
  access,
  scope,
  onLoginRequired,
  renderScheduleToggle,
  renderCardNotice,
  title,
  emptyText,
  intro,
  searchable = true,
}: {
  schedule: PublicSchedule;
  presentations: readonly PublicPresentation[];
  showDates: boolean;
  /** The iframe layout: tighter cards. */
  compact: boolean;
  viewer: ScheduleViewer | null;
  access: SearchAccess;
  scope: SearchScope;
  onLoginRequired: (redirectPath: string) => void;
  /** The card's my-schedule toggle, for logged-in users. */
  renderScheduleToggle?: (presentation: PublicPresentation) => ReactNode;
  /** Said on the card, under its tags (my schedule: what it overlaps). */
  renderCardNotice?: (presentation: PublicPresentation) => ReactNode;
  title?: string;
  /** Said when there is nothing to list at all. */
  emptyText?: string;
  /** Shown under the title, above the search. */
  intro?: ReactNode;
  /** The search box and filters; off for a short list (a speaker's talks). */
  searchable?: boolean;
}) {
  const { t } = useTranslation("schedule");
  const isMobile = useIsMobile();
  const titleId = useId();
  // What the reader typed into the Worker's first screen before the app took over, if anything.
  const [search, setSearch] = useState(firstScreenSearch);
  const [selected, setSelected] = useState<SelectedFilters>(NO_FILTERS);
  const { event } = schedule;
  const options = useMemo(() => filterOptions(presentations), [presentations]);
  // Typing stays immediate; the list follows as soon as the device has the time. A keystroke's
  // own render then touches only the search box: the list below is memoized on the deferred text.
  const deferredSearch = useDeferredValue(search);
  const matches = useSearchMatches(presentations, deferredSearch, search, scope, access);
  // Talks found by a word on their slides join those the schedule's search finds.
  const slideSearch = useSlideHits(deferredSearch, search, access);
  const slideHits = slideSearch?.hits;
  // viewmode=virtual shows no dates, so it has no dates filter either.
  const filters = useMemo(() => ({ ...selected, dates: showDates ? selected.dates : [] }), [selected, showDates]);
  const filtered = useMemo(() => filterPresentations(presentations, filters), [presentations, filters]);
  const visible = useMemo(
    () => (matches === null ? filtered : filtered.filter((p) => matches.has(p._id) || slideHits?.has(p._id))),
    [filtered, matches, slideHits],
  );
  const days = useMemo(() => groupByDay(visible, schedule.aggregates.dates), [visible, schedule.aggregates.dates]);
  const filtering = hasActiveFilters({ ...filters, search: deferredSearch });
  const clock = useEventClock(event.timeZone);
  const today = clock.date;
  // While the event runs, past its first day, the list opens at its top (title, search and filters
  // in view) and a "Today" button brings today's day in.
  const [todayDay, setTodayDay] = useState<HTMLElement | null>(null);
  const hasToday = showDates && days[0]?.date !== today && days.some((day) => day.date === today);
  const playsOf = useEventPlays(event.slug, access.password, event.show_video_views);

  const { password, token } = access;
  // One function for every card, the same from render to render while what cards show is the
  // same, so that a card already drawn is not drawn again (ProgressiveItems memoizes on it).
  const card = useCallback(
    (presentation: PublicPresentation) => {
      const hit = slideHits?.get(presentation._id);
      const page = hit?.page;
      const notice = renderCardNotice?.(presentation);
      return (
        <PresentationCard
          presentation={presentation}
          slug={event.slug}
          showTime={showDates}
          shortenName={isMobile}
          buttons={presentationButtons(presentation, event, viewer, clock)}
          userId={viewer?.userId ?? null}
          addToCalendar={
            <AddToCalendar
              slug={event.slug}
              presentationId={presentation._id}
              caller={{ password, token }}
              membersOnly={!event.allowAnonymousAccess}
            />
          }
          plays={playsOf?.(presentation._id) ?? null}
          scheduleToggle={renderScheduleToggle?.(presentation)}
          notice={
            hit && page ? (
              <>
                <SlideHitLink slug={event.slug} name={presentation.name} hit={{ ...hit, page }} />
                {notice}
              </>
            ) : (
              notice
            )
          }
          onLoginRequired={onLoginRequired}
        />
      );
    },
    [
      event,
      showDates,
      isMobile,
      viewer,
      clock,
      password,
      token,
      playsOf,
      renderScheduleToggle,
      renderCardNotice,
      onLoginRequired,
      slideHits,
    ],
  );
  const estimatedHeight = isMobile ? CARD_HEIGHT.phone : CARD_HEIGHT.desktop;
  const list = useMemo(() => {
    const cards = (items: PublicPresentation[]) => (
      <ol className={styles.cards}>
        <ProgressiveItems
          items={items}
          itemKey={presentationKey}
          render={card}
          estimatedHeight={estimatedHeight}
          progressiveFrom={filtering ? FILTERED_PROGRESSIVE_FROM : undefined}
        />
      </ol>
    );
    if (presentations.length === 0)
      return (
        <p className={styles.empty} data-testid="schedule-empty">
          {emptyText ?? t("empty")}
        </p>
      );
    if (visible.length === 0)
      return (
        <p className={styles.empty} data-testid="schedule-no-match">
          {filtering ? t("empty.filtered") : t("empty")}
        </p>
      );
    if (!showDates) return <div className={styles.day}>{cards(visible)}</div>;
    return days.map((day) => (
      <section
        key={day.date}
        ref={day.date === today ? setTodayDay : undefined}
        className={styles.day}
        aria-labelledby={`${titleId}-${day.date}`}
        data-today={day.date === today ? "true" : undefined}
      >
        <DayHeader id={`${titleId}-${day.date}`} number={day.dayNumber} date={day.date} />
        {cards(day.presentations)}
      </section>
    ));
  }, [presentations.length, visible, days, showDates, today, titleId, card, estimatedHeight, filtering, emptyText, t]);

  return (
    <section
      className={styles.schedule}
      aria-labelledby={titleId}
      data-compact={compact ? "true" : undefined}
      data-testid="schedule-list"
    >
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title ?? t("title")}
        </h2>
        {presentations.length > 0 ? (
          <p className={styles.summary} role="status" data-testid="schedule-summary">
            {t("summary", { count: visible.length })}
            {showDates && visible.length > 0 ? ` · ${t("days", { count: days.length })}` : null}
          </p>
        ) : null}
        {slideSearch?.complete === false ? (
          <p className={styles.summary} data-testid="slide-search-partial">
            {t("slide-search.partial")}
          </p>
        ) : null}
      </header>
      {intro}
      {searchable && presentations.length > 0 ? (
        <ScheduleToolbar
          search={search}
          onSearch={setSearch}
          options={options}
          selected={selected}
          onSelect={setSelected}
          withDates={showDates}
        />
      ) : null}

      {list}
      {hasToday ? <TodayJump day={todayDay} /> : null}
    </section>
  );
}
