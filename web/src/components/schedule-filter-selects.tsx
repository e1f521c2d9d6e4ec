import { formatLongDate } from "@core/schedule/format-dates";
import type { FilterOptions } from "@core/schedule/schedule-search";
import { speakerName } from "@core/schedule/speaker-name";
import { useTranslation } from "react-i18next";
import { MultiSelect } from "./multi-select";

/** The values chosen in the speakers, rooms, associations and dates filters; empty lists restrict nothing. */
export interface SelectedFilters {
  speakerIds: number[];
  roomIds: number[];
  associationIds: number[];
  /** yyyy-MM-dd */
  dates: string[];
}

export const NO_SELECTED_FILTERS: SelectedFilters = { speakerIds: [], roomIds: [], associationIds: [], dates: [] };

/**
 * The multi-select filters of the schedule and the synopsis (spec §2), each shown only when it has
 * more than one option (`filterOptions(...).show`). The dates filter can be left out (viewmode=virtual).
 */
export function ScheduleFilterSelects({
  options,
  selected,
  onChange,
  withDates,
}: {
  options: FilterOptions;
  selected: SelectedFilters;
  onChange: (selected: SelectedFilters) => void;
  withDates: boolean;
}) {
  const { t, i18n } = useTranslation("schedule");
  const labels = {
    speakers: t("filter.speakers"),
    rooms: t("filter.rooms"),
    associations: t("filter.associations"),
    dates: t("filter.dates"),
    clear: t("filter.clear"),
  };
  const formatDate = (date: string) => formatLongDate(date, i18n.language);
  return (
    <>
      {options.show.speakers ? (
        <MultiSelect
          label={labels.speakers}
          clearLabel={labels.clear}
          options={options.speakers.map((speaker) => ({ value: speaker._id, label: speakerName(speaker) }))}
          selected={selected.speakerIds}
          onChange={(speakerIds) => onChange({ ...selected, speakerIds })}
          testId="filter-speakers"
        />
      ) : null}
      {options.show.rooms ? (
        <MultiSelect
          label={labels.rooms}
          clearLabel={labels.clear}
          options={options.rooms.map((room) => ({ value: room._id, label: room.name }))}
          selected={selected.roomIds}
          onChange={(roomIds) => onChange({ ...selected, roomIds })}
          testId="filter-rooms"
        />
      ) : null}
      {options.show.associations ? (
        <MultiSelect
          label={labels.associations}
          clearLabel={labels.clear}
          options={options.associations.map((association) => ({ value: association._id, label: association.name }))}
          selected={selected.associationIds}
          onChange={(associationIds) => onChange({ ...selected, associationIds })}
          testId="filter-associations"
        />
      ) : null}
      {withDates && options.show.dates ? (
        <MultiSelect
          label={labels.dates}
          clearLabel={labels.clear}
          options={options.dates.map((date) => ({ value: date, label: formatDate(date) }))}
          selected={selected.dates}
          onChange={(dates) => onChange({ ...selected, dates })}
          testId="filter-dates"
        />
      ) : null}
    </>
  );
}
