import { useId } from "react";
import { useTranslation } from "react-i18next";
import styles from "./media-field.module.css";

/** A labelled progress bar with the percentage, and a way to stop the upload. */
export function UploadProgress({
  label,
  fraction,
  onCancel,
  testId,
}: {
  label: string;
  fraction: number;
  onCancel?: () => void;
  testId: string;
}) {
  const { t } = useTranslation("quiz-editor");
  const labelId = useId();
  const percent = Math.round(fraction * 100);
  return (
    <div className={styles.progress} data-testid={testId}>
      <div className={styles.progressText}>
        <span id={labelId}>{label}</span>
        <span aria-hidden="true">{t("media.upload.percent", { percent })}</span>
      </div>
      <progress className={styles.progressBar} aria-labelledby={labelId} max={100} value={percent} />
      {onCancel ? (
        <button type="button" className={styles.textButton} onClick={onCancel} data-testid={`${testId}-cancel`}>
          {t("media.upload.cancel")}
        </button>
      ) : null}
    </div>
  );
}
