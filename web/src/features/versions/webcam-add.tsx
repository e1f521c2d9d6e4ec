import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { AlertIcon, VideoCameraIcon } from "../../components/icons";
import { asApiError } from "../../lib/api";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { UploadStatus, type UploadStatusState } from "./upload-status";
import { type UploadAccess, useUploadRun } from "./use-upload-run";
import styles from "./version-row.module.css";
import type { Version } from "./version-schema";
import { addWebcam } from "./versions-api";

/** Spec §9: the webcam upload's progress closes about 8 s after Save, then the result shows. */
export const WEBCAM_PROGRESS_MS = 8_000;

/**
 * Spec §4 option two's webcam flow: confirm, choose a local video, Save, upload with its percent,
 * then (no sooner than 8 s after Save) the result; the version is processed again with it. The
 * server takes an online version offline for that (docs/versions.md): the flow says so before
 * (beside the button and in the confirmation) and after (its result, and the row's note).
 */
export function WebcamAdd({
  versionId,
  available,
  online,
  access,
  onVersions,
  onResult,
  onTakenOffline,
}: {
  versionId: string;
  /**
   * Whether a webcam may be added now (a successful version without one). The flow stays mounted
   * when it stops being so, mid-flow: the room reports the version processing again before the
   * result is due, and the result must still be said.
   */
  available: boolean;
  /** Whether the version is online now: adding a webcam takes it offline, which is said before and after. */
  online: boolean;
  access: UploadAccess;
  onVersions: (versions: Version[]) => void;
  onResult: (result: UploadStatusState) => void;
  onTakenOffline: () => void;
}) {
  const { t } = useTranslation("versions");
  const errorText = useApiErrorText();
  const input = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState<UploadStatusState | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const run = useUploadRun(access);
  const closeStatus = useCallback(() => setStatus(null), []);
  const [pendingResult, setPendingResult] = useState<{ at: number; state: UploadStatusState } | null>(null);

  useEffect(() => {
    if (!pendingResult) return;
    const timer = setTimeout(
      () => {
        setPendingResult(null);
        run.reset();
        setStatus(null);
        onResult(pendingResult.state);
      },
      Math.max(0, pendingResult.at - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [pendingResult, run.reset, onResult]);

  const save = async () => {
    if (!file) return;
    const showAt = Date.now() + WEBCAM_PROGRESS_MS;
    const finish = (state: UploadStatusState) => setPendingResult({ at: showAt, state });
    setStatus({ type: "progress", percent: 0 });
    try {
      const [uploadId] = await run.upload([{ file, kind: "video" }]);
      if (!uploadId) return;
      onVersions(await addWebcam(access.presentationId, versionId, uploadId, access.token));
      setFile(null);
      if (online) onTakenOffline();
      finish({ type: "success", text: t(online ? "webcam.success.offline" : "webcam.success") });
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
      finish({ type: "error", text: t("upload.error"), detail: errorText(asApiError(error)) });
    }
  };

  // Mid-flow the version stops being one a webcam may be added to: only the flow's status stays.
  if (!available && status === null && pendingResult === null) return null;
  return (
    <div className={styles.webcam}>
      {available ? (
        <>
          {online ? (
            <p className={styles.warning} data-testid="webcam-warning">
              <AlertIcon className={styles.warningIcon} />
              {t("webcam.warning")}
            </p>
          ) : null}
          <button
            type="button"
            className={styles.smallAction}
            onClick={() => setConfirming(true)}
            data-testid="webcam-add"
          >
            <VideoCameraIcon />
            {t("webcam.add")}
          </button>
        </>
      ) : null}
      <input
        ref={input}
        type="file"
        accept="video/*"
        hidden
        data-testid="webcam-file"
        onChange={(change) => {
          const picked = change.currentTarget.files?.[0];
          change.currentTarget.value = "";
          if (!picked) return;
          if (!picked.type.startsWith("video/")) {
            setProblem(t("file.not-video"));
            return;
          }
          setProblem(null);
          setFile(picked);
        }}
      />
      {problem ? (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      ) : null}
      {file ? (
        <p className={styles.webcamChosen}>
          <span>{t("webcam.chosen", { name: file.name })}</span>
          <Button onPress={() => void save()} data-testid="webcam-save">
            {t("action.save")}
          </Button>
        </p>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          question={t(online ? "webcam.question.online" : "webcam.question")}
          yesLabel={t("answer.yes")}
          noLabel={t("answer.no")}
          onYes={() => {
            setConfirming(false);
            // Still within the YES click, so the browser lets the chooser open.
            input.current?.click();
          }}
          onNo={() => setConfirming(false)}
          testId="webcam-confirm"
        />
      ) : null}
      {status ? (
        <UploadStatus
          state={status.type === "progress" ? { type: "progress", percent: run.percent ?? 100 } : status}
          placement="inline"
          onCancel={pendingResult ? undefined : () => setConfirmingCancel(true)}
          onClose={closeStatus}
          testId="webcam-status"
        />
      ) : null}
      {confirmingCancel ? (
        <ConfirmDialog
          question={t("cancel.question")}
          yesLabel={t("answer.yes")}
          noLabel={t("answer.no")}
          onYes={() => {
            setConfirmingCancel(false);
            setStatus(null);
            setFile(null);
            void run.cancel();
          }}
          onNo={() => setConfirmingCancel(false)}
          testId="webcam-cancel-confirm"
        />
      ) : null}
    </div>
  );
}
