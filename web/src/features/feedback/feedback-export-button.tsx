import { useTranslation } from "react-i18next";
import type { EventCaller } from "../../app-state/event-caller";
import { DownloadIcon } from "../../components/icons";
import { useFileDownload } from "../../lib/use-file-download";
import styles from "./feedback.module.css";
import { fetchFeedbackCsv } from "./feedback-api";

/** Moderators: every rating of the event as `feedback-<slug>.csv`, fetched with the session's token. */
export function FeedbackExportButton({
  eventId,
  slug,
  caller,
}: {
  eventId: number;
  slug: string;
  caller: EventCaller;
}) {
  const { t } = useTranslation("feedback");
  const { pending, error, download } = useFileDownload();
  return (
    <div className={styles.export}>
      <button
        type="button"
        className={styles.exportButton}
        onClick={() => download(() => fetchFeedbackCsv(eventId, caller), `feedback-${slug}.csv`)}
        disabled={pending}
        aria-busy={pending}
        data-testid="feedback-export"
      >
        <DownloadIcon />
        {t("export")}
      </button>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
