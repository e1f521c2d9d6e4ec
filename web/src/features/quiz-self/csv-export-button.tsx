import { useTranslation } from "react-i18next";
import type { EventCaller } from "../../app-state/event-caller";
import { DownloadIcon } from "../../components/icons";
import { useFileDownload } from "../../lib/use-file-download";
import styles from "./csv-export-button.module.css";
import { fetchResultsCsv } from "./self-paced-api";

/**
 * Export CSV, for moderators and the presentation's own speaker: the file is fetched with the
 * session's token (a plain link could not send it) and the event's password when it has one,
 * then saved as `quiz-results-<id>.csv`.
 */
export function CsvExportButton({ presentationId, caller }: { presentationId: number; caller: EventCaller }) {
  const { t } = useTranslation("quiz-self");
  const { pending, error, download } = useFileDownload();
  const exportCsv = () => download(() => fetchResultsCsv(presentationId, caller), `quiz-results-${presentationId}.csv`);
  return (
    <div className={styles.export}>
      <button
        type="button"
        className={styles.button}
        onClick={exportCsv}
        disabled={pending}
        aria-busy={pending}
        data-testid="quiz-results-export"
      >
        <DownloadIcon />
        {t("results.export")}
      </button>
      {error ? (
        <p className={styles.error} role="alert" data-testid="quiz-results-export-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
