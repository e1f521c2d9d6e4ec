import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Button, IconButton } from "../../components/button";
import { AlertIcon, CheckCircleIcon, CloseIcon } from "../../components/icons";
import { ProgressRing } from "./progress-ring";
import styles from "./upload-status.module.css";

/** Spec §9: a success closes by itself after 5 s, an error after 10 s. */
export const SUCCESS_STATUS_MS = 5_000;
export const ERROR_STATUS_MS = 10_000;

/**
 * Spec §4 upload dialog types: Progress (the ring with its percent), Loading (the files are up,
 * the version is being saved), Success, Error, and wait ('You Have To Wait': not a failure, the
 * version is still being processed).
 */
export type UploadStatusState =
  | { type: "progress"; percent: number }
  | { type: "loading" }
  | { type: "success"; text: string; detail?: string }
  | { type: "error"; text: string; detail?: string }
  | { type: "wait"; text: string };

/**
 * What an upload or a version change is doing, said without blocking the page: `inline` in the
 * flow of the form that started it, or as a `toast` at the bottom of the window. The version rows
 * under it stay in sight, so a processing bar it announces is seen moving. Progress offers Cancel;
 * a result closes by itself after its spec time, or with its close button.
 */
export function UploadStatus({
  state,
  placement,
  onCancel,
  onClose,
  testId = "upload-status",
}: {
  state: UploadStatusState;
  placement: "inline" | "toast";
  onCancel?: () => void;
  onClose: () => void;
  testId?: string;
}) {
  const { t } = useTranslation("versions");
  const closesAfter =
    state.type === "success" || state.type === "wait"
      ? SUCCESS_STATUS_MS
      : state.type === "error"
        ? ERROR_STATUS_MS
        : null;
  useEffect(() => {
    if (closesAfter === null) return;
    const timer = setTimeout(onClose, closesAfter);
    return () => clearTimeout(timer);
  }, [closesAfter, onClose]);

  const className = `${styles.status} ${placement === "toast" ? styles.toast : styles.inline} ${styles[state.type]}`;
  if (state.type === "progress" || state.type === "loading") {
    return (
      <div className={className} role="status" data-state={state.type} data-testid={testId}>
        {/* Loading keeps the ring full: a speaker sees their upload reach 100 % while the version is saved. */}
        <ProgressRing percent={state.type === "progress" ? state.percent : 100} label={t("dialog.progress")} />
        <p className={styles.text}>{t(state.type === "progress" ? "dialog.progress" : "dialog.loading")}</p>
        {state.type === "progress" && onCancel ? (
          <Button variant="secondary" onPress={onCancel} data-testid="upload-cancel">
            {t("action.cancel")}
          </Button>
        ) : null}
      </div>
    );
  }
  const failed = state.type === "error";
  return (
    <div className={className} role={failed ? "alert" : "status"} data-state={state.type} data-testid={testId}>
      {failed || state.type === "wait" ? (
        <AlertIcon className={styles.icon} />
      ) : (
        <CheckCircleIcon className={styles.icon} />
      )}
      <div className={styles.body}>
        <p className={styles.title}>
          {t(failed ? "dialog.error" : state.type === "wait" ? "dialog.wait" : "dialog.success")}
        </p>
        <p className={styles.text}>{state.text}</p>
        {(state.type === "error" || state.type === "success") && state.detail ? (
          <p className={styles.detail}>{state.detail}</p>
        ) : null}
      </div>
      <IconButton
        icon={<CloseIcon />}
        label={t("action.close")}
        className={styles.close}
        onPress={onClose}
        data-testid="upload-status-close"
      />
    </div>
  );
}
