import type { FilterOptions } from "@core/schedule/schedule-search";
import { type ComponentProps, lazy, memo, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { ChevronDownIcon } from "../../components/icons";
import styles from "../../components/multi-select.module.css";
import type { SelectedFilters } from "../../components/schedule-filter-selects";

/** No filter chosen: everything shows. (Here, not imported, so the filters' code stays out of the first paint.) */
export const NO_FILTERS: SelectedFilters = { speakerIds: [], roomIds: [], associationIds: [], dates: [] };

// The filters' lists (react-aria's popover and list box, about 50 KB compressed) are not needed
// to show a schedule: their code loads as the page first renders, not before it.
const ScheduleFilterSelects = lazy(() =>
  import("../../components/schedule-filter-selects").then((module) => ({ default: module.ScheduleFilterSelects })),
);

type FilterSelectsProps = ComponentProps<typeof ScheduleFilterSelects>;

/**
 * The schedule's and the synopsis's filters, with look-alike buttons in their place while their
 * code loads. Memoized: typing in the search next to them does not rebuild their option lists.
 */
export const FilterSelectsLater = memo(function FilterSelectsLater(props: FilterSelectsProps) {
  return (
    <Suspense fallback={<FilterButtonsPlaceholder options={props.options} withDates={props.withDates} />}>
      <ScheduleFilterSelects {...props} />
    </Suspense>
  );
});

/** The same buttons, inert, so nothing moves when the real ones replace them. */
function FilterButtonsPlaceholder({ options, withDates }: { options: FilterOptions; withDates: boolean }) {
  const { t } = useTranslation("schedule");
  const shown = [
    options.show.speakers ? t("filter.speakers") : null,
    options.show.rooms ? t("filter.rooms") : null,
    options.show.associations ? t("filter.associations") : null,
    withDates && options.show.dates ? t("filter.dates") : null,
  ].filter((label) => label !== null);
  return shown.map((label) => (
    <span key={label} className={styles.button} aria-hidden="true">
      <span>{label}</span>
      <ChevronDownIcon className={styles.chevron} />
    </span>
  ));
}
