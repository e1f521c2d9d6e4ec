import type { FilterOptions } from "@core/schedule/schedule-search";
import { useTranslation } from "react-i18next";
import type { SelectedFilters } from "../../components/schedule-filter-selects";
import { SearchField } from "../../components/search-field";
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
  // A placeholder cannot wrap: a phone gets the short one, whole, instead of a cut long one.
  const isMobile = useIsMobile();
  return (
    <search className={styles.toolbar}>
      <SearchField
        label={t("search.label")}
        placeholder={t(isMobile ? "search.placeholder-short" : "search.placeholder")}
        value={search}
        onChange={onSearch}
        testId="schedule-search"
      />
      <div className={styles.filters}>
        <FilterSelectsLater options={options} selected={selected} onChange={onSelect} withDates={withDates} />
      </div>
    </search>
  );
}
