import { useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import buttons from "../../components/button.module.css";
import { AlertIcon, CheckCircleIcon } from "../../components/icons";
import { ModalDialog } from "../../components/modal-dialog";
import { ProgressRing } from "./progress-ring";
import styles from "./upload-dialog.module.css";

/** Spec §9: a success closes by itself after 5 s, an error after 10 s. */
export const SUCCESS_DIALOG_MS = 5_000;
export const ERROR_DIALOG_MS = 10_000;

/**
 * Spec §4 upload dialog types. Its Loading step is the progress ring standing full while the
 * version is saved (a separate spinner replaced the ring before it could show 100 %).
 */
export type UploadDialogState =
  | { type: "progress"; percent: number }
  | { type: "success"; text: string }
  | { type: "error"; text: string; detail?: string };

/**
 * The dialog of an upload or a version change. Progress offers Cancel; a result closes by itself
 * after its spec time, or with its Close button or Escape.
 */
export function UploadDialog({
  state,
  onCancel,
  onClose,
}: {
  state: UploadDialogState;
  onCancel?: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("versions");
  const titleId = useId();
  const closesAfter = state.type === "success" ? SUCCESS_DIALOG_MS : state.type === "error" ? ERROR_DIALOG_MS : null;
  useEffect(() => {
    if (closesAfter === null) return;
    const timer = setTimeout(onClose, closesAfter);
    return () => clearTimeout(timer);
  }, [closesAfter, onClose]);

  if (state.type === "progress") {
    return (
      <ModalDialog labelledBy={titleId} onDismiss={onCancel} className={styles.dialog} testId={`dialog-${state.type}`}>
        <h2 id={titleId} className={styles.title}>
          {t("dialog.progress")}
        </h2>
        <ProgressRing percent={state.percent} label={t("dialog.progress")} />
        {onCancel ? (
          <button type="button" className={styles.secondary} onClick={onCancel} data-testid="upload-cancel">
            {t("action.cancel")}
          </button>
        ) : null}
      </ModalDialog>
    );
  }
  const failed = state.type === "error";
  return (
    <ModalDialog labelledBy={titleId} onDismiss={onClose} className={styles.dialog} testId={`dialog-${state.type}`}>
      {failed ? (
        <AlertIcon className={`${styles.resultIcon} ${styles.danger}`} />
      ) : (
        <CheckCircleIcon className={`${styles.resultIcon} ${styles.success}`} />
      )}
      <h2 id={titleId} className={styles.title}>
        {t(failed ? "dialog.error" : "dialog.success")}
      </h2>
      <p className={styles.text} role={failed ? "alert" : "status"}>
        {state.text}
      </p>
      {failed && state.detail ? <p className={styles.detail}>{state.detail}</p> : null}
      <button type="button" className={buttons.primary} onClick={onClose} data-testid="dialog-close">
        {t("action.close")}
      </button>
    </ModalDialog>
  );
}
