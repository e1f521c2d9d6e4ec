import { useTranslation } from "react-i18next";
import { CalendarPlusIcon } from "../../components/icons";
import { useFileDownload } from "../../lib/use-file-download";
import styles from "./add-to-calendar.module.css";
import { type CalendarCaller, calendarFileName, calendarPath, fetchCalendarFile } from "./calendar-file";

/**
 * 'Add to calendar': the presentation's .ics file. An anonymous visitor gets a plain download
 * link, which every browser handles (iOS opens it in Calendar); a signed-in member's file is
 * fetched with their token, then saved: a members-only event wants it, and the server then sets
 * the member's reminder (their calendar card's none, 5, 10 or 15 minutes).
 */
export function AddToCalendar({
  slug,
  presentationId,
  caller,
  membersOnly,
}: {
  slug: string;
  presentationId: number;
  caller: CalendarCaller;
  /** The event lets no one in anonymously: its file needs the member's token. */
  membersOnly: boolean;
}) {
  const { t } = useTranslation("schedule");
  const { pending, error, download: downloadFile } = useFileDownload();

  if (!membersOnly && caller.token === null) {
    return (
      <p>
        <a
          className={styles.link}
          href={calendarPath(slug, presentationId, caller.password)}
          download
          data-testid="add-to-calendar"
        >
          <CalendarPlusIcon />
          {t("action.add-to-calendar")}
        </a>
      </p>
    );
  }

  const download = () =>
    downloadFile(() => fetchCalendarFile(slug, presentationId, caller), calendarFileName(slug, presentationId));
  return (
    <div className={styles.download}>
      <button
        type="button"
        className={styles.link}
        onClick={download}
        disabled={pending}
        aria-busy={pending}
        data-testid="add-to-calendar"
      >
        <CalendarPlusIcon />
        {t("action.add-to-calendar")}
      </button>
      {error ? (
        <p className={styles.error} role="alert" data-testid="add-to-calendar-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
