import { useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import styles from "./upload-panel.module.css";

/**
 * One file input shown as a labelled button with the chosen file's name. `accept` filters the
 * browser's chooser; `onPick` judges the file again (a chooser's filter can be bypassed).
 */
export function FilePicker({
  label,
  accept,
  file,
  onPick,
  testId,
}: {
  label: string;
  accept: string;
  file: File | null;
  onPick: (file: File) => void;
  testId: string;
}) {
  const { t } = useTranslation("versions");
  const input = useRef<HTMLInputElement>(null);
  const nameId = useId();
  return (
    <div className={styles.picker}>
      <span className={styles.pickerLabel}>{label}</span>
      <div className={styles.pickerRow}>
        <button
          type="button"
          className={styles.pickerButton}
          onClick={() => input.current?.click()}
          aria-describedby={nameId}
        >
          {t(file ? "file.change" : "file.choose")}
          <span className="visually-hidden">: {label}</span>
        </button>
        <span id={nameId} className={file ? styles.fileName : styles.noFile}>
          {file ? file.name : t("file.none")}
        </span>
      </div>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        data-testid={testId}
        onChange={(change) => {
          const picked = change.currentTarget.files?.[0];
          // Emptied, so choosing the same file again is a change too.
          change.currentTarget.value = "";
          if (picked) onPick(picked);
        }}
      />
    </div>
  );
}
