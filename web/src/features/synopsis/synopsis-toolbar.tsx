import type { FilterOptions } from "@core/schedule/schedule-search";
import {
  clampZoomIndex,
  SYNOPSIS_BREAKPOINT_PX,
  ZOOM_LEVELS,
  type ZoomIndex,
  zoomLabel,
} from "@core/schedule/synopsis-constants";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Checkbox } from "../../components/checkbox";
import { ChevronDownIcon } from "../../components/icons";
import type { SelectedFilters } from "../../components/schedule-filter-selects";
import { useMediaQuery } from "../../lib/use-media-query";
import { FilterSelectsLater } from "../schedule/filter-selects-later";
import styles from "./synopsis-toolbar.module.css";

/** The synopsis 'All Presentations' / 'My Presentations' select (spec §2). */
export type PresentationScope = "all" | "my-presentations";

/** The 'active quizzes only' switch: usable once the list of active quizzes has arrived. */
export interface ActiveQuizzesFilter {
  ready: boolean;
  /** How many presentations the switch would keep. */
  count: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * The timetable's controls (spec §2 Synopsis): the zoom slider with its percentage, the
 * 'Filter...' text, All / My Presentations, 'active quizzes only' (null: the event has no quiz)
 * and the multi-select filters. On a desktop the zoom, the text and the scope sit on one row at the
 * top right and the other filters fold behind a 'Filters' button; on a phone the text and the
 * scope fold there too, so the timetable starts on the first screen.
 */
export function SynopsisToolbar({
  zoom,
  onZoom,
  text,
  onText,
  scope,
  onScope,
  options,
  selected,
  onSelect,
  activeQuizzes,
}: {
  zoom: ZoomIndex;
  onZoom: (zoom: ZoomIndex) => void;
  text: string;
  onText: (text: string) => void;
  scope: PresentationScope;
  onScope: (scope: PresentationScope) => void;
  options: FilterOptions;
  selected: SelectedFilters;
  onSelect: (selected: SelectedFilters) => void;
  activeQuizzes: ActiveQuizzesFilter | null;
}) {
  const { t, i18n } = useTranslation("synopsis");
  const zoomId = useId();
  const filterId = useId();
  const scopeId = useId();
  const quizHintId = useId();
  const sheetId = useId();
  const phone = useMediaQuery(`(max-width: ${SYNOPSIS_BREAKPOINT_PX - 1}px)`);
  const [sheetOpen, setSheetOpen] = useState(false);
  // What the folded filters hold: on a phone the text and the scope too.
  const moreCount =
    (phone && text.trim() ? 1 : 0) +
    (phone && scope === "my-presentations" ? 1 : 0) +
    (activeQuizzes?.checked ? 1 : 0) +
    selected.speakerIds.length +
    selected.roomIds.length +
    selected.associationIds.length +
    selected.dates.length;
  const percent = new Intl.NumberFormat(i18n.language, { style: "percent" }).format(zoomLabel(ZOOM_LEVELS[zoom]) / 100);

  const textControls = (
    <div className={styles.textControls}>
      <label htmlFor={filterId} className="visually-hidden">
        {t("filter.label")}
      </label>
      <input
        id={filterId}
        type="search"
        className={styles.filter}
        placeholder={t("filter.placeholder")}
        value={text}
        onChange={(change) => onText(change.target.value)}
        autoComplete="off"
        data-testid="synopsis-filter"
      />
      <label htmlFor={scopeId} className="visually-hidden">
        {t("scope.label")}
      </label>
      <select
        id={scopeId}
        className={styles.select}
        value={scope}
        onChange={(change) => onScope(change.target.value === "my-presentations" ? "my-presentations" : "all")}
        data-testid="synopsis-scope"
      >
        <option value="all">{t("scope.all")}</option>
        <option value="my-presentations">{t("scope.mine")}</option>
      </select>
    </div>
  );

  return (
    <div className={styles.toolbar}>
      <div className={styles.controls}>
        <div className={styles.zoom}>
          <label htmlFor={zoomId} className={styles.zoomLabel}>
            {t("zoom.label")}
          </label>
          <input
            id={zoomId}
            type="range"
            className={styles.slider}
            min={0}
            max={ZOOM_LEVELS.length - 1}
            step={1}
            value={zoom}
            aria-valuetext={percent}
            onChange={(change) => onZoom(clampZoomIndex(Number(change.target.value)))}
            data-testid="zoom-slider"
          />
          <output htmlFor={zoomId} className={styles.zoomValue} data-testid="zoom-value">
            {percent}
          </output>
        </div>
        {phone ? null : textControls}
        <button
          type="button"
          className={styles.sheetButton}
          aria-expanded={sheetOpen}
          aria-controls={sheetId}
          onClick={() => setSheetOpen((open) => !open)}
          data-testid="synopsis-filters-button"
        >
          {t("filters.button")}
          {moreCount > 0 ? <span className={styles.count}>{moreCount}</span> : null}
          <ChevronDownIcon />
        </button>
      </div>
      <div id={sheetId} className={styles.filters} hidden={!sheetOpen} data-testid="synopsis-filters">
        {phone ? textControls : null}
        {activeQuizzes ? (
          <>
            <Checkbox
              className={styles.activeQuizzes}
              isSelected={activeQuizzes.checked}
              isDisabled={!activeQuizzes.ready}
              aria-describedby={quizHintId}
              onChange={activeQuizzes.onChange}
              data-testid="active-quizzes"
            >
              {t("active-quizzes.label")}
              {activeQuizzes.ready ? (
                <span className={styles.count} aria-hidden="true" data-testid="active-quizzes-count">
                  {activeQuizzes.count}
                </span>
              ) : null}
            </Checkbox>
            <span id={quizHintId} className="visually-hidden">
              {activeQuizzes.ready
                ? t("active-quizzes.count", { count: activeQuizzes.count })
                : t("active-quizzes.loading")}
            </span>
          </>
        ) : null}
        <FilterSelectsLater options={options} selected={selected} onChange={onSelect} withDates />
      </div>
    </div>
  );
}
