import { MAX_SLIDE_PAGES } from "@core/versions/status";
import { useTranslation } from "react-i18next";
import { AppLink, useHrefKeepingMode } from "../../components/app-link";
import styles from "./version-row.module.css";
import type { Version } from "./version-schema";

/**
 * Spec §4 status display: success is an Open button to the watch page ('Success' only for option
 * four, which has no video), failed 'Error', pending and processing 'Processing' with the percent
 * and a bar, convert-failed the conversion notice. A failure whose reason the speaker can act on
 * (too many pages…) says that reason instead of 'Error'.
 */
export function VersionStatusBox({ version, watchPath }: { version: Version; watchPath: string }) {
  const { t } = useTranslation("versions");
  const href = useHrefKeepingMode();
  switch (version.status) {
    case "success":
      return version.option === "four" ? (
        <span className={`${styles.status} ${styles.statusSuccess}`} data-testid="version-status">
          {t("status.success")}
        </span>
      ) : (
        <AppLink className={styles.open} href={href(watchPath)} data-testid="version-open">
          {t("status.open")}
        </AppLink>
      );
    case "failed":
      return (
        <span className={`${styles.status} ${styles.statusDanger}`} data-testid="version-status">
          {version.failureReason
            ? t(`status.failed.${version.failureReason}`, { max: MAX_SLIDE_PAGES })
            : t("status.failed")}
        </span>
      );
    case "convert-failed":
      return (
        <span className={`${styles.status} ${styles.statusDanger}`} data-testid="version-status">
          {t("status.convert-failed")}
        </span>
      );
    case "pending":
    case "processing": {
      if (version.waitingForProcessor) {
        return (
          <span className={`${styles.status} ${styles.statusProcessing}`} data-testid="version-status">
            {t("status.waiting-for-processor")}
          </span>
        );
      }
      const percent = Math.min(100, Math.max(0, Math.round(version.percent)));
      return (
        <span className={`${styles.status} ${styles.statusProcessing}`} data-testid="version-status">
          <span>{t("status.processing.percent", { percent })}</span>
          <span
            className={styles.bar}
            role="progressbar"
            aria-label={t("status.processing")}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            data-testid="version-progress"
          >
            <span className={styles.barValue} style={{ width: `${percent}%` }} />
          </span>
        </span>
      );
    }
  }
}
