import type { FilterOptions } from "@core/schedule/schedule-search";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { SearchIcon } from "../../components/icons";
import type { SelectedFilters } from "../../components/schedule-filter-selects";
import { useIsMobile } from "../../lib/use-media-query";
import { FilterSelectsLater } from "./filter-selects-later";
import styles from "./schedule-toolbar.module.css";

/** The schedule's search box and its multi-select filters (spec §2, §7). */
export function ScheduleToolbar({
  search,
  onSearch,
  options,
  selected,
  onSelect,
  withDates,
}: {
  search: string;
  onSearch: (text: string) => void;
  options: FilterOptions;
  selected: SelectedFilters;
  onSelect: (selected: SelectedFilters) => void;
  withDates: boolean;
}) {
  const { t } = useTranslation("schedule");
  const searchId = useId();
  // A placeholder cannot wrap: a phone gets the short one, whole, instead of a cut long one.
  const isMobile = useIsMobile();
  return (
    <search className={styles.toolbar}>
      <div className={styles.search}>
        <label htmlFor={searchId} className="visually-hidden">
          {t("search.label")}
        </label>
        <SearchIcon className={styles.searchIcon} />
        <input
          id={searchId}
          type="search"
          className={styles.searchInput}
          placeholder={t(isMobile ? "search.placeholder-short" : "search.placeholder")}
          value={search}
          onChange={(change) => onSearch(change.target.value)}
          autoComplete="off"
          data-testid="schedule-search"
        />
      </div>
      <div className={styles.filters}>
        <FilterSelectsLater options={options} selected={selected} onChange={onSelect} withDates={withDates} />
      </div>
    </search>
  );
}
