import { type ChangeEvent, type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../lib/use-api-error-text";
import notes from "./editor-notes.module.css";
import styles from "./media-field.module.css";
import { UploadProgress } from "./upload-progress";
import type { UploadStatus } from "./use-upload";

/**
 * The frame shared by the image and video pickers: the preview (or a placeholder), a button that
 * opens the file chooser, a hint, the upload's progress, and what went wrong. The file input is
 * visually hidden; its label shows the keyboard focus.
 */
export function FilePicker({
  kind,
  accept,
  preview,
  placeholder,
  chooseLabel,
  hint,
  uploadingLabel,
  status,
  choiceProblem,
  onFile,
  onCancel,
}: {
  kind: "image" | "video";
  accept: string;
  preview: ReactNode;
  placeholder: ReactNode;
  chooseLabel: string;
  hint: string;
  uploadingLabel: string;
  status: UploadStatus;
  /** Why the chosen file was refused before any upload, in the reader's language. */
  choiceProblem: string | null;
  onFile: (file: File) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("quiz-editor");
  const errorText = useApiErrorText();
  const inputId = useId();
  const problemId = useId();
  const uploading = status.state === "uploading";
  const problem = status.state === "failed" ? `${t("media.upload.failed")} ${errorText(status.error)}` : choiceProblem;

  function choose(change: ChangeEvent<HTMLInputElement>) {
    const file = change.target.files?.[0];
    // Choosing the same file again must fire a change too.
    change.target.value = "";
    if (file) onFile(file);
  }

  return (
    <div className={styles.picker}>
      <div className={styles.frame}>{preview ?? placeholder}</div>
      <div className={styles.pickerText}>
        <label htmlFor={inputId} className={styles.choose} data-disabled={uploading || undefined}>
          {chooseLabel}
        </label>
        <input
          id={inputId}
          type="file"
          accept={accept}
          className="visually-hidden"
          onChange={choose}
          disabled={uploading}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          data-testid={`question-${kind}-input`}
        />
        <p className={notes.hint}>{hint}</p>
        {status.state === "uploading" ? (
          <UploadProgress
            label={uploadingLabel}
            fraction={status.fraction}
            onCancel={onCancel}
            testId={`question-${kind}-progress`}
          />
        ) : null}
        {problem ? (
          <p id={problemId} className={notes.problem} role="alert" data-testid={`question-${kind}-problem`}>
            {problem}
          </p>
        ) : null}
      </div>
    </div>
  );
}
