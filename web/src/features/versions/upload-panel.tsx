import { VERSION_OPTIONS, type VersionOption } from "@core/versions/options";
import { useCallback, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { asApiError } from "../../lib/api";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { FilePicker } from "./file-picker";
import {
  chooseMode,
  EMPTY_FILES,
  EMPTY_FORM,
  type FileSlot,
  fitsSlot,
  hasFiles,
  missingSlot,
  SLIDES_ACCEPT,
  slotsOf,
  type UploadForm,
} from "./upload-form";
import styles from "./upload-panel.module.css";
import { UploadStatus, type UploadStatusState } from "./upload-status";
import { type UploadAccess, useUploadRun } from "./use-upload-run";
import type { Version } from "./version-schema";
import { createVersion } from "./versions-api";

/** Spec §8/§9: the upload's progress resets 3 s after the save. */
export const UPLOAD_RESET_MS = 3_000;

const SLOT_LABEL = {
  first: { webcam: "file.webcam", video: "file.screen", slides: "file.slides.optional" },
  two: { webcam: "file.webcam", video: "file.video", slides: "file.slides.optional" },
  three: { webcam: "file.webcam", video: "file.combined", slides: "file.slides.optional" },
  four: { webcam: "file.webcam", video: "file.video", slides: "file.slides" },
} as const satisfies Record<VersionOption, Record<FileSlot, string>>;

const MISSING_TEXT = { webcam: "missing.webcam", video: "missing.video", slides: "missing.slides" } as const;

/**
 * Spec §2 upload-version part: the four modes, the pickers of the chosen one, Save (uploads the
 * files through tus, then creates the version) and Cancel. The §4 dialog types (progress, loading,
 * success, error) are said in the panel, not in a modal: the new version's row, under it, shows
 * its processing at once. Only the cancel confirmation is a dialog.
 */
export function UploadPanel({
  access,
  onVersions,
}: {
  access: UploadAccess;
  onVersions: (versions: Version[]) => void;
}) {
  const { t } = useTranslation("versions");
  const errorText = useApiErrorText();
  const titleId = useId();
  const [form, setForm] = useState<UploadForm>(EMPTY_FORM);
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState<UploadStatusState | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const run = useUploadRun(access);
  const closeStatus = useCallback(() => setStatus(null), []);

  useEffect(() => {
    if (savedAt === null) return;
    const timer = setTimeout(() => {
      run.reset();
      setSavedAt(null);
    }, UPLOAD_RESET_MS);
    return () => clearTimeout(timer);
  }, [savedAt, run.reset]);

  const pick = (slot: FileSlot, file: File) => {
    if (!fitsSlot(slot, file)) {
      setProblem(t(slot === "slides" ? "file.not-slides" : "file.not-video"));
      return;
    }
    setProblem(null);
    setForm((current) => ({ ...current, files: { ...current.files, [slot]: file } }));
  };

  const save = async () => {
    const { mode, files } = form;
    if (!mode) return;
    const missing = missingSlot(form);
    if (missing) {
      setProblem(t(MISSING_TEXT[missing]));
      return;
    }
    setProblem(null);
    const chosen = slotsOf(mode).flatMap(({ slot }) => {
      const file = files[slot];
      return file ? [{ slot, file, kind: slot === "slides" ? ("slides" as const) : ("video" as const) }] : [];
    });
    setStatus({ type: "progress", percent: 0 });
    try {
      const ids = await run.upload(chosen);
      setStatus({ type: "loading" });
      const uploaded = Object.fromEntries(chosen.map(({ slot }, index) => [slot, ids[index]]));
      const versions = await createVersion(
        access.presentationId,
        {
          option: mode,
          fileName: files.slides?.name ?? files.video?.name,
          video: uploaded.video,
          webcam: uploaded.webcam,
          slides: uploaded.slides,
        },
        access.token,
      );
      onVersions(versions);
      setForm(EMPTY_FORM);
      setSavedAt(Date.now());
      setStatus(
        mode === "four"
          ? { type: "success", text: t("upload.success.file-only") }
          : { type: "success", text: t("upload.success"), detail: t("upload.success.follow") },
      );
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
      run.reset();
      setStatus({ type: "error", text: t("upload.error"), detail: errorText(asApiError(error)) });
    }
  };

  const cancel = () => {
    if (!hasFiles(form) && run.percent === null) {
      setForm(EMPTY_FORM);
      setProblem(null);
      return;
    }
    setConfirmingCancel(true);
  };
  const confirmCancel = () => {
    setConfirmingCancel(false);
    setStatus(null);
    setProblem(null);
    setForm((current) => ({ ...current, files: EMPTY_FILES }));
    void run.cancel();
  };

  const mode = form.mode;
  const sending = status?.type === "progress" || status?.type === "loading";
  return (
    <section className={styles.panel} aria-labelledby={titleId} data-testid="upload-panel">
      <h2 id={titleId} className={styles.title}>
        {t("upload.title")}
      </h2>
      <fieldset className={styles.modes}>
        <legend className={styles.legend}>{t("upload.modes")}</legend>
        {VERSION_OPTIONS.map((option) => (
          <button
            key={option}
            type="button"
            className={styles.mode}
            aria-pressed={form.mode === option}
            disabled={sending}
            onClick={() => {
              setProblem(null);
              setForm((current) => chooseMode(current, option));
            }}
            data-testid={`mode-${option}`}
          >
            <span className={styles.modeName}>{t(`mode.${option}`)}</span>
            <span className={styles.modeText}>{t(`mode.${option}.text`)}</span>
          </button>
        ))}
      </fieldset>
      {mode ? (
        <div className={styles.files}>
          {slotsOf(mode).map(({ slot }) => (
            <FilePicker
              key={slot}
              label={t(SLOT_LABEL[mode][slot])}
              accept={slot === "slides" ? SLIDES_ACCEPT : "video/*"}
              file={form.files[slot]}
              onPick={(file) => pick(slot, file)}
              testId={`file-${slot}`}
            />
          ))}
          {problem ? (
            <p className={styles.problem} role="alert" data-testid="upload-problem">
              {problem}
            </p>
          ) : null}
          <div className={styles.actions}>
            <Button variant="secondary" onPress={cancel} data-testid="upload-form-cancel">
              {t("action.cancel")}
            </Button>
            <Button onPress={() => void save()} isDisabled={sending} data-testid="upload-save">
              {t("action.save")}
            </Button>
          </div>
        </div>
      ) : null}
      {status ? (
        <UploadStatus
          state={status.type === "progress" ? { type: "progress", percent: run.percent ?? 0 } : status}
          placement="inline"
          onCancel={cancel}
          onClose={closeStatus}
        />
      ) : null}
      {confirmingCancel ? (
        <ConfirmDialog
          question={t("cancel.question")}
          yesLabel={t("answer.yes")}
          noLabel={t("answer.no")}
          onYes={confirmCancel}
          onNo={() => setConfirmingCancel(false)}
          testId="cancel-confirm"
        />
      ) : null}
    </section>
  );
}
