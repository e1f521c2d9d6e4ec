import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { AlertIcon, PlayCircleIcon } from "../../components/icons";
import styles from "./watch-page.module.css";

/** The player's place while the video loads, when there is none ('No video'), or when loading failed. */
export function WatchState({ kind, onRetry }: { kind: "loading" | "none" | "failed"; onRetry: () => void }) {
  const { t } = useTranslation("watch");
  if (kind === "loading") {
    return (
      <div className={styles.state} role="status" data-testid="watch-loading">
        <span className={styles.spinner} aria-hidden="true" />
        {t("state.loading")}
      </div>
    );
  }
  if (kind === "none") {
    return (
      <div className={styles.state} data-testid="watch-no-video">
        <PlayCircleIcon className={styles.stateIcon} />
        {t("state.no-video")}
      </div>
    );
  }
  return (
    <div className={styles.state} role="alert" data-testid="watch-failed">
      <AlertIcon className={styles.stateIcon} />
      <p>{t("state.failed")}</p>
      <Button onPress={onRetry} data-testid="watch-retry">
        {t("state.retry")}
      </Button>
    </div>
  );
}
