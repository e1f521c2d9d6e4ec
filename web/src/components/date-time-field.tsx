import { dateLocale } from "@core/schedule/format-dates";
import { type CalendarDateTime, parseDateTime } from "@internationalized/date";
import { useId } from "react";
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
} from "react-aria-components";
import { useTranslation } from "react-i18next";
import styles from "./date-time-field.module.css";
import fieldStyles from "./form-field.module.css";
import { CalendarIcon, ChevronLeftIcon, ChevronRightIcon } from "./icons";

/** A `yyyy-MM-ddTHH:mm` value as a calendar date-time; null when empty or malformed. */
function parseValue(value: string): CalendarDateTime | null {
  try {
    return value ? parseDateTime(value) : null;
  } catch {
    return null;
  }
}

/** A calendar date-time back as `yyyy-MM-ddTHH:mm`. */
function formatValue(value: CalendarDateTime): string {
  const pad = (part: number, width = 2) => String(part).padStart(width, "0");
  return `${pad(value.year, 4)}-${pad(value.month)}-${pad(value.day)}T${pad(value.hour)}:${pad(value.minute)}`;
}

/**
 * A date and time field in the app's language, not the browser's (23/11/2026 10:00 in both), with a
 * calendar to pick the day: react-aria's DatePicker, keyboard and screen-reader ready. Its value is
 * `yyyy-MM-ddTHH:mm` like a `datetime-local` input's; `data-testid` goes on the field and its
 * problem gets the same id with `-error`.
 */
export function DateTimeField({
  label,
  value,
  onChange,
  error,
  required,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  required?: boolean;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const errorId = useId();
  return (
    <I18nProvider locale={dateLocale(i18n.language)}>
      <DatePicker
        className={fieldStyles.field}
        value={parseValue(value)}
        onChange={(next) => onChange(next ? formatValue(next) : "")}
        granularity="minute"
        // The 24-hour clock in both languages, whatever the locale's habit.
        hourCycle={24}
        hideTimeZone
        isRequired={required}
        isInvalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        data-testid={testId}
        data-value={value}
      >
        <Label className={fieldStyles.label}>{label}</Label>
        <Group className={`${fieldStyles.control} ${styles.group}`} data-invalid={error ? "true" : undefined}>
          <DateInput className={styles.input}>
            {(segment) => <DateSegment segment={segment} className={styles.segment} />}
          </DateInput>
          <Button className={styles.open} aria-label={t("date-field.open-calendar")}>
            <CalendarIcon />
          </Button>
        </Group>
        {error ? (
          <p id={errorId} className={fieldStyles.error} data-testid={`${testId}-error`}>
            {error}
          </p>
        ) : null}
        <Popover className={styles.popover} placement="bottom start">
          <Dialog className={styles.dialog}>
            <Calendar className={styles.calendar}>
              <header className={styles.calendarHeader}>
                <Button slot="previous" className={styles.nav}>
                  <ChevronLeftIcon />
                </Button>
                <Heading className={styles.heading} />
                <Button slot="next" className={styles.nav}>
                  <ChevronRightIcon />
                </Button>
              </header>
              <CalendarGrid className={styles.grid}>
                {(date) => <CalendarCell date={date} className={styles.cell} />}
              </CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </DatePicker>
    </I18nProvider>
  );
}
